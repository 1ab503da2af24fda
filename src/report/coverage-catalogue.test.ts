import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { COVERAGE_CATALOGUE } from './coverage-catalogue.js';

it('is what the coverage table of docs/report.md lists, id by id, with the same source and words', () => {
  const page = readFileSync('docs/report.md', 'utf8');
  const rows = [...page.matchAll(/^\| `([a-z_.]+)` \| (requests|deliveries) \| (.*) \|$/gm)].map(
    ([, id, source, text]) => `${id} ${source} ${text}`,
  );
  expect(rows).toEqual(COVERAGE_CATALOGUE.map((s) => `${s.id} ${s.source} ${s.description}`));
});

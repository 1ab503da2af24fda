import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseScenario } from '../src/scenarios/load-scenario.js';

/** The fenced block of `file` between `<!-- name:start -->` and `<!-- name:end -->`. */
function marked(file: string, name: string, lang: string): string | undefined {
  const text = readFileSync(file, 'utf8');
  return new RegExp(
    `<!-- ${name}:start -->\\s*\`\`\`${lang}\\n([\\s\\S]*?)\`\`\`\\s*<!-- ${name}:end -->`,
  ).exec(text)?.[1];
}

it('shows test/quickstart.test.ts in the README exactly as it runs', () => {
  expect(marked('README.md', 'quickstart', 'ts')).toBe(
    readFileSync('test/quickstart.test.ts', 'utf8'),
  );
});

it('shows test/example.test.ts in docs/programmatic.md exactly as it runs', () => {
  expect(marked('docs/programmatic.md', 'example', 'ts')).toBe(
    readFileSync('test/example.test.ts', 'utf8'),
  );
});

it('shows examples/follow-order.ts (the ws package, for Node 20) in docs/streams.md exactly as it runs', () => {
  expect(marked('docs/streams.md', 'follow-order', 'ts')).toBe(
    readFileSync('examples/follow-order.ts', 'utf8'),
  );
});

it('shows a scenario example in docs/scenarios.md that is valid, every part of it', () => {
  const page = readFileSync('docs/scenarios.md', 'utf8');
  const block = /The format, with every part:\s*```yaml\n([\s\S]*?)```/.exec(page)?.[1];
  const scenario = parseScenario(parse(block ?? '') as unknown, 'docs/scenarios.md');
  expect(scenario.script).toHaveLength(5);
  expect(scenario.orders).toHaveLength(1);
  expect(scenario.drivers.list).toHaveLength(1);
});

/**
 * `npm run generate`: writes what is generated from the error catalogue (src/errors/catalogue.ts):
 * the reason table of docs/errors.md (between its `reasons` markers) and the `ErrorReason` enums of
 * openapi/v1.yaml (the reasons /v1 answers) and openapi/sandbox.yaml (every reason).
 * src/errors/catalogue.test.ts fails when either is stale.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { format } from 'prettier';
import { parseDocument } from 'yaml';
import { reasonsOf, reasonTable } from '../src/errors/reason-table.js';
import type { Surface } from '../src/errors/catalogue.js';

export const REASON_MARKERS = ['<!-- reasons:start -->', '<!-- reasons:end -->'] as const;

/** The page (docs/errors.md) with its reason table replaced. */
export function withReasonTable(page: string): string {
  const [start, end] = REASON_MARKERS;
  const from = page.indexOf(start);
  const to = page.indexOf(end);
  if (from < 0 || to < from)
    throw new Error(`docs/errors.md needs the markers ${start} and ${end}`);
  return `${page.slice(0, from + start.length)}\n${reasonTable()}\n${page.slice(to)}`;
}

/** An OpenAPI document's text with its `ErrorReason` schema set to the reasons of `surface`. */
export async function withReasonEnum(yamlText: string, surface: Surface): Promise<string> {
  const doc = parseDocument(yamlText);
  doc.setIn(['components', 'schemas', 'ErrorReason'], {
    description:
      'A finer, machine-readable cause (null for a plain validation failure). Generated from src/errors/catalogue.ts.',
    type: ['string', 'null'],
    enum: [null, ...reasonsOf(surface)],
  });
  return format(doc.toString({ lineWidth: 0 }), {
    parser: 'yaml',
    printWidth: 100,
    singleQuote: true,
  });
}

if (process.argv[1]?.endsWith('generate-reference.ts')) {
  writeFileSync('docs/errors.md', withReasonTable(readFileSync('docs/errors.md', 'utf8')));
  for (const [file, surface] of [
    ['openapi/v1.yaml', 'v1'],
    ['openapi/sandbox.yaml', 'control'],
  ] as const) {
    writeFileSync(file, await withReasonEnum(readFileSync(file, 'utf8'), surface));
  }
  console.log(
    'wrote docs/errors.md (reason table), openapi/v1.yaml and openapi/sandbox.yaml (ErrorReason)',
  );
}

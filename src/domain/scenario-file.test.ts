import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

const generated = readFileSync(new URL('./scenario-file.generated.ts', import.meta.url), 'utf8');

it('scenario-file.generated.ts is up to date with scenarios/schema.json (else: npm run generate)', async () => {
  const script = new URL('../../scripts/generate-types.mjs', import.meta.url).href;
  const { generateTypes } = (await import(script)) as { generateTypes: () => Promise<string> };
  expect(generated, 'stale: run npm run generate and commit the result').toBe(
    await generateTypes(),
  );
});

it('generates closed object types, each declared once', () => {
  // additionalProperties: false throughout the schema, so no catch-all index signatures...
  expect(generated).not.toContain('[k: string]: unknown');
  // ...and no second copy of a $defs type (LatLng1), as a $ref beside a default would give.
  expect(generated).not.toMatch(/^export (interface|type) \w+\d+\b/m);
});

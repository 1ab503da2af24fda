import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

const generated = readFileSync(
  new URL('../dashboard/src/api.generated.ts', import.meta.url),
  'utf8',
);

// The dashboard types its reads with the published documents' schemas (dashboard/src/types.ts);
// `npm run typecheck` then fails when a response shape changes under the page.
it('dashboard/src/api.generated.ts is up to date with the OpenAPI and AsyncAPI documents (else: npm run generate)', async () => {
  const script = new URL('../scripts/generate-dashboard-types.mjs', import.meta.url).href;
  const { generateDashboardTypes } = (await import(script)) as {
    generateDashboardTypes: () => Promise<string>;
  };
  expect(generated, 'stale: run npm run generate and commit the result').toBe(
    await generateDashboardTypes(),
  );
});

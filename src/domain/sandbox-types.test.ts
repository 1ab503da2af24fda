import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

const generated = readFileSync(new URL('./sandbox-types.generated.ts', import.meta.url), 'utf8');

// openapi-typescript over both documents: ~3.5 s alone, past vitest's 20 s on a busy machine.
it(
  'sandbox-types.generated.ts is up to date with openapi/sandbox.yaml and v1.yaml (else: npm run generate)',
  { timeout: 90_000 },
  async () => {
    const script = new URL('../../scripts/generate-sandbox-types.mjs', import.meta.url).href;
    const { generateSandboxTypes } = (await import(script)) as {
      generateSandboxTypes: () => Promise<string>;
    };
    expect(generated, 'stale: run npm run generate and commit the result').toBe(
      await generateSandboxTypes(),
    );
  },
);

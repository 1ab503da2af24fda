import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

it('shows test/example.test.ts in the README exactly as it runs', () => {
  const readme = readFileSync('README.md', 'utf8');
  const block = /<!-- example:start -->\s*```ts\n([\s\S]*?)```\s*<!-- example:end -->/.exec(
    readme,
  )?.[1];
  expect(block).toBe(readFileSync('test/example.test.ts', 'utf8'));
});

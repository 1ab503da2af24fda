import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseScenario } from '../src/scenarios/load-scenario.js';

it('shows test/example.test.ts in the README exactly as it runs', () => {
  const readme = readFileSync('README.md', 'utf8');
  const block = /<!-- example:start -->\s*```ts\n([\s\S]*?)```\s*<!-- example:end -->/.exec(
    readme,
  )?.[1];
  expect(block).toBe(readFileSync('test/example.test.ts', 'utf8'));
});

it('shows a scenario example in the README that is valid, every part of it', () => {
  const readme = readFileSync('README.md', 'utf8');
  const block = /The format, with every part:\s*```yaml\n([\s\S]*?)```/.exec(readme)?.[1];
  const scenario = parseScenario(parse(block ?? '') as unknown, 'README.md');
  expect(scenario.script).toHaveLength(5);
  expect(scenario.orders).toHaveLength(1);
  expect(scenario.drivers.list).toHaveLength(1);
});

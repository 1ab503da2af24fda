import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { bundledScenarioNames, loadBundledScenario } from '../src/scenarios/load-scenario.js';

/** The key table of docs/accounts.md as `scenario account key kind` lines. */
function readmeKeys(): string[] {
  const page = readFileSync('docs/accounts.md', 'utf8');
  const section = /# Test keys, accounts and payment methods([\s\S]*?)\n## /.exec(page)?.[1] ?? '';
  return [
    ...section.matchAll(/^\| `([^`]+)` \| `([^`]+)` \| `([^`]+)` \| (read-write|read-only)/gm),
  ].map(([, scenario, account, key, kind]) => `${scenario} ${account} ${key} ${kind}`);
}

it('lists every key of every bundled scenario in the key table of docs/accounts.md, and no other', () => {
  const keys = bundledScenarioNames().flatMap((name) =>
    loadBundledScenario(name).accounts.flatMap((a) =>
      a.api_keys.map(
        (key) => `${name} ${a.id} ${key} ${key.startsWith('rk_') ? 'read-only' : 'read-write'}`,
      ),
    ),
  );
  expect(readmeKeys().sort()).toEqual(keys.sort());
});

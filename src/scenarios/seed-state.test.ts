import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { packagePath } from '../paths.js';
import { bundledScenarioNames, loadBundledScenario, parseScenario } from './load-scenario.js';
import { prebuiltWorldFile, type PrebuiltWorld } from './prebuilt-worlds.js';
import { driversKey, SEED_SLICE, seedState, seedStateInSlices } from './seed-state.js';

const scenario = (seed: string, locale: string) =>
  parseScenario({
    name: 'sliced',
    seed,
    locale,
    accounts: [{ id: 'acct_a', name: 'A', api_keys: ['sk_test_sliced_a'] }],
    drivers: { count: SEED_SLICE * 2 + 7 },
  });

describe('seeding a state in slices', () => {
  it('gives the unsliced state, even with two builds overlapping', async () => {
    const a = scenario('one', 'de');
    const b = scenario('two', 'en_US');
    const [sa, sb] = await Promise.all([seedStateInSlices(a), seedStateInSlices(b)]);
    expect(sa).toEqual(await seedState(a));
    expect(sb).toEqual(await seedState(b));
    expect(sa.drivers).toHaveLength(SEED_SLICE * 2 + 7);
  });
});

describe('seeding a small world again', () => {
  const small = (key: string, count = 25) =>
    parseScenario({
      name: 'small',
      seed: 'kept',
      accounts: [{ id: 'acct_a', name: 'A', api_keys: [key] }],
      drivers: { count },
    });

  it('gives the same state as the first build, with this scenario’s accounts, and shares nothing', async () => {
    const first = await seedStateInSlices(small('sk_test_small_one'));
    first.drivers[0]!.name = 'Changed After The Build';
    first.counters['drv'] = 999;
    const again = await seedStateInSlices(small('sk_test_small_two'));
    expect(again).toEqual(await seedState(small('sk_test_small_two')));
    expect(again.accounts[0]!.api_keys).toEqual(['sk_test_small_two']);
    expect(again.drivers).not.toBe(first.drivers);
    // Other drivers (another count) are built, not taken from the first.
    expect((await seedStateInSlices(small('sk_test_small_one', 3))).drivers).toHaveLength(3);
  });
});

describe('the worlds the build generated for the bundled scenarios', () => {
  it('are the worlds seeding gives, one for each bundled scenario small enough to keep', async () => {
    const names = bundledScenarioNames();
    expect(names.length).toBeGreaterThan(3);
    for (const name of names) {
      const scenario = loadBundledScenario(name);
      const key = driversKey(scenario);
      if (key === undefined) continue;
      // dist/ is built by the suite's global set-up (scripts/build-assets.mjs writes these).
      const file = packagePath('dist', 'seeded-worlds', prebuiltWorldFile(key));
      const built = JSON.parse(readFileSync(file, 'utf8')) as PrebuiltWorld;
      const { counters, drivers } = await seedState(scenario);
      expect(built, name).toEqual({ key, counters, drivers });
    }
  });
});

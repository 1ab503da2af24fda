import { describe, expect, it } from 'vitest';
import { parseScenario } from './load-scenario.js';
import { SEED_SLICE, seedState, seedStateInSlices } from './seed-state.js';

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
    expect(sa).toEqual(seedState(a));
    expect(sb).toEqual(seedState(b));
    expect(sa.drivers).toHaveLength(SEED_SLICE * 2 + 7);
  });
});

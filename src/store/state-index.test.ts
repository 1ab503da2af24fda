import { describe, expect, it } from 'vitest';
import { parseScenario } from '../scenarios/load-scenario.js';
import { seedState } from '../scenarios/seed-state.js';
import { indexStateInSlices } from './state-index.js';
import { Store } from './store.js';

describe('indexes built in slices before a world is installed', () => {
  const state = () =>
    seedState(
      parseScenario({
        name: 'indexed',
        seed: 'indexed',
        accounts: [{ id: 'acct_a', name: 'A', api_keys: ['sk_test_indexed_a'] }],
        drivers: { count: 3000 },
      }),
    );

  it('are the ones the store uses, and one that changed size since is built again', async () => {
    const s = await state();
    const indexes = await indexStateInSlices(s);
    expect(indexes.drivers?.size).toBe(3000);
    // An endpoint added after the indexes were built (a reset keeps the endpoints) is found.
    s.webhook_endpoints.push({
      endpoint_id: 'we_added',
      url: 'http://127.0.0.1:1/hook',
      secret: 'whsec_x',
      events: ['*'],
      status: 'enabled',
      created_at: '2026-01-01T00:00:00.000Z',
    } as (typeof s.webhook_endpoints)[number]);
    const store = Store.inMemory(s, indexes);
    const driver = s.drivers[1234]!;
    expect(store.drivers.get(driver.driver_id)).toBe(driver);
    expect(store.webhookEndpoints.get('we_added')?.url).toBe('http://127.0.0.1:1/hook');
    expect(store.accounts.get('acct_a')?.name).toBe('A');
  });
});

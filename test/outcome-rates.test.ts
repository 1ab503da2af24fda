import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS, TestSandbox } from './support/test-sandbox.js';

/** A lunch rush with its share of trouble: 10 % reassigned, 5 % lost, 5 % late restaurants. */
const rush = (seed: string) => ({
  name: 'trouble-rush',
  seed,
  city: { name: 'San Francisco', center: { lat: 37.7749, lng: -122.4194 }, radius_km: 6 },
  accounts: [{ id: 'acct_acme', api_keys: [KEYS.acme] }],
  drivers: { count: 600 },
  clock: { mode: 'manual', start: '2026-01-01T12:00:00.000Z' },
  outcomes: { driver_reassigned: 0.1, driver_lost: 0.05, pickup_delay: 0.05 },
});

const ORDERS = 200;

describe('scenario outcomes: rates drawn per order from the seed', () => {
  let t: TestSandbox;
  beforeAll(async () => {
    t = await TestSandbox.start();
  });
  afterAll(() => t.close());

  /**
   * Starts the rush under `seed` in a fresh sandbox (ids, and so the draws, belong to a sandbox's
   * first world), creates ORDERS orders, and returns the drawn outcomes by order.
   */
  const draw = async (seed: string): Promise<Record<string, string>> => {
    await t.close();
    t = await TestSandbox.start({ scenario: rush(seed) as any });
    for (let i = 0; i < ORDERS; i++) await t.createOrder();
    const outcomes: Record<string, string> = {};
    // Newest first page, then older ones (ending_before the oldest seen).
    let before: string | undefined;
    for (;;) {
      const page = (
        await t.get(`/__sandbox/orders?limit=100${before ? `&ending_before=${before}` : ''}`)
      ).body;
      Object.assign(outcomes, page.outcomes);
      if (!page.has_more) break;
      before = page.orders[0].order_id;
    }
    return outcomes;
  };
  const count = (o: Record<string, string>, name: string): number =>
    Object.values(o).filter((v) => v === name).length;

  it('gives each outcome about its share of the orders, the same orders under the same seed', async () => {
    const first = await draw('rush-1');
    expect(count(first, 'driver_reassigned') / ORDERS).toBeGreaterThan(0.05);
    expect(count(first, 'driver_reassigned') / ORDERS).toBeLessThan(0.15);
    expect(count(first, 'driver_lost')).toBeGreaterThan(0);
    expect(count(first, 'pickup_delay')).toBeGreaterThan(0);
    expect(Object.keys(first).length / ORDERS).toBeLessThan(0.3);
    expect(await draw('rush-1')).toEqual(first);
    expect(await draw('rush-2')).not.toEqual(first);
  });

  it('runs the drawn outcomes: the lost orders end cancelled by the system, the reassigned ones delivered by a second driver', async () => {
    const outcomes = await draw('rush-1');
    await t.post('/__sandbox/clock/advance', { by: '3h' });
    for (const [id, outcome] of Object.entries(outcomes)) {
      const mine = (await t.get(`/__sandbox/events?order_id=${id}`)).body.events;
      const last = mine.at(-1).data.order;
      if (mine[1].event !== 'order.driver_assigned') continue; // no driver free at all: no drop
      if (outcome === 'driver_lost')
        expect(last.cancellation).toMatchObject({
          cancelled_by: 'system',
          reason: 'driver_unavailable',
        });
      if (outcome === 'driver_reassigned')
        expect(mine.filter((e: any) => e.event === 'order.driver_assigned')).toHaveLength(2);
    }
  });

  it.each([
    [
      'rates that add up to more than 1',
      { outcomes: { driver_reassigned: 0.6, eta_slip: 0.6 } },
      'outcomes: the rates add up to 1.2; they are shares of the orders, so together at most 1',
    ],
    ['a rate above 1', { outcomes: { eta_slip: 2 } }, 'outcomes.eta_slip'],
    ['an unknown outcome', { outcomes: { driver_vanishes: 0.1 } }, 'driver_vanishes'],
    [
      'a location interval under a second',
      { location: { update_interval: '500ms' } },
      'location.update_interval: "500ms" is outside 1s to 10m',
    ],
  ])('refuses a scenario with %s, naming the place and the fix', async (_, part, says) => {
    const res = await t.post('/__sandbox/reset', { scenario: { ...rush('x'), ...part } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain(says);
  });
});

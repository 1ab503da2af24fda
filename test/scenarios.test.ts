import { afterEach, describe, expect, it } from 'vitest';
import { bundledScenarioNames } from '../src/index.js';
import { Receiver } from './support/receiver.js';
import { TestSandbox, BUNDLED_SCENARIOS } from './support/test-sandbox.js';

const running: TestSandbox[] = [];
const start = async (options: Parameters<typeof TestSandbox.start>[0]) => {
  const t = await TestSandbox.start(options);
  running.push(t);
  return t;
};
afterEach(async () => {
  for (const t of running.splice(0)) await t.close();
});

/** Runs a bundled scenario for 90 virtual minutes on a manual clock; returns what happened. */
async function play(name: string) {
  const t = await start({ scenario: name, clock: 'manual' });
  await t.sandbox.clock.advance('90m');
  return {
    events: t.sandbox
      .events()
      .map((e) => [e.created_at, e.event, e.event_id, e.data.order.order_id, e.data.order.status]),
    orders: (await t.get('/__sandbox/orders')).body.orders,
    t,
  };
}

describe('bundled scenarios', () => {
  it('are the six docs/scenarios.md describes', () => {
    expect(bundledScenarioNames()).toEqual(BUNDLED_SCENARIOS);
  });

  it.each(BUNDLED_SCENARIOS)('%s loads and runs its script the same way twice', async (name) => {
    const first = await play(name);
    const second = await play(name);
    expect(second.events).toEqual(first.events);
    expect(second.orders).toEqual(first.orders);
  });

  it('lunch-rush: three waves of orders, a restaurant cancellation, drivers clocking off', async () => {
    const { orders, t } = await play('lunch-rush');
    expect(orders).toHaveLength(12);
    const cancelled = orders.filter((o: any) => o.status === 'cancelled');
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0].cancellation).toMatchObject({
      cancelled_by: 'restaurant',
      reason: 'out_of_stock',
      fee: { amount: 0 },
    });
    expect(cancelled[0].timeline.map((e: any) => e.status)).toEqual([
      'pending',
      'driver_assigned',
      'cancelled',
    ]);
    expect(orders.filter((o: any) => o.status === 'delivered')).toHaveLength(11);
    const offline = (await t.get('/__sandbox/drivers?status=offline')).body.drivers.map(
      (d: any) => d.driver_id,
    );
    expect(offline.sort()).toEqual(['drv_lunchrushA', 'drv_lunchrushB']);
    // A page holds 100 by default: all 302 need a larger one.
    expect((await t.get('/__sandbox/drivers')).body).toMatchObject({ has_more: true });
    expect((await t.get('/__sandbox/drivers?limit=1000')).body.drivers).toHaveLength(302);
  });

  it('no-drivers: the system cancels after 5 minutes, free of charge', async () => {
    const { orders, events } = await play('no-drivers');
    expect(orders).toHaveLength(1);
    expect(orders[0].cancellation).toEqual({
      cancelled_by: 'system',
      reason: 'no_driver_available',
      fee: { amount: 0, currency: 'USD' },
      at: '2026-01-01T12:05:00.000Z',
    });
    expect(events.map((e) => e[1])).toEqual(['order.created', 'order.cancelled']);
  });

  it('two-accounts: each account sees its own orders, in every state, and gets 403 on the other', async () => {
    const t = await start({ scenario: 'two-accounts' });
    const orders = (await t.get('/__sandbox/orders')).body.orders;
    expect(orders.map((o: any) => [o.external_reference, o.status, o.payment.status])).toEqual([
      ['north-1', 'pending', 'unpaid'],
      ['north-2', 'picked_up', 'unpaid'],
      ['north-3', 'delivered', 'paid'],
      ['south-1', 'pending', 'unpaid'],
      ['south-2', 'driver_assigned', 'unpaid'],
      ['south-3', 'cancelled', 'unpaid'],
    ]);
    const north = orders[0].order_id;
    expect((await t.get(`/v1/orders/${north}`, { key: 'sk_test_north_eats' })).status).toBe(200);
    expect((await t.get(`/v1/orders/${north}`, { key: 'rk_test_north_eats' })).status).toBe(200);
    expect((await t.get(`/v1/orders/${north}`, { key: 'sk_test_south_bites' })).status).toBe(403);
    expect(orders[5].cancellation).toMatchObject({
      cancelled_by: 'restaurant',
      reason: 'cancelled_by_restaurant',
    });
    // The history is in the event log but was not sent: no endpoint existed yet.
    expect((await t.get('/__sandbox/events')).body.events.length).toBeGreaterThan(6);
    expect((await t.get('/__sandbox/webhook-deliveries')).body.deliveries).toEqual([]);
  });

  it('flaky-webhooks: the faults show in a receiver and in the log, and nothing is lost', async () => {
    const rx = await Receiver.start();
    try {
      const t = await start({
        scenario: 'flaky-webhooks',
        clock: 'manual',
        webhooks: [{ url: rx.url }],
      });
      await t.sandbox.clock.advance('2h');
      const log = t.sandbox.deliveries();
      const faults = new Set(log.map((a) => a.fault));
      expect(faults).toContain('dropped');
      expect(faults).toContain('duplicate');
      expect(faults).toContain('delayed');
      const sent = new Set(t.sandbox.events().map((e) => e.event_id));
      const received = new Set(rx.received.map((r) => r.body.event_id));
      expect(received).toEqual(sent);
    } finally {
      await rx.close();
    }
  });
});

describe('scripts', () => {
  const base = {
    name: 'scripted',
    seed: 'scripted',
    accounts: [{ id: 'acct_s', api_keys: ['sk_test_scripted'] }],
    drivers: { count: 20 },
    clock: { mode: 'manual' as const, start: '2026-01-01T12:00:00.000Z' },
  };
  const order = {
    pickup: { address: '1 Market St', location: { lat: 37.7793, lng: -122.4193 } },
    dropoff: { address: '2 Market St', location: { lat: 37.7813, lng: -122.4113 } },
  };

  it('lets the restaurant cancel at 12:05', async () => {
    const t = await start({
      scenario: {
        ...base,
        timing: { assign_after: '10m' },
        script: [
          { at: '1m', do: 'create_order', ref: 'lunch', order },
          {
            at: '2026-01-01T12:05:00Z',
            do: 'cancel_order',
            order: 'lunch',
            by: 'restaurant',
            reason: 'kitchen_fire',
          },
        ],
      },
    });
    const { fired } = await t.sandbox.clock.advance('10m');
    expect(fired.map((e) => [e.created_at, e.event])).toEqual([
      ['2026-01-01T12:01:00.000Z', 'order.created'],
      ['2026-01-01T12:05:00.000Z', 'order.cancelled'],
    ]);
    expect(fired[1]!.data.order.cancellation).toMatchObject({
      cancelled_by: 'restaurant',
      reason: 'kitchen_fire',
    });
  });

  it('runs a step after an event, with a delay, and moves orders and drivers', async () => {
    const t = await start({
      scenario: {
        ...base,
        drivers: { list: [{ id: 'drv_only', location: { lat: 37.7749, lng: -122.4194 } }] },
        orders: [{ ref: 'first', order }],
        script: [
          {
            after: { event: 'order.driver_assigned', order: 'first' },
            delay: '10s',
            do: 'advance_order',
            order: 'first',
            to: 'delivered',
          },
          {
            after: { event: 'order.delivered', order: 'first' },
            do: 'driver_offline',
            driver: 'drv_only',
          },
          { at: '1h', do: 'driver_online', driver: 'drv_only' },
        ],
      },
    });
    const { fired } = await t.sandbox.clock.advance('1m');
    expect(fired.map((e) => [e.created_at, e.event])).toEqual([
      ['2026-01-01T12:00:30.000Z', 'order.driver_assigned'],
      ['2026-01-01T12:00:40.000Z', 'order.picked_up'],
      ['2026-01-01T12:00:40.000Z', 'order.delivered'],
    ]);
    expect((await t.get('/__sandbox/drivers')).body.drivers[0].status).toBe('offline');
    await t.sandbox.clock.advance('1h');
    expect((await t.get('/__sandbox/drivers')).body.drivers[0].status).toBe('available');
  });

  it('takes a driver on a trip offline once the trip ends', async () => {
    const t = await start({
      scenario: {
        ...base,
        drivers: { list: [{ id: 'drv_busy', location: { lat: 37.7749, lng: -122.4194 } }] },
        orders: [{ ref: 'o', status: 'driver_assigned', order }],
        script: [{ at: '0s', do: 'driver_offline', driver: 'drv_busy' }],
      },
    });
    await t.sandbox.clock.advance('1s');
    expect((await t.get('/__sandbox/drivers')).body.drivers[0].status).toBe('on_order');
    await t.sandbox.clock.advance('2h');
    expect((await t.get('/__sandbox/drivers')).body.drivers[0]).toMatchObject({
      status: 'offline',
      order_id: null,
    });
  });
});

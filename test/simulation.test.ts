import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { haversineKm } from '../src/domain/geo.js';
import { routeFromPoints } from '../src/domain/route.js';
import { SAMPLE_ORDER, TestSandbox } from './support/test-sandbox.js';

const T0 = Date.parse('2026-01-01T12:00:00.000Z');
const at = (iso: string): number => Date.parse(iso) - T0;

/** One account and `drivers` drivers on a manual clock; everything else as the ci scenario. */
const small = (drivers: number, extra: Record<string, unknown> = {}) => ({
  scenario: {
    name: 'sim',
    seed: 'sim',
    accounts: [{ id: 'acct_sim', api_keys: ['sk_test_simulation'] }],
    drivers: { count: drivers },
    clock: { mode: 'manual' as const, start: '2026-01-01T12:00:00.000Z' },
    ...extra,
  },
});
const KEY = { key: 'sk_test_simulation' };

describe('an order on the manual clock', () => {
  let t: TestSandbox;
  beforeAll(async () => {
    t = await TestSandbox.start();
  });
  afterAll(() => t.close());
  afterEach(async () => {
    await t.post('/__sandbox/reset');
  });

  const advance = async (by: string | number) => {
    const res = await t.post('/__sandbox/clock/advance', { by });
    expect(res.status).toBe(200);
    return res.body as { now: string; fired: any[] };
  };

  it('moves through its whole lifecycle by itself, each step at its ETA', async () => {
    const order = await t.createOrder();
    expect((await advance('29s')).fired).toEqual([]);

    const assigned = await advance('1s');
    expect(assigned.now).toBe('2026-01-01T12:00:30.000Z');
    expect(assigned.fired.map((e) => e.event)).toEqual(['order.driver_assigned']);
    const snapshot = assigned.fired[0].data.order;
    expect(snapshot).toMatchObject({ order_id: order.order_id, status: 'driver_assigned' });
    const { pickup_at, dropoff_at } = snapshot.eta;

    const picked = await advance((at(pickup_at) - 30_000) / 1000);
    expect(picked.now).toBe(pickup_at);
    expect(picked.fired.map((e) => e.event)).toEqual(['order.picked_up']);

    const delivered = await advance((Date.parse(dropoff_at) - Date.parse(pickup_at)) / 1000);
    expect(delivered.fired.map((e) => e.event)).toEqual(['order.delivered']);

    const final = (await t.get(`/v1/orders/${order.order_id}`)).body;
    expect(final.timeline).toEqual([
      { status: 'pending', at: '2026-01-01T12:00:00.000Z' },
      { status: 'driver_assigned', at: '2026-01-01T12:00:30.000Z' },
      { status: 'picked_up', at: pickup_at },
      { status: 'delivered', at: dropoff_at },
    ]);
    expect(final.eta).toEqual({ pickup_at, dropoff_at });
    expect((await advance('1h')).fired).toEqual([]);
  });

  it('reports every event an advance fires, in time order across orders', async () => {
    const a = await t.createOrder();
    await advance('10s');
    const b = await t.createOrder();
    const { fired } = await advance('2h');
    const times = fired.map((e) => Date.parse(e.created_at));
    expect(times).toEqual([...times].sort((x, y) => x - y));
    for (const id of [a.order_id, b.order_id]) {
      expect(fired.filter((e) => e.data.order.order_id === id).map((e) => e.event)).toEqual([
        'order.driver_assigned',
        'order.picked_up',
        'order.delivered',
      ]);
    }
  });

  it('moves the driver along its route: closer every step, on axis-aligned streets, arriving on time', async () => {
    const order = await t.createOrder();
    const { fired } = await advance('30s');
    const eta = fired[0].data.order.eta;
    const path = `/v1/orders/${order.order_id}/location`;
    const samples = [];
    for (;;) {
      const loc = (await t.get(path)).body;
      samples.push(loc);
      if (loc.phase !== 'to_pickup') break;
      await advance('10s'); // the ci scenario's drivers report every 10 s
    }
    const moving = samples.filter((s) => s.phase === 'to_pickup');
    for (let i = 1; i < moving.length; i++) {
      expect(moving[i].distance_remaining_km).toBeLessThan(moving[i - 1].distance_remaining_km);
      expect(moving[i].eta_seconds).toBe(moving[i - 1].eta_seconds - 10);
      expect([0, 90, 180, 270]).toContain((Math.round(moving[i].heading_deg / 90) * 90) % 360);
    }
    const waiting = samples.at(-1);
    expect(waiting.phase).toBe('at_pickup');
    expect(haversineKm(waiting.location, order.pickup.location)).toBeLessThan(0.001);
    // The wait at the pickup lasts pickup_wait (2 minutes), then the order is picked up.
    const arrivedBy = at(waiting.updated_at);
    expect(at(eta.pickup_at) - arrivedBy).toBeLessThanOrEqual(120_000);
    expect(at(eta.pickup_at) - arrivedBy).toBeGreaterThan(120_000 - 10_000);
  });

  it('shows drivers on an order where their trip puts them', async () => {
    const order = await t.createOrder();
    await advance('90s');
    const loc = (await t.get(`/v1/orders/${order.order_id}/location`)).body;
    const drivers = (await t.get('/__sandbox/drivers?status=on_order')).body.drivers;
    expect(drivers).toHaveLength(1);
    expect(drivers[0]).toMatchObject({
      driver_id: loc.driver_id,
      order_id: order.order_id,
      location: loc.location,
    });
    expect((await t.get('/__sandbox/drivers')).body.drivers).toHaveLength(25);
  });

  it('lists orders of every account, filtered by status or account', async () => {
    const a = await t.createOrder();
    const b = await t.createOrder({}, 'sk_test_ci_globex');
    await t.advance(a.order_id);
    expect((await t.get('/__sandbox/orders')).body.orders.map((o: any) => o.order_id)).toEqual([
      a.order_id,
      b.order_id,
    ]);
    expect(
      (await t.get('/__sandbox/orders?status=pending')).body.orders.map((o: any) => o.order_id),
    ).toEqual([b.order_id]);
    expect((await t.get('/__sandbox/orders?account_id=acct_acme')).body.orders).toHaveLength(1);
    expect((await t.get('/__sandbox/orders?status=lost')).status).toBe(400);
  });

  it('cancelling after assignment charges the fee, frees the driver and stops the trip', async () => {
    const order = await t.createOrder();
    const { fired } = await advance('30s');
    const driverId = fired[0].data.order.driver.driver_id;
    const cancelled = (await t.delete(`/v1/orders/${order.order_id}`)).body;
    expect(cancelled.cancellation.fee.amount).toBe(Math.round(order.pricing.delivery_fee / 2));
    const driver = (await t.get('/__sandbox/drivers')).body.drivers.find(
      (d: any) => d.driver_id === driverId,
    );
    expect(driver).toMatchObject({ status: 'available', order_id: null });
    expect((await advance('2h')).fired).toEqual([]);
  });

  it('takes an on-demand advance into account: the schedule follows the new state', async () => {
    const order = await t.createOrder();
    const picked = await t.advance(order.order_id, 'picked_up');
    const { fired } = await advance((at(picked.eta.dropoff_at) - 0) / 1000);
    expect(fired.map((e) => e.event)).toEqual(['order.delivered']);
    expect(fired[0].created_at).toBe(picked.eta.dropoff_at);
  });
});

describe('dispatch when drivers are scarce', () => {
  it('retries every 30 s and assigns the driver as soon as one is free', async () => {
    const t = await TestSandbox.start(
      small(1, { timing: { no_driver_timeout: '1h' }, city: { radius_km: 2 } }),
    );
    try {
      const first = await t.createOrder({}, KEY.key);
      const second = await t.createOrder({}, KEY.key);
      const { fired } = await t.post('/__sandbox/clock/advance', { by: '2h' }).then((r) => r.body);
      const secondEvents = fired.filter((e: any) => e.data.order.order_id === second.order_id);
      const firstDelivered = fired.find(
        (e: any) => e.data.order.order_id === first.order_id && e.event === 'order.delivered',
      );
      expect(secondEvents.map((e: any) => e.event)).toEqual([
        'order.driver_assigned',
        'order.picked_up',
        'order.delivered',
      ]);
      const wait = Date.parse(secondEvents[0].created_at) - Date.parse(firstDelivered.created_at);
      expect(wait).toBeGreaterThanOrEqual(0);
      expect(wait).toBeLessThanOrEqual(30_000);
      expect((Date.parse(secondEvents[0].created_at) - T0) % 30_000).toBe(0);
    } finally {
      await t.close();
    }
  });

  it('cancels as the system with no_driver_available after the timeout', async () => {
    const t = await TestSandbox.start(small(0, { timing: { no_driver_timeout: '5m' } }));
    try {
      const order = await t.createOrder({}, KEY.key);
      expect((await t.post('/__sandbox/clock/advance', { by: '299s' })).body.fired).toEqual([]);
      const { fired } = (await t.post('/__sandbox/clock/advance', { by: '1s' })).body;
      expect(fired.map((e: any) => e.event)).toEqual(['order.cancelled']);
      expect(fired[0].data.order.cancellation).toEqual({
        cancelled_by: 'system',
        reason: 'no_driver_available',
        fee: { amount: 0, currency: 'USD' },
        at: '2026-01-01T12:05:00.000Z',
      });
      expect((await t.get(`/v1/orders/${order.order_id}/location`, KEY)).body.error.reason).toBe(
        'order_finished',
      );
    } finally {
      await t.close();
    }
  });

  it('only assigns drivers within the dispatch radius', async () => {
    const t = await TestSandbox.start(
      small(25, { dispatch: { radius_km: 0.01 }, timing: { no_driver_timeout: '2m' } }),
    );
    try {
      await t.createOrder({}, KEY.key);
      const { fired } = (await t.post('/__sandbox/clock/advance', { by: '3m' })).body;
      expect(fired.map((e: any) => e.event)).toEqual(['order.cancelled']);
    } finally {
      await t.close();
    }
  });
});

describe('the clock control plane', () => {
  let t: TestSandbox;
  beforeAll(async () => {
    t = await TestSandbox.start();
  });
  afterAll(() => t.close());

  it.each([
    [90, '2026-01-01T12:01:30.000Z'],
    ['90s', '2026-01-01T12:03:00.000Z'],
    ['1h30m', '2026-01-01T13:33:00.000Z'],
    ['250ms', '2026-01-01T13:33:00.250Z'],
  ])('advances by %j', async (by, now) => {
    expect((await t.post('/__sandbox/clock/advance', { by })).body.now).toBe(now);
    expect((await t.get('/__sandbox/clock')).body).toEqual({ mode: 'manual', speed: 1, now });
  });

  it.each([['10 minutes'], [-5], ['1x'], [true], [null], [31_622_401]])(
    'refuses by: %j',
    async (by) => {
      const res = await t.post('/__sandbox/clock/advance', { by });
      expect(res.status).toBe(400);
      expect(res.body.error.param).toBe('by');
    },
  );

  it('switches mode and speed without a jump in time', async () => {
    const before = (await t.get('/__sandbox/clock')).body.now;
    const res = await t.request('PUT', '/__sandbox/clock', {
      body: { mode: 'realtime', speed: 1 },
    });
    expect(res.body.mode).toBe('realtime');
    expect(Date.parse(res.body.now) - Date.parse(before)).toBeLessThan(1000);
    expect(
      (await t.request('PUT', '/__sandbox/clock', { body: { mode: 'manual' } })).body.mode,
    ).toBe('manual');
    expect((await t.request('PUT', '/__sandbox/clock', { body: {} })).status).toBe(400);
    expect((await t.request('PUT', '/__sandbox/clock', { body: { speed: 0 } })).status).toBe(400);
  });
});

describe('reset', () => {
  it('starts again from the scenario: the same drivers, new order ids, no orders, no events, the clock at its start', async () => {
    const t = await TestSandbox.start();
    try {
      const drivers = (await t.get('/__sandbox/drivers')).body;
      const first = await t.createOrder();
      await t.post('/__sandbox/clock/advance', { by: '1h' });
      const res = await t.post('/__sandbox/reset');
      expect(res.body).toEqual({
        status: 'ok',
        scenario: 'ci',
        seed: 'ci',
        clock: { mode: 'manual', speed: 1, now: '2026-01-01T12:00:00.000Z' },
        keys: t.sandbox.keys, // the accounts' keys (control-plane.test.ts checks them)
      });
      expect((await t.get('/__sandbox/orders')).body.orders).toEqual([]);
      expect((await t.get('/__sandbox/events')).body.events).toEqual([]);
      expect((await t.get('/__sandbox/drivers')).body).toEqual(drivers);
      expect((await t.createOrder()).order_id).not.toBe(first.order_id);
      const reseeded = (await t.post('/__sandbox/reset', { seed: 'other' })).body;
      expect(reseeded.seed).toBe('other');
      expect((await t.createOrder()).order_id).not.toBe(first.order_id);
      const bad = await t.post('/__sandbox/reset', { scenario: 'nope' });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toMatchObject({ param: 'scenario', reason: 'invalid_scenario' });
    } finally {
      await t.close();
    }
  });
});

describe('scenario-supplied route geometry', () => {
  it('prices and drives the route the scenario gives between two points', async () => {
    const detour = [
      { lat: 37.81, lng: -122.3937 },
      { lat: 37.81, lng: -122.4028 },
    ];
    const t = await TestSandbox.start(
      small(25, {
        routes: [
          { from: SAMPLE_ORDER.pickup.location, to: SAMPLE_ORDER.dropoff.location, path: detour },
        ],
      }),
    );
    try {
      const order = await t.createOrder({}, KEY.key);
      const expected = routeFromPoints([
        SAMPLE_ORDER.pickup.location,
        ...detour,
        SAMPLE_ORDER.dropoff.location,
      ]).lengthKm;
      expect(order.distance_km).toBe(Math.round(expected * 100) / 100);
      await t.advance(order.order_id, 'picked_up');
      await t.post('/__sandbox/clock/advance', { by: 60 });
      const loc = (await t.get(`/v1/orders/${order.order_id}/location`, KEY)).body;
      expect(loc.phase).toBe('to_dropoff');
      expect(loc.location.lng).toBeCloseTo(-122.3937, 4); // still on the first leg, heading north
      expect(loc.heading_deg).toBeCloseTo(0, 0);
    } finally {
      await t.close();
    }
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectError, SAMPLE_ORDER, TestSandbox } from './support/test-sandbox.js';

const SEED = { scenario: 'ci', seed: 'outcomes' };
const MINUTE = 60_000;

describe('Sandbox-Outcome on POST /v1/orders', () => {
  let t: TestSandbox;
  beforeAll(async () => {
    t = await TestSandbox.start();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.post('/__sandbox/reset', SEED);
  });

  const create = async (outcome?: string) => {
    const headers: Record<string, string> =
      outcome === undefined ? {} : { 'Sandbox-Outcome': outcome };
    const res = await t.post('/v1/orders', SAMPLE_ORDER, { headers });
    expect(res.status).toBe(201);
    return res.body;
  };
  /** Runs the order to its end (3 virtual hours is far beyond any path) and returns its events. */
  const runOut = async (orderId: string) => {
    await t.post('/__sandbox/clock/advance', { by: '3h' });
    const { events } = (await t.get(`/__sandbox/events?order_id=${orderId}`)).body;
    return events as { event: string; created_at: string; data: { order: any } }[];
  };
  const ms = (iso: string): number => Date.parse(iso);

  it('no_driver: never assigned though drivers are free; the system cancels at the no-driver timeout', async () => {
    const order = await create('no_driver');
    const events = await runOut(order.order_id);
    expect(events.map((e) => e.event)).toEqual(['order.created', 'order.cancelled']);
    const { cancellation } = events[1]!.data.order;
    expect(cancellation).toMatchObject({ cancelled_by: 'system', reason: 'no_driver_available' });
    expect(ms(cancellation.at) - ms(order.created_at)).toBe(10 * MINUTE);
    expect(cancellation.fee.amount).toBe(0);
  });

  it('system_cancels: cancelled by the system when dispatch would have started', async () => {
    const order = await create('system_cancels');
    const events = await runOut(order.order_id);
    expect(events.map((e) => e.event)).toEqual(['order.created', 'order.cancelled']);
    const { cancellation } = events[1]!.data.order;
    expect(cancellation).toMatchObject({ cancelled_by: 'system', reason: 'cancelled_by_system' });
    expect(ms(cancellation.at) - ms(order.created_at)).toBe(30_000);
  });

  it('restaurant_cancels: assigned, then cancelled by the restaurant as the driver reaches the pickup, free', async () => {
    const order = await create('restaurant_cancels');
    const events = await runOut(order.order_id);
    expect(events.map((e) => e.event)).toEqual([
      'order.created',
      'order.driver_assigned',
      'order.cancelled',
    ]);
    const assigned = events[1]!.data.order;
    const { cancellation } = events[2]!.data.order;
    expect(cancellation).toMatchObject({
      cancelled_by: 'restaurant',
      reason: 'restaurant_unable_to_prepare',
      fee: { amount: 0 },
    });
    // The driver arrives pickup_wait (2 min) before the planned pickup.
    expect(ms(cancellation.at)).toBe(ms(assigned.eta.pickup_at) - 2 * MINUTE);
    const drivers = (await t.get('/__sandbox/drivers')).body.drivers;
    expect(drivers.find((d: any) => d.driver_id === assigned.driver.driver_id).status).toBe(
      'available',
    );
  });

  /** The two legs of a delivered order: assignment to pickup, and pickup to delivery (ms). */
  const legs = async (outcome?: string) => {
    await t.post('/__sandbox/reset', SEED); // the same driver every time: one seed, one order
    const order = await create(outcome);
    const events = await runOut(order.order_id);
    expect(events.map((e) => e.event)).toEqual([
      'order.created',
      'order.driver_assigned',
      'order.picked_up',
      'order.delivered',
    ]);
    const [created, assigned, picked, delivered] = events.map<number>((e) => ms(e.created_at));
    return {
      dispatch: assigned! - created!,
      toPickup: picked! - assigned!,
      toDropoff: delivered! - picked!,
      driver: events[1]!.data.order.driver.driver_id as string,
    };
  };

  it('slow_driver stretches every step three times; fast dispatches at once with a twice-as-fast driver and no wait', async () => {
    const normal = await legs();
    const slow = await legs('slow_driver');
    const fast = await legs('fast');
    expect(slow.driver).toBe(normal.driver);
    expect(fast.driver).toBe(normal.driver);
    expect(slow.dispatch).toBe(30_000);
    expect(slow.toPickup / normal.toPickup).toBeCloseTo(3, 1);
    expect(slow.toDropoff / normal.toDropoff).toBeCloseTo(3, 1);
    expect(fast.dispatch).toBe(0);
    const travelToPickup = normal.toPickup - 2 * MINUTE;
    expect(fast.toPickup / travelToPickup).toBeCloseTo(0.5, 1);
    expect(fast.toDropoff / normal.toDropoff).toBeCloseTo(0.5, 1);
  });

  it('is recorded in the control plane, never in the /v1 body', async () => {
    const plain = await create();
    const chosen = await create('fast');
    expect(chosen).not.toHaveProperty('outcome');
    expect(Object.keys(chosen)).toEqual(Object.keys(plain));
    const fetched = (await t.get(`/v1/orders/${chosen.order_id}`)).body;
    expect(fetched).not.toHaveProperty('outcome');
    const list = (await t.get('/__sandbox/orders')).body;
    expect(list.outcomes).toEqual({ [chosen.order_id]: 'fast' });
    expect(list.orders).toHaveLength(2);
  });

  it('survives a state export and import, and the imported order keeps its path', async () => {
    const order = await create('no_driver');
    const state = (await t.get('/__sandbox/state')).body;
    expect(state.orders[0].outcome).toBe('no_driver');
    expect((await t.request('PUT', '/__sandbox/state', { body: state })).status).toBe(200);
    const events = await runOut(order.order_id);
    expect(events.map((e) => e.event)).toEqual(['order.created', 'order.cancelled']);
  });

  it.each([
    ['an unknown outcome', 'no_drivers'],
    ['another case', 'FAST'],
    ['an empty value', ''],
    ['a list with an unknown name', 'fast, no_drivers'],
    ['a long value', 'x'.repeat(5000)],
  ])(
    'refuses %s with 400 invalid_outcome naming the header, and creates nothing',
    async (_, value) => {
      const res = await t.post('/v1/orders', SAMPLE_ORDER, {
        headers: { 'Sandbox-Outcome': value, 'Idempotency-Key': `bad-outcome-${value.length}` },
      });
      expectError(res, 400, 'invalid_request', {
        reason: 'invalid_outcome',
        param: 'Sandbox-Outcome',
      });
      expect(res.body.error.message).toContain('no_driver, restaurant_cancels');
      expect(res.body.error.message.length).toBeLessThan(300);
      expect((await t.get('/__sandbox/orders')).body.orders).toEqual([]);
      // Not remembered under its Idempotency-Key: the same key with a valid request creates the order.
      const retry = await t.post('/v1/orders', SAMPLE_ORDER, {
        headers: { 'Idempotency-Key': `bad-outcome-${value.length}` },
      });
      expect(retry.status).toBe(201);
    },
  );

  it('is deterministic under the seed: the same requests give the same events, ids and times', async () => {
    const run = async () => {
      await t.post('/__sandbox/reset', SEED);
      for (const outcome of ['no_driver', 'restaurant_cancels', 'fast', 'slow_driver'])
        await create(outcome);
      await t.post('/__sandbox/clock/advance', { by: '3h' });
      return ((await t.get('/__sandbox/events')).body.events as any[]).map(
        (e) =>
          `${e.created_at} ${e.event} ${e.data.order.status} ${e.data.order.driver?.driver_id}`,
      );
    };
    const first = await run();
    expect(first.length).toBeGreaterThan(8);
    expect(await run()).toEqual(first);
  });
});

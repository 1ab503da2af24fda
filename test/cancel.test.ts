import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScenarioFile } from '../src/scenarios/scenario.js';
import { KEYS, TestSandbox } from './support/test-sandbox.js';

/** The ci scenario with some parts replaced: the world of the bundled tests, one rule changed. */
function ciScenario(overrides: Partial<ScenarioFile>): ScenarioFile {
  const ci = parseYaml(
    readFileSync(new URL('../scenarios/ci.yaml', import.meta.url), 'utf8'),
  ) as ScenarioFile;
  return { ...ci, ...overrides };
}

/** The ci city's centre; with a 50 km radius every driver of the scenario is in range. */
const CITY = { lat: 37.7749, lng: -122.4194 };

const eventsOf = async (t: TestSandbox, orderId: string, event?: string): Promise<any[]> => {
  const query = event === undefined ? '' : `&event=${event}`;
  const res = await t.get(`/__sandbox/events?order_id=${orderId}${query}`);
  expect(res.status).toBe(200);
  return res.body.events;
};

const getOrder = async (t: TestSandbox, orderId: string): Promise<any> => {
  const res = await t.get(`/v1/orders/${orderId}`);
  expect(res.status).toBe(200);
  return res.body;
};

const availableDrivers = async (t: TestSandbox): Promise<any> => {
  const res = await t.get(`/v1/drivers/available?lat=${CITY.lat}&lng=${CITY.lng}&radius=50`);
  expect(res.status).toBe(200);
  return res.body;
};

describe('DELETE /v1/orders/{order_id}', () => {
  let t: TestSandbox;
  beforeAll(async () => {
    t = await TestSandbox.start();
  });
  afterAll(() => t.close());

  it('cancels a pending order free of charge and answers 200 with the cancelled order', async () => {
    const order = await t.createOrder();
    const res = await t.delete(`/v1/orders/${order.order_id}`);
    expect(res.status).toBe(200);
    const now = t.nowIso();
    expect(res.body).toMatchObject({
      order_id: order.order_id,
      status: 'cancelled',
      driver: null,
      eta: { pickup_at: null, dropoff_at: null },
      cancellation: {
        cancelled_by: 'customer',
        fee: { amount: 0, currency: 'USD' },
        reason: expect.any(String),
        at: now,
      },
      payment: { status: 'unpaid', payment_id: null },
      updated_at: now,
    });
    expect(res.body.timeline).toEqual([...order.timeline, { status: 'cancelled', at: now }]);
    expect(await getOrder(t, order.order_id)).toEqual(res.body);
  });

  it('emits one order.cancelled event carrying the cancelled order', async () => {
    const order = await t.createOrder();
    const res = await t.delete(`/v1/orders/${order.order_id}`);
    expect(res.status).toBe(200);
    const events = await eventsOf(t, order.order_id);
    expect(events.map((e) => e.event)).toEqual(['order.created', 'order.cancelled']);
    expect(events[1].data.order).toEqual(res.body);
  });

  it('charges round(50 % of the delivery fee) once a driver is assigned, and clears the eta', async () => {
    const order = await t.createOrder();
    const assigned = await t.advance(order.order_id);
    expect(assigned.status).toBe('driver_assigned');
    expect(assigned.eta.pickup_at).not.toBeNull();
    const res = await t.delete(`/v1/orders/${order.order_id}`);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('cancelled');
    expect(res.body.cancellation).toMatchObject({
      cancelled_by: 'customer',
      fee: { amount: Math.round(order.pricing.delivery_fee * 0.5), currency: 'USD' },
    });
    expect(res.body.eta).toEqual({ pickup_at: null, dropoff_at: null });
    expect(res.body.timeline.map((e: any) => e.status)).toEqual([
      'pending',
      'driver_assigned',
      'cancelled',
    ]);
    expect((await eventsOf(t, order.order_id, 'order.cancelled')).length).toBe(1);
  });

  it('frees the assigned driver: it is available again, and the available total comes back', async () => {
    const before = await availableDrivers(t);
    const order = await t.createOrder();
    const assigned = await t.advance(order.order_id);
    const driverId = assigned.driver.driver_id;

    const during = await availableDrivers(t);
    expect(during.total).toBe(before.total - 1);
    expect(during.drivers.map((d: any) => d.driver_id)).not.toContain(driverId);

    expect((await t.delete(`/v1/orders/${order.order_id}`)).status).toBe(200);

    const after = await availableDrivers(t);
    expect(after.total).toBe(before.total);
    expect(after.drivers.map((d: any) => d.driver_id)).toContain(driverId);

    // And it is found near where it stood, i.e. near the order's pickup it was heading to.
    const freed = after.drivers.find((d: any) => d.driver_id === driverId);
    const near = await t.get(
      `/v1/drivers/available?lat=${freed.location.lat}&lng=${freed.location.lng}&radius=0.5`,
    );
    expect(near.status).toBe(200);
    expect(near.body.drivers.map((d: any) => d.driver_id)).toContain(driverId);
  });

  it.each(['picked_up', 'delivered'])(
    'refuses to cancel a %s order with 400 order_not_cancellable and leaves it unchanged',
    async (status) => {
      const order = await t.createOrder();
      await t.advance(order.order_id, status);
      const before = await getOrder(t, order.order_id);
      const res = await t.delete(`/v1/orders/${order.order_id}`);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({
        code: 'invalid_request',
        reason: 'order_not_cancellable',
      });
      expect(await getOrder(t, order.order_id)).toEqual(before);
      expect(await eventsOf(t, order.order_id, 'order.cancelled')).toEqual([]);
    },
  );

  it('answers 200 with an already cancelled order unchanged, and emits no second event', async () => {
    const order = await t.createOrder();
    await t.advance(order.order_id);
    const first = await t.delete(`/v1/orders/${order.order_id}`);
    expect(first.status).toBe(200);
    await t.advanceClock(60_000);
    const again = await t.delete(`/v1/orders/${order.order_id}`);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await getOrder(t, order.order_id)).toEqual(first.body);
    expect(await eventsOf(t, order.order_id, 'order.cancelled')).toHaveLength(1);
  });

  it('answers 404 not_found for an unknown order', async () => {
    const res = await t.delete('/v1/orders/ord_doesnotexist123');
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ code: 'not_found', param: 'order_id' });
  });

  it("answers 403 forbidden for another account's order and leaves it pending", async () => {
    const order = await t.createOrder();
    const res = await t.delete(`/v1/orders/${order.order_id}`, { key: KEYS.globex });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('forbidden');
    expect((await getOrder(t, order.order_id)).status).toBe('pending');
  });

  it('answers 403 forbidden to a read-only key and leaves the order pending', async () => {
    const order = await t.createOrder();
    const res = await t.delete(`/v1/orders/${order.order_id}`, { key: KEYS.acmeReadOnly });
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({ code: 'forbidden', reason: 'read_only_key' });
    expect((await getOrder(t, order.order_id)).status).toBe('pending');
  });
});

describe('DELETE /v1/orders/{order_id} with rules.cancel_after_pickup: forbidden', () => {
  let t: TestSandbox;
  beforeAll(async () => {
    t = await TestSandbox.start({
      scenario: ciScenario({
        name: 'ci-cancel-forbidden',
        rules: { cancel_after_pickup: 'forbidden' },
      }),
    });
  });
  afterAll(() => t.close());

  it.each(['picked_up', 'delivered'])(
    'refuses to cancel a %s order with 403 forbidden, reason order_not_cancellable',
    async (status) => {
      const order = await t.createOrder();
      await t.advance(order.order_id, status);
      const before = await getOrder(t, order.order_id);
      const res = await t.delete(`/v1/orders/${order.order_id}`);
      expect(res.status).toBe(403);
      expect(res.body.error).toMatchObject({ code: 'forbidden', reason: 'order_not_cancellable' });
      expect(await getOrder(t, order.order_id)).toEqual(before);
    },
  );

  it('still cancels before pickup', async () => {
    const order = await t.createOrder();
    await t.advance(order.order_id);
    const res = await t.delete(`/v1/orders/${order.order_id}`);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('cancelled');
  });
});

describe('DELETE /v1/orders/{order_id} with fees.cancellation_percent: 100', () => {
  let t: TestSandbox;
  beforeAll(async () => {
    t = await TestSandbox.start({
      scenario: ciScenario({ name: 'ci-full-cancel-fee', fees: { cancellation_percent: 100 } }),
    });
  });
  afterAll(() => t.close());

  it('charges the whole delivery fee for a cancellation after assignment', async () => {
    const order = await t.createOrder();
    await t.advance(order.order_id);
    const res = await t.delete(`/v1/orders/${order.order_id}`);
    expect(res.status).toBe(200);
    expect(res.body.cancellation.fee).toEqual({
      amount: order.pricing.delivery_fee,
      currency: 'USD',
    });
  });

  it('still cancels a pending order free of charge', async () => {
    const order = await t.createOrder();
    const res = await t.delete(`/v1/orders/${order.order_id}`);
    expect(res.status).toBe(200);
    expect(res.body.cancellation.fee).toEqual({ amount: 0, currency: 'USD' });
  });
});

describe('POST /__sandbox/orders/{order_id}/cancel', () => {
  let t: TestSandbox;
  beforeAll(async () => {
    t = await TestSandbox.start();
  });
  afterAll(() => t.close());

  const controlCancel = (orderId: string, body: unknown) =>
    t.post(`/__sandbox/orders/${orderId}/cancel`, body);

  it.each([
    ['pending', { by: 'restaurant' }, 'restaurant', 'cancelled_by_restaurant'],
    ['driver_assigned', { by: 'restaurant' }, 'restaurant', 'cancelled_by_restaurant'],
    ['pending', { by: 'system', reason: 'kitchen_closed' }, 'system', 'kitchen_closed'],
    ['driver_assigned', { by: 'system', reason: 'kitchen_closed' }, 'system', 'kitchen_closed'],
    ['pending', { by: 'restaurant', reason: 'out_of_stock' }, 'restaurant', 'out_of_stock'],
  ])(
    'cancels a %s order given %j as %s, free of charge, with reason %s',
    async (status, body, by, reason) => {
      const order = await t.createOrder();
      if (status !== 'pending') await t.advance(order.order_id, status);
      const res = await controlCancel(order.order_id, body);
      expect(res.status).toBe(200);
      const now = t.nowIso();
      expect(res.body).toMatchObject({
        order_id: order.order_id,
        status: 'cancelled',
        cancellation: { cancelled_by: by, reason, fee: { amount: 0, currency: 'USD' }, at: now },
        eta: { pickup_at: null, dropoff_at: null },
      });
      expect(await getOrder(t, order.order_id)).toEqual(res.body);
      const events = await eventsOf(t, order.order_id, 'order.cancelled');
      expect(events).toHaveLength(1);
      expect(events[0].data.order.cancellation).toEqual(res.body.cancellation);
    },
  );

  it('frees the driver of an assigned order', async () => {
    const before = await availableDrivers(t);
    const order = await t.createOrder();
    const assigned = await t.advance(order.order_id);
    expect((await availableDrivers(t)).total).toBe(before.total - 1);
    expect((await controlCancel(order.order_id, { by: 'restaurant' })).status).toBe(200);
    const after = await availableDrivers(t);
    expect(after.total).toBe(before.total);
    expect(after.drivers.map((d: any) => d.driver_id)).toContain(assigned.driver.driver_id);
  });

  it('returns an already cancelled order unchanged, with no second event', async () => {
    const order = await t.createOrder();
    const first = await controlCancel(order.order_id, { by: 'restaurant' });
    expect(first.status).toBe(200);
    const again = await controlCancel(order.order_id, { by: 'system', reason: 'again' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await eventsOf(t, order.order_id, 'order.cancelled')).toHaveLength(1);
  });

  it('leaves an order the restaurant cancelled unchanged when the customer then DELETEs it', async () => {
    const order = await t.createOrder();
    const first = await controlCancel(order.order_id, { by: 'restaurant' });
    expect(first.status).toBe(200);
    const res = await t.delete(`/v1/orders/${order.order_id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(first.body);
    expect(res.body.cancellation.cancelled_by).toBe('restaurant');
    expect(await eventsOf(t, order.order_id, 'order.cancelled')).toHaveLength(1);
  });

  it.each([
    ['by customer (customers cancel through DELETE /v1)', { by: 'customer' }],
    ['an empty body', {}],
    ['an empty reason', { by: 'system', reason: '' }],
  ])('refuses %s with 400 invalid_request and leaves the order pending', async (_label, body) => {
    const order = await t.createOrder();
    const res = await controlCancel(order.order_id, body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_request');
    expect((await getOrder(t, order.order_id)).status).toBe('pending');
    expect(await eventsOf(t, order.order_id, 'order.cancelled')).toEqual([]);
  });

  it.each(['picked_up', 'delivered'])(
    'refuses to cancel a %s order with 400 order_not_cancellable',
    async (status) => {
      const order = await t.createOrder();
      await t.advance(order.order_id, status);
      const before = await getOrder(t, order.order_id);
      const res = await controlCancel(order.order_id, { by: 'restaurant' });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({
        code: 'invalid_request',
        reason: 'order_not_cancellable',
      });
      expect(await getOrder(t, order.order_id)).toEqual(before);
    },
  );

  it('answers 404 not_found for an unknown order', async () => {
    const res = await controlCancel('ord_doesnotexist123', { by: 'restaurant' });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
  });
});

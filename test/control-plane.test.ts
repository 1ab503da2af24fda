import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestSandbox } from './support/test-sandbox.js';

describe('the /__sandbox control plane', () => {
  let t: TestSandbox;
  beforeAll(async () => {
    t = await TestSandbox.start();
  });
  afterAll(() => t.close());

  it('reports health with the version, scenario, clock and node', async () => {
    const res = await t.get('/__sandbox/health', { key: null });
    expect(res.body).toEqual({
      status: 'ok',
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      scenario: 'ci',
      clock: { mode: 'manual', speed: 1, now: '2026-01-01T12:00:00.000Z' },
      node: hostname(),
    });
  });

  it("answers a reset with the new scenario's accounts and keys, which health never shows", async () => {
    const reset = await t.post('/__sandbox/reset', { scenario: 'two-accounts' });
    expect(reset.body.keys).toEqual([
      {
        account_id: 'acct_north',
        name: 'North Eats',
        api_keys: ['sk_test_north_eats', 'rk_test_north_eats'],
      },
      {
        account_id: 'acct_south',
        name: 'South Bites',
        api_keys: ['sk_test_south_bites', 'rk_test_south_bites'],
      },
    ]);
    const health = await t.get('/__sandbox/health', { key: null });
    expect(health.text).not.toMatch(/[sr]k_test_/);
    expect((await t.post('/__sandbox/reset', { scenario: 'ci' })).body.keys).toHaveLength(3);
  });

  it('advances an order one step at a time, emitting each event in order', async () => {
    const order = await t.createOrder();
    const steps = [];
    for (let i = 0; i < 3; i++) steps.push((await t.advance(order.order_id)).status);
    expect(steps).toEqual(['driver_assigned', 'picked_up', 'delivered']);
    const events = (await t.get(`/__sandbox/events?order_id=${order.order_id}`)).body.events;
    expect(events.map((e: any) => e.event)).toEqual([
      'order.created',
      'order.driver_assigned',
      'order.picked_up',
      'order.delivered',
    ]);
    expect(events[2].data.order.status).toBe('picked_up');
  });

  it('advances straight to a status, running the steps between', async () => {
    const order = await t.createOrder();
    const picked = await t.advance(order.order_id, 'picked_up');
    expect(picked.timeline.map((e: any) => e.status)).toEqual([
      'pending',
      'driver_assigned',
      'picked_up',
    ]);
    expect(picked.eta.pickup_at).toBe('2026-01-01T12:00:00.000Z');
    expect(await t.advance(order.order_id, 'picked_up')).toEqual(picked);
  });

  it.each([
    ['backwards', 'driver_assigned', 'invalid_transition', 'picked_up'],
    ['to cancelled', 'cancelled', null, undefined],
    ['past the end', undefined, 'order_finished', 'delivered'],
  ])('refuses to move an order %s', async (_name, to, reason, setup) => {
    const order = await t.createOrder();
    if (setup) await t.advance(order.order_id, setup);
    const res = await t.post(
      `/__sandbox/orders/${order.order_id}/advance`,
      to === undefined ? undefined : { to },
    );
    expect(res.status).toBe(400);
    if (reason) expect(res.body.error.reason).toBe(reason);
    else expect(res.body.error.param).toBe('to');
  });

  it('answers 404 for an unknown order', async () => {
    const res = await t.post('/__sandbox/orders/ord_nope/advance');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
  });

  it('filters events by name', async () => {
    const res = await t.get('/__sandbox/events?event=order.created');
    expect(res.body.events.length).toBeGreaterThan(0);
    expect(res.body.events.every((e: any) => e.event === 'order.created')).toBe(true);
    expect((await t.get('/__sandbox/events?event=nope')).status).toBe(400);
  });

  it('serves the OpenAPI documents and an index', async () => {
    const v1 = (await t.get('/openapi.json')).body;
    expect(v1.openapi).toBe('3.1.0');
    expect(Object.keys(v1.webhooks)).toEqual([
      'order.created',
      'order.driver_assigned',
      'order.picked_up',
      'order.delivered',
      'order.cancelled',
      'payment.completed',
    ]);
    expect((await t.get('/__sandbox/openapi.json')).body.components.schemas.Order).toBeDefined();
    expect((await t.get('/')).body.openapi).toBe('/openapi.json');
  });
});

describe('advancing with no driver available', () => {
  let t: TestSandbox;
  beforeAll(async () => {
    t = await TestSandbox.start({
      scenario: {
        name: 'empty',
        accounts: [{ id: 'acct_e', api_keys: ['sk_test_empty'] }],
        drivers: { count: 0 },
      },
    });
  });
  afterAll(() => t.close());

  it('says so with reason no_driver_available and leaves the order pending', async () => {
    const order = await t.createOrder({}, 'sk_test_empty');
    const res = await t.post(`/__sandbox/orders/${order.order_id}/advance`);
    expect(res.status).toBe(400);
    expect(res.body.error.reason).toBe('no_driver_available');
    expect(
      (await t.get(`/v1/orders/${order.order_id}`, { key: 'sk_test_empty' })).body.status,
    ).toBe('pending');
  });
});

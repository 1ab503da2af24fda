import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS, SAMPLE_ORDER, TestSandbox } from './support/test-sandbox.js';

describe('POST /v1/orders', () => {
  let t: TestSandbox;
  beforeAll(async () => {
    t = await TestSandbox.start();
  });
  afterAll(() => t.close());

  it('creates a pending order with every field, timed by the virtual clock', async () => {
    const res = await t.post('/v1/orders', {
      ...SAMPLE_ORDER,
      external_reference: 'cart-42',
      metadata: { customer: 'c_1', channel: 'app' },
    });
    expect(res.status).toBe(201);
    const order = res.body;
    expect(order.order_id).toMatch(/^ord_[A-Za-z0-9]{16}$/);
    expect(order).toMatchObject({
      status: 'pending',
      pickup: { ...SAMPLE_ORDER.pickup },
      dropoff: { ...SAMPLE_ORDER.dropoff, instructions: null },
      items: SAMPLE_ORDER.items,
      driver: null,
      payment: { status: 'unpaid', payment_id: null },
      eta: { pickup_at: null, dropoff_at: null },
      cancellation: null,
      external_reference: 'cart-42',
      metadata: { customer: 'c_1', channel: 'app' },
      created_at: '2026-01-01T12:00:00.000Z',
      updated_at: '2026-01-01T12:00:00.000Z',
      timeline: [{ status: 'pending', at: '2026-01-01T12:00:00.000Z' }],
    });
    expect(res.headers['x-request-id']).toMatch(/^req_/);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('prices delivery by route distance: base + per km, plus the tip', async () => {
    const order = await t.createOrder();
    expect(order.distance_km).toBeGreaterThan(0.8);
    expect(order.distance_km).toBeLessThan(2);
    expect(order.pricing).toEqual({
      delivery_fee: 299 + Math.round(order.distance_km * 120),
      tip: 200,
      total: 299 + Math.round(order.distance_km * 120) + 200,
      currency: 'USD',
    });
  });

  it('geocodes addresses without coordinates to the same point inside the city every time', async () => {
    const body = { pickup: { address: '1 Market St' }, dropoff: { address: '500 Castro St' } };
    const a = (await t.post('/v1/orders', body)).body;
    const b = (await t.post('/v1/orders', body)).body;
    expect(a.pickup.location).toEqual(b.pickup.location);
    expect(a.pickup.location).not.toEqual(a.dropoff.location);
    expect(Math.abs(a.pickup.location.lat - 37.7749)).toBeLessThan(0.1);
    expect(a).toMatchObject({
      pickup: { name: null, phone: null, instructions: null },
      items: [],
      pricing: { tip: 0 },
    });
    expect(a.metadata).toEqual({});
  });

  it('refuses a dropoff farther than the service radius from the pickup', async () => {
    const res = await t.post('/v1/orders', {
      pickup: { address: 'SF', location: { lat: 37.7749, lng: -122.4194 } },
      dropoff: { address: 'San Jose', location: { lat: 37.3382, lng: -121.8863 } },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: 'invalid_request',
      param: 'dropoff',
      reason: 'out_of_service_area',
    });
    expect(res.body.error.message).toMatch(/km from the pickup; the service delivers up to 30 km/);
  });

  it('refuses an account whose billing is delinquent with 402', async () => {
    const res = await t.post('/v1/orders', SAMPLE_ORDER, { key: KEYS.delinquent });
    expect(res.status).toBe(402);
    expect(res.body.error).toMatchObject({
      code: 'payment_required',
      reason: 'account_delinquent',
    });
  });

  it('emits order.created with the full order', async () => {
    const order = await t.createOrder();
    const events = (await t.get(`/__sandbox/events?order_id=${order.order_id}`)).body.events;
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ event: 'order.created', api_version: 'v1', data: { order } });
    expect(events[0].event_id).toMatch(/^evt_/);
  });
});

describe('GET /v1/orders/{order_id}', () => {
  let t: TestSandbox;
  beforeAll(async () => {
    t = await TestSandbox.start();
  });
  afterAll(() => t.close());

  it('returns the order as created, to a read-only key as well', async () => {
    const order = await t.createOrder();
    expect((await t.get(`/v1/orders/${order.order_id}`)).body).toEqual(order);
    expect((await t.get(`/v1/orders/${order.order_id}`, { key: KEYS.acmeReadOnly })).body).toEqual(
      order,
    );
  });

  it('answers 404 for an unknown order and 403 for another account’s', async () => {
    const missing = await t.get('/v1/orders/ord_doesnotexist0000');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatchObject({
      code: 'not_found',
      param: 'order_id',
      reason: 'order_not_found',
    });
    const order = await t.createOrder();
    const other = await t.get(`/v1/orders/${order.order_id}`, { key: KEYS.globex });
    expect(other.status).toBe(403);
    expect(other.body.error).toMatchObject({ code: 'forbidden', reason: 'other_account' });
  });

  it('follows the lifecycle: driver, timeline and ETAs appear as the order moves', async () => {
    const order = await t.createOrder();
    const assigned = await t.advance(order.order_id);
    expect(assigned.driver).toMatchObject({
      driver_id: expect.stringMatching(/^drv_/),
      vehicle: { type: expect.any(String) },
    });
    expect(assigned.eta.pickup_at).not.toBeNull();
    expect(Date.parse(assigned.eta.dropoff_at)).toBeGreaterThan(Date.parse(assigned.eta.pickup_at));
    const delivered = await t.advance(order.order_id, 'delivered');
    expect(delivered.timeline.map((e: any) => e.status)).toEqual([
      'pending',
      'driver_assigned',
      'picked_up',
      'delivered',
    ]);
    expect((await t.get(`/v1/orders/${order.order_id}`)).body).toEqual(delivered);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haversineKm } from '../src/domain/geo.js';
import { KEYS, TestSandbox } from './support/test-sandbox.js';

describe('GET /v1/orders/{order_id}/location', () => {
  let t: TestSandbox;
  beforeAll(async () => {
    t = await TestSandbox.start();
  });
  afterAll(() => t.close());

  it('is 404 no_driver_assigned while pending', async () => {
    const order = await t.createOrder();
    const res = await t.get(`/v1/orders/${order.order_id}/location`);
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ code: 'not_found', reason: 'no_driver_assigned' });
  });

  it('follows the driver to the pickup, waits there, then heads to the dropoff', async () => {
    const order = await t.createOrder();
    const assigned = await t.advance(order.order_id);
    const path = `/v1/orders/${order.order_id}/location`;

    const start = (await t.get(path)).body;
    expect(start).toMatchObject({
      order_id: order.order_id,
      driver_id: assigned.driver.driver_id,
      phase: 'to_pickup',
    });
    expect(start.speed_kmh).toBeGreaterThan(10);
    expect(start.updated_at).toBe('2026-01-01T12:00:00.000Z');
    // eta.pickup_at is when the order is picked up: arrival at the pickup plus the 2-minute wait.
    expect(start.eta_seconds).toBe(
      (Date.parse(assigned.eta.pickup_at) - Date.parse(start.updated_at)) / 1000 - 120,
    );

    await t.advanceClock(30_000);
    const later = (await t.get(path)).body;
    expect(later.distance_remaining_km).toBeLessThan(start.distance_remaining_km);
    expect(later.eta_seconds).toBe(start.eta_seconds - 30);

    await t.advanceClock(start.eta_seconds * 1000);
    const waiting = (await t.get(path)).body;
    expect(waiting).toMatchObject({ phase: 'at_pickup', speed_kmh: 0 });
    expect(haversineKm(waiting.location, order.pickup.location)).toBeLessThan(0.001);

    await t.advance(order.order_id);
    const leaving = (await t.get(path)).body;
    expect(leaving.phase).toBe('to_dropoff');
    expect(leaving.distance_remaining_km).toBeGreaterThanOrEqual(order.distance_km - 0.01);
  });

  it('is 404 order_finished once delivered or cancelled, and 403 for another account', async () => {
    const delivered = await t.createOrder();
    await t.advance(delivered.order_id, 'delivered');
    const a = await t.get(`/v1/orders/${delivered.order_id}/location`);
    expect(a.status).toBe(404);
    expect(a.body.error.reason).toBe('order_finished');

    const cancelled = await t.createOrder();
    await t.delete(`/v1/orders/${cancelled.order_id}`);
    expect((await t.get(`/v1/orders/${cancelled.order_id}/location`)).body.error.reason).toBe(
      'order_finished',
    );

    const other = await t.createOrder();
    expect(
      (await t.get(`/v1/orders/${other.order_id}/location`, { key: KEYS.globex })).status,
    ).toBe(403);
  });
});

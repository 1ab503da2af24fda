import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestSandbox } from './support/test-sandbox.js';

describe('smoke', () => {
  let t: TestSandbox;
  beforeAll(async () => {
    t = await TestSandbox.start();
  });
  afterAll(() => t.close());

  it('runs an order through its whole lifecycle', async () => {
    const order = await t.createOrder();
    expect(order.status).toBe('pending');
    expect((await t.get(`/v1/orders/${order.order_id}`)).body).toEqual(order);
    const assigned = await t.advance(order.order_id);
    expect(assigned.status).toBe('driver_assigned');
    const loc = await t.get(`/v1/orders/${order.order_id}/location`);
    expect(loc.status).toBe(200);
    await t.advance(order.order_id, 'delivered');
    const paid = await t.post(`/v1/orders/${order.order_id}/payment`, {
      payment_method: 'pm_card_visa',
    });
    expect(paid.status).toBe(201);
    const events = await t.get(`/__sandbox/events?order_id=${order.order_id}`);
    expect(events.body.events.map((e: any) => e.event)).toEqual([
      'order.created',
      'order.driver_assigned',
      'order.picked_up',
      'order.delivered',
      'payment.completed',
    ]);
    expect((await t.get('/')).status).toBe(200);
    expect((await t.get('/openapi.json')).status).toBe(200);
    expect((await t.get('/__sandbox/openapi.json')).status).toBe(200);
    expect((await t.get('/__sandbox/health')).body.status).toBe('ok');
    expect((await t.get('/v1/nope')).status).toBe(404);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, TestSandbox } from './support/test-sandbox.js';

/** The control-plane lists and the id each item is named by in cursors. */
const LISTS = [
  ['/__sandbox/orders', 'orders', 'order_id'],
  ['/__sandbox/events', 'events', 'event_id'],
  ['/__sandbox/drivers', 'drivers', 'driver_id'],
  ['/__sandbox/webhook-endpoints', 'endpoints', 'endpoint_id'],
  ['/__sandbox/webhook-deliveries', 'deliveries', 'delivery_id'],
] as const;

describe('control-plane lists are paginated', () => {
  let t: TestSandbox;
  let ids: string[];
  beforeAll(async () => {
    t = await TestSandbox.start();
    ids = [];
    for (let i = 0; i < 130; i++) ids.push((await t.createOrder()).order_id);
  });
  afterAll(() => t.close());

  it('answers the newest 100 orders, newest last, with has_more when older ones exist', async () => {
    const res = await t.get('/__sandbox/orders');
    expect(res.body.orders.map((o: { order_id: string }) => o.order_id)).toEqual(ids.slice(30));
    expect(res.body.has_more).toBe(true);
  });

  it('pages back with ending_before, and has_more turns false at the oldest', async () => {
    const res = await t.get(`/__sandbox/orders?limit=50&ending_before=${ids[40]}`);
    expect(res.body.orders.map((o: { order_id: string }) => o.order_id)).toEqual(ids.slice(0, 40));
    expect(res.body.has_more).toBe(false);
    const mid = await t.get(`/__sandbox/orders?limit=10&ending_before=${ids[40]}`);
    expect(mid.body.orders.map((o: { order_id: string }) => o.order_id)).toEqual(ids.slice(30, 40));
    expect(mid.body.has_more).toBe(true);
  });

  it('tails with starting_after: the items after the cursor, oldest first', async () => {
    const res = await t.get(`/__sandbox/orders?limit=5&starting_after=${ids[100]}`);
    expect(res.body.orders.map((o: { order_id: string }) => o.order_id)).toEqual(
      ids.slice(101, 106),
    );
    expect(res.body.has_more).toBe(true);
    const last = await t.get(`/__sandbox/orders?starting_after=${ids[129]}`);
    expect(last.body).toEqual({
      orders: [],
      outcomes: {},
      allowed_actions: expect.any(Object),
      has_more: false,
    });
  });

  it.each(LISTS)('%s takes limit and cursors and answers has_more', async (path, key, id) => {
    const all = await t.get(`${path}?limit=1000`);
    expect(all.status).toBe(200);
    expect(all.body.has_more).toBe(false);
    const items = all.body[key] as Record<string, string>[];
    const one = await t.get(`${path}?limit=1`);
    expect(one.body[key]).toEqual(items.slice(-1));
    expect(one.body.has_more).toBe(items.length > 1);
    if (items.length > 0) {
      const after = await t.get(`${path}?starting_after=${items[0]![id]}`);
      expect(after.body[key]).toEqual(items.slice(1, 101));
    }
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=1001', 'limit'],
    ['limit=ten', 'limit'],
    ['limit=', 'limit'],
    ['starting_after=ord_nope', 'starting_after'],
    ['ending_before=ord_nope', 'ending_before'],
    ['starting_after=x&ending_before=y', 'ending_before'],
  ])('refuses %s with a 400 naming %s', async (query, param) => {
    for (const [path] of LISTS) {
      const res = await t.get(`${path}?${query}`);
      expectError(res, 400, 'invalid_request', { param });
    }
  });
});

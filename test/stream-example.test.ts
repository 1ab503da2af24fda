// Runs examples/follow-order.ts, the Node example of docs/streams.md, against a real sandbox.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { followOrder } from '../examples/follow-order.js';
import { TestSandbox } from './support/test-sandbox.js';

let t: TestSandbox;
beforeAll(async () => {
  t = await TestSandbox.start();
});
afterAll(() => t.close());

it("follows an order's stream with the ws package until it is delivered", async () => {
  const { order_id } = await t.createOrder();
  const stream = followOrder(t.url, t.sandbox.apiKey, order_id);
  await stream.opened;
  for (const to of ['driver_assigned', 'picked_up', 'delivered'])
    await t.post(`/__sandbox/orders/${order_id}/advance`, { to });
  expect(await stream.closed).toEqual({ code: 1000, reason: 'order delivered' });
  const statuses = stream.messages.filter((m) => m.type === 'status').map((m) => m.data.status);
  expect(statuses).toEqual(['pending', 'driver_assigned', 'picked_up', 'delivered']);
  expect(stream.messages.some((m) => m.type === 'location')).toBe(true);
});

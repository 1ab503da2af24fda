// Runs examples/follow-order.ts, the Node example of docs/streams.md, against a real sandbox.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../src/index.js';
import { followOrder } from '../examples/follow-order.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ scenario: 'ci' });
});
afterAll(() => sandbox.close());

it("follows an order's stream with the ws package until it is delivered", async () => {
  const res = await fetch(`${sandbox.url}/v1/orders`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${sandbox.apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      pickup: { address: '1 Market St' },
      dropoff: { address: '500 Castro St' },
    }),
  });
  const { order_id } = (await res.json()) as { order_id: string };
  const stream = followOrder(sandbox.url, sandbox.apiKey, order_id);
  await stream.opened;
  for (const to of ['driver_assigned', 'picked_up', 'delivered'])
    await fetch(`${sandbox.url}/__sandbox/orders/${order_id}/advance`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ to }),
    });
  expect(await stream.closed).toEqual({ code: 1000, reason: 'order delivered' });
  const statuses = stream.messages.filter((m) => m.type === 'status').map((m) => m.data.status);
  expect(statuses).toEqual(['pending', 'driver_assigned', 'picked_up', 'delivered']);
  expect(stream.messages.some((m) => m.type === 'location')).toBe(true);
});

// The programmatic example of docs/programmatic.md, run as it is (test/docs-examples.test.ts checks they match).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSandbox, verifySignature, type Sandbox } from 'delivery-sandbox';

let sandbox: Sandbox;
const received: { event: string; attempt: string; signed: boolean }[] = [];
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const body = Buffer.concat(chunks);
    received.push({
      event: String(req.headers['x-service-event']),
      attempt: String(req.headers['x-service-delivery-attempt']),
      signed: verifySignature(
        'whsec_example_secret',
        body,
        req.headers['x-service-signature'] as string,
      ),
    });
    res.writeHead(200).end();
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as AddressInfo;
  sandbox = await startSandbox({
    scenario: 'ci', // manual clock, fixed seed
    webhooks: [{ url: `http://127.0.0.1:${port}/webhooks`, secret: 'whsec_example_secret' }],
  });
});
afterAll(async () => {
  await sandbox.close();
  receiver.close();
});

it('delivers an order, with every webhook signed, on a clock the test controls', async () => {
  const res = await fetch(`${sandbox.url}/v1/orders`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${sandbox.apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      pickup: { address: '1 Market St' },
      dropoff: { address: '500 Castro St' },
    }),
  });
  const order = (await res.json()) as { order_id: string };

  const { fired } = await sandbox.clock.advance('30s'); // dispatch runs: a driver is assigned
  expect(fired.map((e) => e.event)).toEqual(['order.driver_assigned']);

  const delivered = await sandbox.advanceOrder(order.order_id, 'delivered');
  expect(delivered.status).toBe('delivered');

  expect(sandbox.events({ order_id: order.order_id }).map((e) => e.event)).toEqual([
    'order.created',
    'order.driver_assigned',
    'order.picked_up',
    'order.delivered',
  ]);
  expect(received).toEqual([
    { event: 'order.created', attempt: '1', signed: true },
    { event: 'order.driver_assigned', attempt: '1', signed: true },
    { event: 'order.picked_up', attempt: '1', signed: true },
    { event: 'order.delivered', attempt: '1', signed: true },
  ]);
  expect(sandbox.deliveries({ status: 'succeeded' })).toHaveLength(4);

  await sandbox.reset(); // back to the scenario's start for the next test
  expect(sandbox.events()).toEqual([]);
});

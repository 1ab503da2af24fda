import { afterAll, expect, it } from 'vitest';
import { startSandbox } from 'delivery-sandbox';

const sandbox = await startSandbox({ scenario: 'ci' }); // port 0, manual clock, fixed seed
afterAll(() => sandbox.close());

it('assigns a driver 30 s after an order is created', async () => {
  const res = await fetch(`${sandbox.url}/v1/orders`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${sandbox.apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      pickup: { address: '1 Market St' },
      dropoff: { address: '500 Castro St' },
    }),
  });
  expect(res.status).toBe(201);
  const { fired } = await sandbox.clock.advance('30s');
  expect(fired.map((e) => e.event)).toEqual(['order.driver_assigned']);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createClient, startSandbox, type Sandbox, type V1Client } from '../src/index.js';

describe('createClient: the typed /v1 client', () => {
  let sandbox: Sandbox;
  let api: V1Client;
  const seen: { method: string; url: string; headers: Headers }[] = [];
  beforeAll(async () => {
    sandbox = await startSandbox({ scenario: 'ci' });
    api = createClient({
      url: `${sandbox.url}/`,
      apiKey: sandbox.apiKey,
      headers: { 'User-Agent': 'my-app-tests' },
      fetch: (input, init) => {
        seen.push({
          method: init?.method ?? 'GET',
          url: input instanceof Request ? input.url : input.toString(),
          headers: new Headers(init?.headers),
        });
        return fetch(input, init);
      },
    });
  });
  afterAll(() => sandbox.close());

  it('creates, reads, pays, locates and cancels, answering the typed bodies', async () => {
    const order = await api.createOrder(
      { pickup: { address: '1 Market St' }, dropoff: { address: '500 Castro St' } },
      { idempotencyKey: 'create-1' },
    );
    expect(order.status).toBe('pending');
    expect(seen.at(-1)?.headers.get('idempotency-key')).toBe('create-1');
    expect(seen.at(-1)?.headers.get('user-agent')).toBe('my-app-tests');
    expect(seen.at(-1)?.url).toBe(`${sandbox.url}/v1/orders`);

    expect((await api.getOrder(order.order_id)).order_id).toBe(order.order_id);
    const payment = await api.payOrder(order.order_id, { payment_method: 'pm_card_visa' });
    expect(payment.payment_id).toMatch(/^pay_/);

    await sandbox.advanceOrder(order.order_id, 'driver_assigned');
    expect((await api.getLocation(order.order_id)).phase).toBe('to_pickup');
    const cancelled = await api.cancelOrder(order.order_id);
    expect(cancelled.status).toBe('cancelled');

    const near = await api.availableDrivers({ lat: 37.7749, lng: -122.4194, radius: 2 });
    expect(seen.at(-1)?.url).toBe(
      `${sandbox.url}/v1/drivers/available?lat=37.7749&lng=-122.4194&radius=2`,
    );
    expect(near.drivers.length).toBeGreaterThan(0);
  });

  it('throws an ApiError with the status, code, reason and request id of an error answer', async () => {
    const err = await api
      .payOrder('ord_doesnotexist0000', { payment_method: 'pm_card_visa' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    const apiError = err as ApiError;
    expect(apiError.status).toBe(404);
    expect(apiError.code).toBe('not_found');
    expect(apiError.requestId).toMatch(/^req_/);
    expect(apiError.message).toMatch(/^404 not_found/);

    const declined = await api.createOrder({
      pickup: { address: '1 Market St' },
      dropoff: { address: '500 Castro St' },
    });
    const refused = (await api
      .payOrder(declined.order_id, { payment_method: 'pm_card_declined' })
      .catch((e: unknown) => e)) as ApiError;
    expect([refused.status, refused.code, refused.reason]).toEqual([
      402,
      'payment_required',
      'card_declined',
    ]);
  });
});

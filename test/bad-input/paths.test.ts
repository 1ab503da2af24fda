/** Bad input: odd order ids in the path, unknown routes and methods a route does not allow. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../support/bad-input.js';
import { expectError, TestSandbox } from '../support/test-sandbox.js';

let t: TestSandbox;
beforeAll(async () => {
  t = await TestSandbox.start();
});
afterAll(() => t.close());

describe('order ids in the path', () => {
  it.each([
    { what: 'bad percent-encoding', path: '/v1/orders/%E0%A4%A' },
    { what: 'a lone percent sign', path: '/v1/orders/%' },
    { what: 'a non-hex escape', path: '/v1/orders/%ZZ' },
    { what: 'bad percent-encoding before /location', path: '/v1/orders/%E0%A4%A/location' },
  ])('answer a 4xx JSON error for $what', async ({ path }) => {
    const res = await t.get(path);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(ERROR_CODES).toContain(res.body.error.code);
    expect(res.body.error.param).toBe('order_id');
    expect(res.body.error.request_id).toBe(res.headers['x-request-id']);
  });

  it.each([
    { what: 'a 2000-character id', id: 'ord_' + 'x'.repeat(1996) },
    { what: '__proto__', id: '__proto__' },
    { what: 'constructor', id: 'constructor' },
    { what: 'prototype', id: 'prototype' },
    { what: 'hasOwnProperty', id: 'hasOwnProperty' },
    { what: 'toString', id: 'toString' },
    { what: 'an encoded space', id: 'ord%20x' },
    { what: 'emoji', id: encodeURIComponent('🍕') },
  ])('answer 404 not_found for $what', async ({ id }) => {
    for (const [method, path] of [
      ['GET', `/v1/orders/${id}`],
      ['DELETE', `/v1/orders/${id}`],
      ['GET', `/v1/orders/${id}/location`],
    ] as const) {
      expectError(await t.request(method, path), 404, 'not_found', {
        reason: 'order_not_found',
        param: 'order_id',
      });
    }
    const paid = await t.post(`/v1/orders/${id}/payment`, { payment_method: 'pm_card_visa' });
    expectError(paid, 404, 'not_found', { reason: 'order_not_found', param: 'order_id' });
  });
});

describe('routes', () => {
  it.each(['/v1/nope', '/nope', '/v1', '/v1/orders/ord_x/nope', '/v1/drivers', '/__sandbox/nope'])(
    'an unknown route %s answers 404 route_not_found in JSON, never HTML',
    async (path) => {
      const res = await t.get(path, { headers: { Accept: 'text/html' } });
      expectError(res, 404, 'not_found', { reason: 'route_not_found' });
    },
  );

  it('a documented path in another case is an unknown route, not an alias', async () => {
    const created = await t.createOrder();
    const res = await t.get(`/V1/ORDERS/${created.order_id}`);
    expectError(res, 404, 'not_found', { reason: 'route_not_found' });
  });

  it.each([
    { method: 'PUT', path: '/v1/orders/ord_x', allow: 'GET, DELETE' },
    { method: 'PATCH', path: '/v1/orders/ord_x', allow: 'GET, DELETE' },
    { method: 'POST', path: '/v1/orders/ord_x', allow: 'GET, DELETE' },
    { method: 'POST', path: '/v1/drivers/available', allow: 'GET' },
    { method: 'GET', path: '/v1/orders', allow: 'POST' },
    { method: 'DELETE', path: '/v1/orders', allow: 'POST' },
    { method: 'GET', path: '/v1/orders/ord_x/payment', allow: 'POST' },
    { method: 'DELETE', path: '/v1/orders/ord_x/location', allow: 'GET' },
  ])(
    '$method $path answers 404 method_not_allowed with Allow: $allow',
    async ({ method, path, allow }) => {
      const res = await t.request(method, path);
      expectError(res, 404, 'not_found', { reason: 'method_not_allowed' });
      expect(res.headers.allow).toBe(allow);
    },
  );

  it('OPTIONS on a known path answers the same JSON method_not_allowed', async () => {
    const res = await t.request('OPTIONS', '/v1/orders/ord_x');
    expectError(res, 404, 'not_found', { reason: 'method_not_allowed' });
    expect(res.headers.allow).toBe('GET, DELETE');
  });
});

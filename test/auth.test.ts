import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, KEYS, SAMPLE_ORDER, TestSandbox } from './support/test-sandbox.js';

/** Every `/v1` operation, as a request to make against an existing acme order. */
const ENDPOINTS: { name: string; method: string; path: (id: string) => string; body?: unknown }[] =
  [
    { name: 'POST /v1/orders', method: 'POST', path: () => '/v1/orders', body: SAMPLE_ORDER },
    { name: 'GET /v1/orders/{id}', method: 'GET', path: (id) => `/v1/orders/${id}` },
    { name: 'DELETE /v1/orders/{id}', method: 'DELETE', path: (id) => `/v1/orders/${id}` },
    {
      name: 'GET /v1/orders/{id}/location',
      method: 'GET',
      path: (id) => `/v1/orders/${id}/location`,
    },
    {
      name: 'POST /v1/orders/{id}/payment',
      method: 'POST',
      path: (id) => `/v1/orders/${id}/payment`,
      body: { payment_method: 'pm_card_visa' },
    },
    {
      name: 'GET /v1/drivers/available',
      method: 'GET',
      path: () => '/v1/drivers/available?lat=37.7749&lng=-122.4194',
    },
  ];

/** Authorization headers that must be refused; `undefined` sends no header at all. */
const BAD_CREDENTIALS: { what: string; header: string | undefined; reason: string }[] = [
  { what: 'no Authorization header', header: undefined, reason: 'missing_api_key' },
  { what: 'an empty Authorization header', header: '', reason: 'missing_api_key' },
  {
    what: 'the Basic scheme',
    header: `Basic ${Buffer.from('sk_test_ci_acme:').toString('base64')}`,
    reason: 'malformed_authorization',
  },
  { what: 'Bearer with no key', header: 'Bearer', reason: 'malformed_authorization' },
  {
    what: 'a key followed by junk',
    header: 'Bearer sk_test_ci_acme extra',
    reason: 'malformed_authorization',
  },
  { what: 'a malformed key', header: 'Bearer abc', reason: 'malformed_api_key' },
  { what: 'a live key', header: 'Bearer sk_live_xxxx', reason: 'malformed_api_key' },
  {
    what: 'an unknown well-formed key',
    header: 'Bearer sk_test_nope1234',
    reason: 'invalid_api_key',
  },
  {
    what: 'an unknown read-only key',
    header: 'Bearer rk_test_nope1234',
    reason: 'invalid_api_key',
  },
  {
    what: 'a real key with one letter in the wrong case',
    header: 'Bearer sk_test_ci_acmE',
    reason: 'invalid_api_key',
  },
];

const AUTH_CASES = BAD_CREDENTIALS.flatMap((credential) =>
  ENDPOINTS.map((endpoint) => ({ ...credential, endpoint: endpoint.name, op: endpoint })),
);

describe('authentication and authorization on /v1', () => {
  let t: TestSandbox;
  let orderId: string;

  beforeAll(async () => {
    t = await TestSandbox.start();
    orderId = (await t.createOrder()).order_id;
  });
  afterAll(() => t.close());

  describe('a request without a usable API key', () => {
    it.each(AUTH_CASES)(
      '$endpoint with $what answers 401 unauthorized, reason $reason',
      async ({ header, reason, op }) => {
        const res = await t.request(op.method, op.path(orderId), {
          key: null,
          headers: header === undefined ? {} : { Authorization: header },
          ...(op.body === undefined ? {} : { body: op.body }),
        });
        expectError(res, 401, 'unauthorized', { reason, param: 'Authorization' });
        expect(res.headers['www-authenticate']).toMatch(/^Bearer\b/);
        expect(res.body.error.details).toEqual([]);
      },
    );

    it('changes nothing when it is refused', async () => {
      await t.delete(`/v1/orders/${orderId}`, { key: 'sk_test_nope1234' });
      await t.post(
        `/v1/orders/${orderId}/payment`,
        { payment_method: 'pm_card_visa' },
        {
          key: null,
        },
      );
      const order = (await t.get(`/v1/orders/${orderId}`)).body;
      expect(order.status).toBe('pending');
      expect(order.payment.status).toBe('unpaid');
    });
  });

  describe('the Bearer scheme', () => {
    it.each(['bearer', 'BEARER', 'Bearer', 'bEaReR'])(
      'is accepted in any case (%s)',
      async (scheme) => {
        const res = await t.get(`/v1/orders/${orderId}`, {
          key: null,
          headers: { Authorization: `${scheme} ${KEYS.acme}` },
        });
        expect(res.status).toBe(200);
        expect(res.body.order_id).toBe(orderId);
      },
    );
  });

  describe('a read-only key (rk_test_…)', () => {
    let assignedId: string;
    beforeAll(async () => {
      assignedId = (await t.createOrder()).order_id;
      await t.advance(assignedId);
    });

    it('can retrieve an order of its account', async () => {
      const res = await t.get(`/v1/orders/${orderId}`, { key: KEYS.acmeReadOnly });
      expect(res.status).toBe(200);
      expect(res.body.order_id).toBe(orderId);
    });

    it("can read the live location of its account's order", async () => {
      const res = await t.get(`/v1/orders/${assignedId}/location`, { key: KEYS.acmeReadOnly });
      expect(res.status).toBe(200);
      expect(res.body.order_id).toBe(assignedId);
    });

    it('can list available drivers', async () => {
      const res = await t.get('/v1/drivers/available?lat=37.7749&lng=-122.4194', {
        key: KEYS.acmeReadOnly,
      });
      expect(res.status).toBe(200);
      expect(res.body.count).toBeGreaterThan(0);
    });

    it.each([
      { op: 'creating an order', method: 'POST', path: () => '/v1/orders', body: SAMPLE_ORDER },
      { op: 'cancelling an order', method: 'DELETE', path: (id: string) => `/v1/orders/${id}` },
      {
        op: 'paying for an order',
        method: 'POST',
        path: (id: string) => `/v1/orders/${id}/payment`,
        body: { payment_method: 'pm_card_visa' },
      },
    ])('is refused with 403 forbidden, reason read_only_key, when $op', async (c) => {
      const res = await t.request(c.method, c.path(orderId), {
        key: KEYS.acmeReadOnly,
        ...(c.body === undefined ? {} : { body: c.body }),
      });
      expectError(res, 403, 'forbidden', { reason: 'read_only_key', param: 'Authorization' });
    });

    it('leaves the order untouched after the refused writes', async () => {
      const order = (await t.get(`/v1/orders/${orderId}`)).body;
      expect(order.status).toBe('pending');
      expect(order.payment).toEqual({ status: 'unpaid', payment_id: null });
    });
  });

  describe("another account's key", () => {
    it.each([
      { op: 'retrieving', method: 'GET', path: (id: string) => `/v1/orders/${id}` },
      { op: 'cancelling', method: 'DELETE', path: (id: string) => `/v1/orders/${id}` },
      {
        op: 'tracking the location of',
        method: 'GET',
        path: (id: string) => `/v1/orders/${id}/location`,
      },
      {
        op: 'paying for',
        method: 'POST',
        path: (id: string) => `/v1/orders/${id}/payment`,
        body: { payment_method: 'pm_card_visa' },
      },
    ])('gets 403 forbidden, reason other_account, $op acme’s order', async (c) => {
      const res = await t.request(c.method, c.path(orderId), {
        key: KEYS.globex,
        ...(c.body === undefined ? {} : { body: c.body }),
      });
      expectError(res, 403, 'forbidden', { reason: 'other_account', param: 'order_id' });
    });

    it('cannot change acme’s order by trying', async () => {
      const order = (await t.get(`/v1/orders/${orderId}`)).body;
      expect(order.status).toBe('pending');
      expect(order.payment.status).toBe('unpaid');
    });

    it('still works on its own orders', async () => {
      const own = await t.createOrder({}, KEYS.globex);
      const res = await t.get(`/v1/orders/${own.order_id}`, { key: KEYS.globex });
      expect(res.status).toBe(200);
      expectError(await t.get(`/v1/orders/${own.order_id}`), 403, 'forbidden', {
        reason: 'other_account',
      });
    });
  });

  describe('a delinquent account', () => {
    it('gets 402 payment_required, reason account_delinquent, when creating an order', async () => {
      const res = await t.post('/v1/orders', SAMPLE_ORDER, { key: KEYS.delinquent });
      expectError(res, 402, 'payment_required', { reason: 'account_delinquent' });
    });

    it('creates no order and emits no event when refused', async () => {
      const before = (await t.get('/__sandbox/events')).body.events.length;
      await t.post('/v1/orders', SAMPLE_ORDER, { key: KEYS.delinquent });
      expect((await t.get('/__sandbox/events')).body.events).toHaveLength(before);
    });
  });

  describe('the control plane of a sandbox started without an admin token', () => {
    it('needs no token', async () => {
      const res = await t.get('/__sandbox/events', { key: null });
      expect(res.status).toBe(200);
    });
  });
});

describe('the control plane of a sandbox started with an admin token', () => {
  let t: TestSandbox;
  beforeAll(async () => {
    t = await TestSandbox.start({ adminToken: 'tok_123' });
  });
  afterAll(() => t.close());

  it.each<{ what: string; headers: Record<string, string>; reason: string }>([
    { what: 'no token', headers: {}, reason: 'missing_admin_token' },
    {
      what: 'a wrong token',
      headers: { Authorization: 'Bearer tok_456' },
      reason: 'invalid_admin_token',
    },
    {
      what: 'an API key instead of the token',
      headers: { Authorization: `Bearer ${KEYS.acme}` },
      reason: 'invalid_admin_token',
    },
    {
      what: 'the token in another scheme',
      headers: { Authorization: 'Basic tok_123' },
      reason: 'missing_admin_token',
    },
  ])('refuses /__sandbox/events with $what: 401 unauthorized', async ({ headers, reason }) => {
    const res = await t.get('/__sandbox/events', { key: null, headers });
    expectError(res, 401, 'unauthorized', { reason, param: 'Authorization' });
    expect(res.headers['www-authenticate']).toMatch(/^Bearer\b/);
  });

  it('serves /__sandbox/events with Authorization: Bearer <token>', async () => {
    const res = await t.get('/__sandbox/events', {
      key: null,
      headers: { Authorization: 'Bearer tok_123' },
    });
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body.events)).toBe(true);
  });

  it('refuses a control-plane write without the token and performs it with the token', async () => {
    const order = await t.createOrder();
    const path = `/__sandbox/orders/${order.order_id}/advance`;
    expectError(await t.post(path, undefined, { key: null }), 401, 'unauthorized');
    expect((await t.get(`/v1/orders/${order.order_id}`)).body.status).toBe('pending');
    const res = await t.post(path, undefined, {
      key: null,
      headers: { Authorization: 'Bearer tok_123' },
    });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('driver_assigned');
  });

  // Raw fetch: these paths are outside both documents, where the harness allows only a 404, but a
  // 401 is an equally correct refusal here. What matters is that nothing is served without the token.
  it.each(['/__SANDBOX/events', '/__Sandbox/events'])(
    'does not serve %s (the path in another case) without the token',
    async (path) => {
      const res = await fetch(t.url + path);
      const body = (await res.json()) as any;
      expect([401, 404]).toContain(res.status);
      expect(['unauthorized', 'not_found']).toContain(body.error?.code);
      expect(body.events).toBeUndefined();
    },
  );

  it('does not advance an order through a differently-cased control-plane path without the token', async () => {
    const order = await t.createOrder();
    const res = await fetch(`${t.url}/__SANDBOX/orders/${order.order_id}/advance`, {
      method: 'POST',
    });
    expect([401, 404]).toContain(res.status);
    expect((await t.get(`/v1/orders/${order.order_id}`)).body.status).toBe('pending');
  });

  it('answers /__sandbox/health without a token', async () => {
    const res = await t.get('/__sandbox/health', { key: null });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ok');
  });

  it('keeps /v1 working with API keys', async () => {
    const order = await t.createOrder();
    expect(order.status).toBe('pending');
    expect((await t.get(`/v1/orders/${order.order_id}`)).status).toBe(200);
    const drivers = await t.get('/v1/drivers/available?lat=37.7749&lng=-122.4194');
    expect(drivers.status).toBe(200);
  });

  it('still requires an API key on /v1, even with the admin token', async () => {
    const res = await t.get('/v1/drivers/available?lat=37.7749&lng=-122.4194', {
      key: null,
      headers: { Authorization: 'Bearer tok_123' },
    });
    expectError(res, 401, 'unauthorized', { reason: 'malformed_api_key' });
  });
});

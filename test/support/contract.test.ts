import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { describe, it, expect } from 'vitest';
import { loadContract, type ObservedExchange } from './contract.js';

const SPEC = fileURLToPath(new URL('../../openapi/v1.yaml', import.meta.url));

const T0 = '2026-01-01T12:00:00.000Z';
const T1 = '2026-01-01T12:00:05.250Z';
const T2 = '2026-01-01T12:14:00.000Z';
const T3 = '2026-01-01T12:31:00.000Z';

const headers = (): Record<string, string> => ({
  'Content-Type': 'application/json; charset=utf-8',
  'X-Request-Id': 'req_7Hk2pQ9xZ1',
});

/** A driver_assigned order, built field by field from #/components/schemas/Order. */
function order(): Record<string, unknown> {
  return {
    order_id: 'ord_8f3kq2m9x7c1v5bz',
    status: 'driver_assigned',
    pickup: {
      address: '12 Market St, Springfield',
      location: { lat: 40.7128, lng: -74.006 },
      name: 'Luigi Pizza',
      phone: '+1 (555) 010-2000',
      instructions: null,
    },
    dropoff: {
      address: '99 Elm Ave, Springfield',
      location: { lat: 40.7306, lng: -73.9866 },
      name: null,
      phone: null,
      instructions: 'Ring twice',
    },
    items: [
      { name: 'Margherita', quantity: 2, unit_price: 1150 },
      { name: 'Tiramisu', quantity: 1, unit_price: 650 },
    ],
    driver: {
      driver_id: 'drv_4kd93ms02',
      name: 'Ana Souza',
      phone: '+1 555 010 7788',
      rating: 4.8,
      vehicle: { type: 'scooter', description: 'Red Vespa', plate: 'SPR-2231' },
    },
    distance_km: 2.41,
    pricing: { delivery_fee: 499, tip: 200, total: 699, currency: 'USD' },
    payment: { status: 'unpaid', payment_id: null },
    eta: { pickup_at: T2, dropoff_at: T3 },
    cancellation: null,
    timeline: [
      { status: 'pending', at: T0 },
      { status: 'driver_assigned', at: T1 },
    ],
    external_reference: 'shop-10042',
    metadata: { channel: 'web' },
    created_at: T0,
    updated_at: T1,
  };
}

const getOrder = (body: unknown, overrides: Partial<ObservedExchange> = {}): ObservedExchange => ({
  method: 'GET',
  path: '/v1/orders/ord_8f3kq2m9x7c1v5bz',
  status: 200,
  headers: headers(),
  body,
  ...overrides,
});

const notFoundBody = (): Record<string, unknown> => ({
  error: {
    code: 'not_found',
    message: 'No route GET /v1/nope. See the API reference for the available endpoints.',
    param: null,
    reason: null,
    details: [],
    request_id: 'req_7Hk2pQ9xZ1',
  },
});

describe('loadContract', () => {
  it('loads once per path and process', async () => {
    const a = await loadContract(SPEC);
    const b = await loadContract('openapi/v1.yaml');
    expect(b).toBe(a);
    expect(a.loadMs).toBeGreaterThan(0);
  });

  it('rejects a missing file', async () => {
    await expect(loadContract('/nonexistent/openapi.yaml')).rejects.toThrow(/ENOENT/);
  });
});

describe('responses of routed operations', () => {
  it('accepts a valid 200 Order (mixed-case headers, charset in content-type)', async () => {
    const contract = await loadContract(SPEC);
    expect(contract.check(getOrder(order()))).toEqual([]);
    expect(() => contract.assert(getOrder(order()))).not.toThrow();
  });

  it('accepts the nullable variants of an Order', async () => {
    const contract = await loadContract(SPEC);
    const cancelled = {
      ...order(),
      status: 'cancelled',
      driver: null,
      eta: { pickup_at: null, dropoff_at: null },
      cancellation: {
        cancelled_by: 'customer',
        reason: null,
        fee: { amount: 250, currency: 'USD' },
        at: T2,
      },
      payment: { status: 'paid', payment_id: 'pay_x81ks0' },
      external_reference: null,
      metadata: {},
      timeline: [
        { status: 'pending', at: T0 },
        { status: 'cancelled', at: T2 },
      ],
    };
    expect(contract.check(getOrder(cancelled, { method: 'DELETE' }))).toEqual([]);
  });

  it('rejects an unknown property', async () => {
    const contract = await loadContract(SPEC);
    const violations = contract.check(getOrder({ ...order(), surprise: true }));
    expect(violations).toEqual([
      "[error] body: Response body must NOT have additional properties; found 'surprise' (additionalProperties)",
    ]);
  });

  it('rejects a wrong type, naming the property', async () => {
    const contract = await loadContract(SPEC);
    const violations = contract.check(getOrder({ ...order(), distance_km: '2.41' }));
    expect(violations).toEqual([
      '[error] body.distance_km: Response body property distance_km must be number (type)',
    ]);
  });

  it('rejects a missing required field', async () => {
    const contract = await loadContract(SPEC);
    const withoutTimeline = order();
    delete withoutTimeline['timeline'];
    const violations = contract.check(getOrder(withoutTimeline));
    expect(violations).toEqual([
      "[error] body: Response body must have required property 'timeline' (required)",
    ]);
  });

  it('rejects nested violations (oneOf with null, pattern on a nullable string, date-time format)', async () => {
    const contract = await loadContract(SPEC);
    const body = {
      ...order(),
      driver: { ...(order()['driver'] as object), rating: 7 },
      payment: { status: 'paid', payment_id: 'not-a-payment-id' },
      updated_at: 'yesterday',
    };
    const violations = contract.check(getOrder(body)).join('\n');
    expect(violations).toContain(
      'body.driver.rating: Response body property driver.rating must be <= 5',
    );
    expect(violations).toContain(
      'body.driver: Response body property driver must match exactly one schema in oneOf',
    );
    expect(violations).toContain(
      'body.payment.payment_id: Response body property payment.payment_id must match pattern',
    );
    expect(violations).toContain(
      'body.updated_at: Response body property updated_at must match format "date-time"',
    );
  });

  it('rejects a missing or malformed X-Request-Id header', async () => {
    const contract = await loadContract(SPEC);
    const missing = contract.check(
      getOrder(order(), { headers: { 'content-type': 'application/json' } }),
    );
    expect(missing).toEqual([
      "[error] header: Response header must have required property 'x-request-id' (required)",
    ]);

    const malformed = contract.check(
      getOrder(order(), { headers: { ...headers(), 'X-Request-Id': 'abc' } }),
    );
    expect(malformed).toEqual([
      '[error] header.x-request-id: Response header parameter x-request-id must match pattern "^req_[A-Za-z0-9]+$" (pattern)',
    ]);
  });

  it('rejects a non-JSON content type and a missing body', async () => {
    const contract = await loadContract(SPEC);
    const text = contract.check(
      getOrder(order(), { headers: { ...headers(), 'content-type': 'text/html' } }),
    );
    expect(text.join('\n')).toContain('The received media type "text/html" does not match');

    const empty = contract.check(getOrder(undefined));
    expect(empty).toEqual(['[error] body: Response body must be object (type)']);
  });

  it('rejects a status code the operation does not declare (Warning for non-2xx, Error for 2xx)', async () => {
    const contract = await loadContract(SPEC);
    const serverError = contract.check(
      getOrder({ error: { code: 'internal', message: 'boom' } }, { status: 502 }),
    );
    expect(serverError).toEqual([
      '[warning] response: Unable to match the returned status code with those defined in the document: 200,400,401,403,404,429,500,503',
    ]);

    const createdAs200 = contract.check({
      method: 'POST',
      path: '/v1/orders',
      requestHeaders: { 'Content-Type': 'application/json', Authorization: 'Bearer sk_test_1' },
      status: 200,
      headers: headers(),
      body: { ...order(), status: 'pending', driver: null },
    });
    expect(createdAs200).toEqual([
      '[error] response: Unable to match the returned status code with those defined in the document: 201,400,401,402,403,413,429,500,503',
    ]);
  });

  it('accepts a declared error response and rejects a malformed one', async () => {
    const contract = await loadContract(SPEC);
    const notFound = { ...notFoundBody() };
    expect(contract.check(getOrder(notFound, { status: 404 }))).toEqual([]);

    const violations = contract.check(
      getOrder({ error: { code: 'not_found', message: 'nope' } }, { status: 404 }),
    );
    expect(violations).toContain(
      "[error] body.error: Response body property error must have required property 'request_id' (required)",
    );
  });

  it('accepts a valid 200 for GET /v1/drivers/available with a query', async () => {
    const contract = await loadContract(SPEC);
    const violations = contract.check({
      method: 'GET',
      path: '/v1/drivers/available',
      query: { lat: '40.7128', lng: '-74.006', radius: '3' },
      status: 200,
      headers: headers(),
      body: {
        drivers: [
          {
            driver_id: 'drv_4kd93ms02',
            name: 'Ana Souza',
            rating: 4.8,
            vehicle: { type: 'bicycle', description: 'Blue cargo bike', plate: null },
            location: { lat: 40.714, lng: -74.001 },
            distance_km: 0.45,
          },
        ],
        count: 1,
        total: 1,
        center: { lat: 40.7128, lng: -74.006 },
        radius_km: 3,
      },
    });
    expect(violations).toEqual([]);
  });

  it('routes /v1/orders/{order_id}/location and a path that still carries its query string', async () => {
    const contract = await loadContract(SPEC);
    const location = {
      order_id: 'ord_8f3kq2m9x7c1v5bz',
      driver_id: 'drv_4kd93ms02',
      location: { lat: 40.72, lng: -73.99 },
      heading_deg: 359.9,
      speed_kmh: 18.5,
      phase: 'to_pickup',
      distance_remaining_km: 1.2,
      eta_seconds: 240,
      updated_at: T1,
    };
    const exchange = getOrder(location, { path: '/v1/orders/ord_abc123/location' });
    expect(contract.check(exchange)).toEqual([]);
    expect(contract.check({ ...exchange, body: { ...location, heading_deg: 360 } })).toEqual([
      '[error] body.heading_deg: Response body property heading_deg must be < 360 (exclusiveMaximum)',
    ]);
    expect(contract.check({ ...exchange, path: '/v1/orders/ord_abc123/location?x=1' })).toEqual([]);
  });
});

describe('exchanges that match no operation', () => {
  it('accepts a 404 ErrorResponse for an unknown route and for a wrong method', async () => {
    const contract = await loadContract(SPEC);
    const unknown: ObservedExchange = {
      method: 'GET',
      path: '/v1/nope',
      status: 404,
      headers: headers(),
      body: notFoundBody(),
    };
    expect(contract.check(unknown)).toEqual([]);
    expect(contract.check({ ...unknown, method: 'PATCH', path: '/v1/orders/ord_abc123' })).toEqual(
      [],
    );
  });

  it('rejects a malformed 404 error body on an unknown route', async () => {
    const contract = await loadContract(SPEC);
    const exchange: ObservedExchange = {
      method: 'GET',
      path: '/v1/nope',
      status: 404,
      headers: { 'content-type': 'application/json' },
      body: { error: { code: 'route_not_found', message: 'No such route', extra: 1 } },
    };
    const violations = contract.check(exchange);
    expect(violations).toContain('[error] header: missing required header x-request-id');
    expect(violations).toContain(
      '[error] body.error.code: must be equal to one of the allowed values (enum)',
    );
    expect(violations).toContain(
      "[error] body.error: must NOT have additional properties; found 'extra' (additionalProperties)",
    );
    expect(violations).toContain(
      "[error] body.error: must have required property 'request_id' (required)",
    );
  });

  it('rejects anything else on an unknown route', async () => {
    const contract = await loadContract(SPEC);
    const base: ObservedExchange = {
      method: 'GET',
      path: '/v1/nope',
      status: 404,
      headers: headers(),
      body: notFoundBody(),
    };

    const notAnEnvelope = contract.check({ ...base, body: { message: 'Not Found' } });
    expect(notAnEnvelope).toHaveLength(1);
    expect(notAnEnvelope[0]).toMatch(
      /^\[error\] route: no operation in the document matches GET \/v1\/nope \(prism: .*no path matched/,
    );

    const ok200 = contract.check({ ...base, status: 200, body: { hello: 'world' } });
    expect(ok200[0]).toMatch(/got status 200$/);

    const wrongMethod405 = contract.check({
      ...base,
      method: 'PUT',
      path: '/v1/orders',
      status: 405,
    });
    expect(wrongMethod405[0]).toMatch(/no method matched/);
  });
});

describe('schemas prism would not enforce', () => {
  // Prism treats a schema Ajv cannot compile as "valid", and validates OpenAPI 3.1 schemas as
  // draft-07, ignoring 2020-12 keywords. The helper reports both instead of passing silently.
  const brokenDoc = [
    'openapi: 3.1.0',
    'info: { title: broken, version: 1.0.0 }',
    'paths:',
    '  /things:',
    '    get:',
    '      responses:',
    "        '200':",
    '          description: ok',
    '          content:',
    '            application/json:',
    '              schema: { type: string, pattern: "(unclosed" }',
    '  /pairs:',
    '    get:',
    '      responses:',
    "        '200':",
    '          description: ok',
    '          content:',
    '            application/json:',
    '              schema:',
    '                type: object',
    '                properties:',
    '                  unevaluatedProperties: { type: string }',
    '                  pair: { type: array, prefixItems: [{ type: string }, { type: integer }] }',
    '                additionalProperties: false',
    '  /empty:',
    '    delete:',
    '      responses:',
    "        '204':",
    '          description: no content',
    'components:',
    '  schemas:',
    '    ErrorResponse: { type: object }',
  ].join('\n');

  const withBrokenDoc = async (run: (file: string) => Promise<void>): Promise<void> => {
    const dir = await mkdtemp(join(tmpdir(), 'contract-'));
    try {
      const file = join(dir, 'broken.yaml');
      await writeFile(file, brokenDoc);
      await run(file);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };

  it('reports a schema Ajv cannot compile instead of letting every value pass', () =>
    withBrokenDoc(async (file) => {
      const contract = await loadContract(file);
      const violations = contract.check({
        method: 'GET',
        path: '/things',
        status: 200,
        headers: { 'content-type': 'application/json' },
        body: 42,
      });
      expect(violations).toHaveLength(1);
      expect(violations[0]).toMatch(
        /^\[error\] body \(application\/json\): prism cannot compile the schema of response 200 and would accept any value \(Invalid regular expression/,
      );
    }));

  it('reports a body on a response that declares no content (prism does not)', () =>
    withBrokenDoc(async (file) => {
      const contract = await loadContract(file);
      const exchange: ObservedExchange = {
        method: 'DELETE',
        path: '/empty',
        status: 204,
        headers: {},
        body: undefined,
      };
      expect(contract.check(exchange)).toEqual([]);
      expect(contract.check({ ...exchange, body: { deleted: true } })).toEqual([
        '[error] body: response 204 declares no content, but a body was returned',
      ]);
    }));

  it('reports 2020-12 keywords that prism ignores', () =>
    withBrokenDoc(async (file) => {
      const contract = await loadContract(file);
      const violations = contract.check({
        method: 'GET',
        path: '/pairs',
        status: 200,
        headers: { 'content-type': 'application/json' },
        body: { pair: [1, 'x'] },
      });
      expect(violations).toEqual([
        '[error] body (application/json): the schema of response 200 uses prefixItems, ' +
          'which prism validates as draft-07 and therefore ignores',
      ]);
    }));
});

describe('assert', () => {
  it('throws with the method, path, status, violations and the body', async () => {
    const contract = await loadContract(SPEC);
    const exchange = getOrder({ ...order(), distance_km: -1 });
    expect(() => contract.assert(exchange)).toThrow(
      /^Contract violation: GET \/v1\/orders\/ord_8f3kq2m9x7c1v5bz -> 200\n {2}- \[error\] body\.distance_km: .* must be >= 0 \(minimum\)\nBody:\n\{\n {2}"order_id": "ord_8f3kq2m9x7c1v5bz"/,
    );
  });

  it('truncates a large body to about 2 KB', async () => {
    const contract = await loadContract(SPEC);
    const items = Array.from({ length: 100 }, (_, i) => ({
      name: `Item ${i}`,
      quantity: 1,
      unit_price: 100,
    }));
    let message = '';
    try {
      contract.assert(getOrder({ ...order(), items, bogus: 1 }));
    } catch (error) {
      message = error instanceof Error ? error.message : String(error);
    }
    expect(message).toMatch(/… \(truncated, \d+ characters in all\)$/);
    expect(message.length).toBeLessThan(2600);
  });
});

describe('timing', () => {
  it('checks an exchange in well under a millisecond once warm', async () => {
    const contract = await loadContract(SPEC);
    const exchange = getOrder(order());
    contract.check(exchange); // compiles the Ajv validator for this response
    const runs = 200;
    const started = performance.now();
    for (let i = 0; i < runs; i += 1) contract.check(exchange);
    const perCheck = (performance.now() - started) / runs;
    console.info(
      `contract: loadContract ${contract.loadMs.toFixed(1)} ms, check ${perCheck.toFixed(3)} ms`,
    );
    expect(perCheck).toBeLessThan(20);
  });
});

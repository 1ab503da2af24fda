/** Bad input: request bodies that are not a JSON object, too large, or nested too deep. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectInvalid, JSON_TYPE, rawOrder } from '../support/bad-input.js';
import { expectError, SAMPLE_ORDER, TestSandbox } from '../support/test-sandbox.js';

let t: TestSandbox;
beforeAll(async () => {
  t = await TestSandbox.start();
});
afterAll(() => t.close());

describe('a body that is not a JSON object', () => {
  it.each([
    { what: 'truncated JSON', raw: '{"pickup":' },
    { what: 'a bare word', raw: 'pickup' },
    { what: 'a JSON string', raw: '"an order"' },
    { what: 'a JSON number', raw: '42' },
    { what: 'JSON null', raw: 'null' },
    { what: 'JSON true', raw: 'true' },
    { what: 'a JSON array', raw: '[]' },
    { what: 'an array of orders', raw: JSON.stringify([SAMPLE_ORDER]) },
    { what: 'two JSON objects', raw: '{}{}' },
    { what: 'JSON with a trailing comma', raw: '{"pickup":{"address":"a"},}' },
    { what: 'JSON with single quotes', raw: "{'pickup':{}}" },
  ])('is refused with 400 naming the body: $what', async ({ raw }) => {
    const res = await t.request('POST', '/v1/orders', { raw, headers: JSON_TYPE });
    expectError(res, 400, 'invalid_request', { param: 'body' });
  });

  it('lists the missing fields of an empty JSON body sent as application/json', async () => {
    const res = await t.request('POST', '/v1/orders', { raw: '', headers: JSON_TYPE });
    expectError(res, 400, 'invalid_request');
    expect(['body', 'pickup']).toContain(res.body.error.param);
  });

  it('asks for a body when there is none at all', async () => {
    const res = await t.request('POST', '/v1/orders');
    expectInvalid(res, ['body']);
  });

  it('lists both missing places for an empty object', async () => {
    expectInvalid(await t.post('/v1/orders', {}), ['pickup', 'dropoff']);
  });
});

describe('the 1 MiB body limit', () => {
  const MIB = 1024 * 1024;
  const padded = (size: number): string => {
    const json = JSON.stringify(SAMPLE_ORDER);
    return json.slice(0, -1) + ' '.repeat(size - json.length) + '}';
  };

  it('accepts a body of exactly 1 MiB', async () => {
    const raw = padded(MIB);
    expect(Buffer.byteLength(raw)).toBe(MIB);
    const res = await t.request('POST', '/v1/orders', { raw, headers: JSON_TYPE });
    expect(res.status).toBe(201);
  });

  it.each([
    { what: 'one byte over 1 MiB', path: '/v1/orders', size: MIB + 1 },
    { what: '5 MiB', path: '/v1/orders', size: 5 * MIB },
    { what: '2 MiB, on payment', path: '/v1/orders/ord_x/payment', size: 2 * MIB },
  ])('answers 413 body_too_large for $what', async ({ path, size }) => {
    const res = await t.request('POST', path, { raw: padded(size), headers: JSON_TYPE });
    expectError(res, 413, 'invalid_request', { reason: 'body_too_large' });
  });
});

describe('deeply nested JSON', () => {
  const nested = (depth: number, inner = ''): string =>
    '['.repeat(depth) + inner + ']'.repeat(depth);

  it.each([
    { what: '10 000 arrays in a metadata value', field: 'metadata', depth: 10_000 },
    { what: '10 000 arrays in an unknown field', field: 'deep', depth: 10_000 },
    { what: '10 000 arrays in items', field: 'items', depth: 10_000 },
    { what: '100 000 arrays in a metadata value', field: 'metadata', depth: 100_000 },
  ])(
    'is refused with 400 json_too_deep naming the limit, before it is parsed: $what',
    async ({ field, depth }) => {
      const value = field === 'metadata' ? `{"k":${nested(depth, '1')}}` : nested(depth, '{"a":1}');
      const raw = rawOrder('top', `"${field}":${value}`);
      const res = await t.request('POST', '/v1/orders', { raw, headers: JSON_TYPE });
      expectError(res, 400, 'invalid_request', { reason: 'json_too_deep', param: 'body' });
      expect(res.body.error.message).toContain('deeper than 64 levels');
    },
  );

  it('is refused with 400 json_too_deep when it is 10 000 objects deep', async () => {
    const raw = rawOrder('top', `"deep":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`);
    const res = await t.request('POST', '/v1/orders', { raw, headers: JSON_TYPE });
    expectError(res, 400, 'invalid_request', { reason: 'json_too_deep', param: 'body' });
  });

  it('counts no bracket inside a string, and takes 60 levels in an unknown field as the schema says', async () => {
    const brackets = rawOrder('top', `"external_reference":"${'['.repeat(200)}"`);
    const within = rawOrder('top', `"deep":${nested(60, '{"a":1}')}`);
    const a = await t.request('POST', '/v1/orders', { raw: brackets, headers: JSON_TYPE });
    const b = await t.request('POST', '/v1/orders', { raw: within, headers: JSON_TYPE });
    expect(a.body.error?.reason).not.toBe('json_too_deep');
    expectInvalid(b, ['deep']);
  });

  it.each([
    { path: '/__sandbox/reset', depth: 400_000 },
    { path: '/__sandbox/clock/advance', depth: 100 },
    { path: '/__sandbox/webhook-endpoints', depth: 100 },
  ])(
    'is refused with 400 json_too_deep on $path ($depth deep), never a 500',
    async ({ path, depth }) => {
      const raw = `{"scenario":${nested(depth, '{}')}}`;
      const res = await t.request('POST', path, { raw, headers: JSON_TYPE });
      expectError(res, 400, 'invalid_request', { reason: 'json_too_deep', param: 'body' });
    },
  );
});

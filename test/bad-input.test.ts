import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectError,
  KEYS,
  SAMPLE_ORDER,
  TestSandbox,
  type Reply,
} from './support/test-sandbox.js';

const ERROR_CODES = [
  'invalid_request',
  'unauthorized',
  'payment_required',
  'forbidden',
  'not_found',
];
const JSON_TYPE = { 'Content-Type': 'application/json' };

/** A 400 validation error whose `details` name exactly `params` (one entry each) and `param` the first. */
function expectInvalid(res: Reply<any>, params: string[]): void {
  expectError(res, 400, 'invalid_request');
  const listed = (res.body.error.details as { param: string }[]).map((d) => d.param);
  expect([...listed].sort()).toEqual([...params].sort());
  expect(res.body.error.param).toBe(listed[0]);
  for (const detail of res.body.error.details) expect(detail.message).toEqual(expect.any(String));
}

/** A deep copy of the sample order with `patch` applied. */
function order(patch: (o: any) => void = () => undefined): any {
  const o = structuredClone(SAMPLE_ORDER) as any;
  patch(o);
  return o;
}

/** The sample order as JSON text with `extra` (raw JSON members) spliced into an object. */
function rawOrder(where: 'top' | 'pickup' | 'item', extra: string): string {
  const json = JSON.stringify(SAMPLE_ORDER);
  if (where === 'top') return `${json.slice(0, -1)},${extra}}`;
  if (where === 'pickup') return json.replace('"pickup":{', `"pickup":{${extra},`);
  return json.replace('"items":[{', `"items":[{${extra},`);
}

const ORDER_KEYS = [
  'cancellation',
  'created_at',
  'distance_km',
  'driver',
  'dropoff',
  'eta',
  'external_reference',
  'items',
  'metadata',
  'order_id',
  'payment',
  'pickup',
  'pricing',
  'status',
  'timeline',
  'updated_at',
];

/** Mulberry32: a tiny deterministic PRNG, so the storm is the same on every run. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

describe('bad input', () => {
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

  describe('a body that is not JSON', () => {
    it.each([
      { type: 'text/plain', raw: JSON.stringify(SAMPLE_ORDER) },
      { type: 'application/x-www-form-urlencoded', raw: 'pickup=1+Main+St&dropoff=2+Main+St' },
      { type: 'multipart/form-data; boundary=xyz', raw: '--xyz\r\n\r\n{}\r\n--xyz--' },
      { type: 'application/xml', raw: '<order/>' },
      { type: 'no Content-Type', raw: new TextEncoder().encode(JSON.stringify(SAMPLE_ORDER)) },
    ])(
      'is refused with 400 unsupported_content_type naming Content-Type ($type)',
      async ({ type, raw }) => {
        const res = await t.request('POST', '/v1/orders', {
          raw,
          headers: type === 'no Content-Type' ? {} : { 'Content-Type': type },
        });
        expectError(res, 400, 'invalid_request', {
          param: 'Content-Type',
          reason: 'unsupported_content_type',
        });
      },
    );

    it('is refused with 400 naming Content-Type when the charset is not UTF-8', async () => {
      const res = await t.request('POST', '/v1/orders', {
        raw: JSON.stringify(SAMPLE_ORDER),
        headers: { 'Content-Type': 'application/json; charset=latin1' },
      });
      expectError(res, 400, 'invalid_request', {
        param: 'Content-Type',
        reason: 'unsupported_content_type',
      });
    });

    it('is refused with 400 naming Content-Encoding when the encoding is unsupported', async () => {
      const res = await t.request('POST', '/v1/orders', {
        raw: JSON.stringify(SAMPLE_ORDER),
        headers: { ...JSON_TYPE, 'Content-Encoding': 'compress' },
      });
      expectError(res, 400, 'invalid_request', { param: 'Content-Encoding' });
    });

    it('is refused with 400 when it claims gzip but is not', async () => {
      const res = await t.request('POST', '/v1/orders', {
        raw: JSON.stringify(SAMPLE_ORDER),
        headers: { ...JSON_TYPE, 'Content-Encoding': 'gzip' },
      });
      expectError(res, 400, 'invalid_request');
      expect(['body', 'Content-Encoding']).toContain(res.body.error.param);
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

  describe('a field of POST /v1/orders with the wrong type or out of range', () => {
    it.each([
      { what: 'pickup is a string', param: 'pickup', body: order((o) => (o.pickup = '1 Main')) },
      { what: 'dropoff is null', param: 'dropoff', body: order((o) => (o.dropoff = null)) },
      {
        what: 'pickup.address is missing',
        param: 'pickup.address',
        body: order((o) => delete o.pickup.address),
      },
      {
        what: 'pickup.address is a number',
        param: 'pickup.address',
        body: order((o) => (o.pickup.address = 42)),
      },
      {
        what: 'pickup.address is empty',
        param: 'pickup.address',
        body: order((o) => (o.pickup.address = '')),
      },
      {
        what: 'pickup.address has 501 characters',
        param: 'pickup.address',
        body: order((o) => (o.pickup.address = 'a'.repeat(501))),
      },
      {
        what: 'pickup.location.lat is a string',
        param: 'pickup.location.lat',
        body: order((o) => (o.pickup.location.lat = '37.79')),
      },
      {
        what: 'pickup.location.lat is 91',
        param: 'pickup.location.lat',
        body: order((o) => (o.pickup.location.lat = 91)),
      },
      {
        what: 'pickup.location.lat is 1e400 (Infinity once parsed)',
        param: 'pickup.location.lat',
        raw: JSON.stringify(SAMPLE_ORDER).replace('37.7955', '1e400'),
      },
      {
        what: 'dropoff.location.lng is -181',
        param: 'dropoff.location.lng',
        body: order((o) => (o.dropoff.location.lng = -181)),
      },
      {
        what: 'dropoff.location has no lng',
        param: 'dropoff.location.lng',
        body: order((o) => delete o.dropoff.location.lng),
      },
      {
        what: 'pickup.phone has letters',
        param: 'pickup.phone',
        body: order((o) => (o.pickup.phone = 'call me maybe')),
      },
      {
        what: 'pickup.name is empty',
        param: 'pickup.name',
        body: order((o) => (o.pickup.name = '')),
      },
      {
        what: 'pickup.instructions has 1001 characters',
        param: 'pickup.instructions',
        body: order((o) => (o.pickup.instructions = 'x'.repeat(1001))),
      },
      { what: 'items is not an array', param: 'items', body: order((o) => (o.items = {})) },
      {
        what: 'items has 101 entries',
        param: 'items',
        body: order((o) => (o.items = Array.from({ length: 101 }, () => o.items[0]))),
      },
      {
        what: 'an item is a string',
        param: 'items[0]',
        body: order((o) => (o.items = ['Pad thai'])),
      },
      {
        what: 'an item quantity is 0',
        param: 'items[0].quantity',
        body: order((o) => (o.items[0].quantity = 0)),
      },
      {
        what: 'an item quantity is 1.5',
        param: 'items[0].quantity',
        body: order((o) => (o.items[0].quantity = 1.5)),
      },
      {
        what: 'an item unit_price is negative',
        param: 'items[0].unit_price',
        body: order((o) => (o.items[0].unit_price = -1)),
      },
      {
        what: 'an item has no name',
        param: 'items[0].name',
        body: order((o) => delete o.items[0].name),
      },
      { what: 'tip is -1', param: 'tip', body: order((o) => (o.tip = -1)) },
      { what: 'tip is the string "2"', param: 'tip', body: order((o) => (o.tip = '2')) },
      { what: 'tip is 2.5', param: 'tip', body: order((o) => (o.tip = 2.5)) },
      { what: 'tip is over 100000', param: 'tip', body: order((o) => (o.tip = 100_001)) },
      {
        what: 'external_reference has 65 characters',
        param: 'external_reference',
        body: order((o) => (o.external_reference = 'r'.repeat(65))),
      },
      {
        what: 'external_reference is a number',
        param: 'external_reference',
        body: order((o) => (o.external_reference = 12)),
      },
      {
        what: 'metadata has 21 keys',
        param: 'metadata',
        body: order(
          (o) =>
            (o.metadata = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 'v']))),
        ),
      },
      {
        what: 'metadata is an array',
        param: 'metadata',
        body: order((o) => (o.metadata = ['a'])),
      },
      {
        what: 'a metadata value is a number',
        param: 'metadata.table',
        body: order((o) => (o.metadata = { table: 12 })),
      },
      {
        what: 'a metadata value has 501 characters',
        param: 'metadata.note',
        body: order((o) => (o.metadata = { note: 'n'.repeat(501) })),
      },
      {
        what: 'a metadata key has 41 characters',
        param: `metadata.${'k'.repeat(41)}`,
        body: order((o) => (o.metadata = { ['k'.repeat(41)]: 'v' })),
      },
      {
        what: 'a metadata key is empty',
        param: 'metadata.',
        body: order((o) => (o.metadata = { '': 'v' })),
      },
    ])('is refused with 400 naming it when $what', async (c) => {
      const res =
        'raw' in c
          ? await t.request('POST', '/v1/orders', { raw: c.raw, headers: JSON_TYPE })
          : await t.post('/v1/orders', c.body);
      expectInvalid(res, [c.param]);
    });
  });

  describe('an unknown field', () => {
    it.each([
      { where: 'at the top level', param: 'colour', body: order((o) => (o.colour = 'red')) },
      {
        where: 'in pickup',
        param: 'pickup.color',
        body: order((o) => (o.pickup.color = 'red')),
      },
      {
        where: 'in a location',
        param: 'dropoff.location.alt',
        body: order((o) => (o.dropoff.location.alt = 12)),
      },
      {
        where: 'in an item',
        param: 'items[0].sku',
        body: order((o) => (o.items[0].sku = 'A1')),
      },
      {
        where: 'with a misspelt name',
        param: 'dropof',
        body: order((o) => ((o.dropof = o.dropoff), delete o.dropoff)),
        also: ['dropoff'],
      },
    ])('is refused with 400 naming the field $where', async ({ body, param, also }) => {
      expectInvalid(await t.post('/v1/orders', body), [param, ...(also ?? [])]);
    });
  });

  describe('__proto__, constructor and prototype keys', () => {
    it.each([
      {
        where: '__proto__ at the top level',
        param: '__proto__',
        raw: rawOrder('top', '"__proto__":{"polluted":"yes"}'),
      },
      {
        where: 'constructor at the top level',
        param: 'constructor',
        raw: rawOrder('top', '"constructor":{"prototype":{"polluted":"yes"}}'),
      },
      {
        where: '__proto__ in pickup',
        param: 'pickup.__proto__',
        raw: rawOrder('pickup', '"__proto__":{"polluted":"yes"}'),
      },
      {
        where: 'constructor in pickup',
        param: 'pickup.constructor',
        raw: rawOrder('pickup', '"constructor":{"prototype":{"polluted":"yes"}}'),
      },
      {
        where: '__proto__ in an item',
        param: 'items[0].__proto__',
        raw: rawOrder('item', '"__proto__":{"polluted":"yes"}'),
      },
      {
        where: '__proto__ in metadata',
        param: 'metadata.__proto__',
        raw: rawOrder('top', '"metadata":{"__proto__":"yes"}'),
      },
      {
        where: 'constructor in metadata',
        param: 'metadata.constructor',
        raw: rawOrder('top', '"metadata":{"constructor":"yes"}'),
      },
      {
        where: 'prototype in metadata',
        param: 'metadata.prototype',
        raw: rawOrder('top', '"metadata":{"prototype":"yes"}'),
      },
    ])('are refused with 400 naming them: $where', async ({ raw, param }) => {
      const res = await t.request('POST', '/v1/orders', { raw, headers: JSON_TYPE });
      expectInvalid(res, [param]);
    });

    it('leave no trace: a valid order afterwards has exactly the usual fields', async () => {
      const created = await t.createOrder();
      expect(Object.keys(created).sort()).toEqual(ORDER_KEYS);
      expect(created.metadata).toEqual({});
      expect(Object.keys(created.pickup).sort()).toEqual(
        ['address', 'instructions', 'location', 'name', 'phone'].sort(),
      );
      expect(created.polluted).toBeUndefined();
      expect(created.metadata.polluted).toBeUndefined();
      expect(Object.prototype).not.toHaveProperty('polluted');
      const again = await t.get(`/v1/orders/${created.order_id}`);
      expect(again.body).toEqual(created);
    });

    it('are plain data when they name Object methods a client may use (toString, hasOwnProperty)', async () => {
      const metadata = { toString: 'a', hasOwnProperty: 'b', valueOf: 'c' };
      const created = await t.createOrder({ metadata });
      expect(created.metadata).toEqual(metadata);
    });
  });

  describe('a body with several problems at once', () => {
    it('lists one detail per problem, each naming its own param', async () => {
      const body = {
        pickup: { address: 5, location: { lat: 91, lng: 0 } },
        dropoff: { address: '' },
        items: [{ name: 'Pad thai', quantity: 0, unit_price: -5 }],
        tip: 'lots',
        external_reference: 'r'.repeat(65),
        colour: 'red',
      };
      const expected = [
        'pickup.address',
        'pickup.location.lat',
        'dropoff.address',
        'items[0].quantity',
        'items[0].unit_price',
        'tip',
        'external_reference',
        'colour',
      ];
      const res = await t.post('/v1/orders', body);
      expectInvalid(res, expected);
      expect(new Set(res.body.error.details.map((d: any) => d.param)).size).toBe(expected.length);
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
    ])('is refused with 400, not a crash: $what', async ({ field, depth }) => {
      const value = field === 'metadata' ? `{"k":${nested(depth, '1')}}` : nested(depth, '{"a":1}');
      const raw = rawOrder('top', `"${field}":${value}`);
      const res = await t.request('POST', '/v1/orders', { raw, headers: JSON_TYPE });
      expectError(res, 400, 'invalid_request');
      if (depth === 10_000) {
        const param = { metadata: 'metadata.k', deep: 'deep', items: 'items[0]' }[field];
        expect(res.body.error.param).toBe(param);
      }
    });

    it('is refused with 400 when it is 10 000 objects deep', async () => {
      const raw = rawOrder('top', `"deep":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`);
      const res = await t.request('POST', '/v1/orders', { raw, headers: JSON_TYPE });
      expectInvalid(res, ['deep']);
    });
  });

  describe('unicode', () => {
    it.each([
      { what: 'accents', address: 'Calle de Alcalá 42, Madrid' },
      { what: 'CJK', address: '東京都千代田区丸の内1丁目' },
      { what: 'a right-to-left script', address: 'شارع الملك فهد، الرياض' },
      { what: 'emoji', address: '🍜 Noodle Bar, 12 Market St 🚲' },
      { what: 'ZWJ sequences and flags', address: '👩‍🍳 Kitchen 🇺🇸, Pier 5' },
      { what: 'combining marks', address: 'Cafe\u0301 Noe\u0308l, 3 Rue' },
      { what: '500 emoji (the limit counts characters)', address: '🍕'.repeat(500) },
    ])('in addresses is accepted and returned as sent ($what)', async ({ address }) => {
      const body = order((o) => {
        o.pickup.address = address;
        o.dropoff.address = address;
        delete o.dropoff.location;
        o.pickup.name = address.slice(0, 20);
        o.metadata = { [address.slice(0, 10)]: address.slice(0, 30) };
      });
      const res = await t.post('/v1/orders', body);
      expect(res.status).toBe(201);
      expect(res.body.pickup.address).toBe(address);
      expect(res.body.dropoff.address).toBe(address);
      expect(res.body.metadata).toEqual(body.metadata);
      expect((await t.get(`/v1/orders/${res.body.order_id}`)).body).toEqual(res.body);
    });
  });

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
    it.each([
      '/v1/nope',
      '/nope',
      '/v1',
      '/v1/orders/ord_x/nope',
      '/v1/drivers',
      '/__sandbox/nope',
    ])('an unknown route %s answers 404 route_not_found in JSON, never HTML', async (path) => {
      const res = await t.get(path, { headers: { Accept: 'text/html' } });
      expectError(res, 404, 'not_found', { reason: 'route_not_found' });
    });

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

  describe('the query of GET /v1/drivers/available', () => {
    it.each([
      { what: 'lat is missing', query: 'lng=-122.42', params: ['lat'] },
      { what: 'lat and lng are missing', query: 'radius=2', params: ['lat', 'lng'] },
      { what: 'there is no query at all', query: '', params: ['lat', 'lng'] },
      { what: 'lat is abc', query: 'lat=abc&lng=-122.42', params: ['lat'] },
      { what: 'lat is empty', query: 'lat=&lng=-122.42', params: ['lat'] },
      { what: 'lat is only a space', query: 'lat=%20&lng=-122.42', params: ['lat'] },
      { what: 'lat is 91', query: 'lat=91&lng=-122.42', params: ['lat'] },
      { what: 'lng is 180.5', query: 'lat=37.77&lng=180.5', params: ['lng'] },
      { what: 'radius is 0', query: 'lat=37.77&lng=-122.42&radius=0', params: ['radius'] },
      { what: 'radius is 51', query: 'lat=37.77&lng=-122.42&radius=51', params: ['radius'] },
      { what: 'radius is -1', query: 'lat=37.77&lng=-122.42&radius=-1', params: ['radius'] },
      { what: 'lat is given twice', query: 'lat=37.77&lat=37.78&lng=-122.42', params: ['lat'] },
      {
        what: 'lat uses bracket syntax',
        query: 'lat[]=37.77&lng=-122.42',
        params: ['lat', 'lat[]'],
      },
      {
        what: 'an unknown parameter is given',
        query: 'lat=37.77&lng=-122.42&foo=1',
        params: ['foo'],
      },
      { what: 'lat is Infinity', query: 'lat=Infinity&lng=-122.42', params: ['lat'] },
      { what: 'lat is 1e400', query: 'lat=1e400&lng=-122.42', params: ['lat'] },
      { what: 'lat is NaN', query: 'lat=NaN&lng=-122.42', params: ['lat'] },
      { what: 'lng is -Infinity', query: 'lat=37.77&lng=-Infinity', params: ['lng'] },
      {
        what: 'radius is Infinity',
        query: 'lat=37.77&lng=-122.42&radius=Infinity',
        params: ['radius'],
      },
      { what: 'lat is hexadecimal 0x10', query: 'lat=0x10&lng=-122.42', params: ['lat'] },
      { what: 'lat is binary 0b1', query: 'lat=0b1&lng=-122.42', params: ['lat'] },
    ])('is refused with 400 naming the parameter when $what', async ({ query, params }) => {
      expectInvalid(await t.get(`/v1/drivers/available?${query}`), params);
    });

    it('accepts plain decimal numbers, negative and in exponent form', async () => {
      const res = await t.get('/v1/drivers/available?lat=3.7749e1&lng=-122.4194&radius=50');
      expect(res.status).toBe(200);
      expect(res.body.center).toEqual({ lat: 37.749, lng: -122.4194 });
      expect(res.body.radius_km).toBe(50);
    });
  });

  describe('the Idempotency-Key header', () => {
    it.each([
      { what: '256 characters', key: 'k'.repeat(256) },
      { what: 'empty', key: '' },
    ])('is refused with 400 naming Idempotency-Key when $what', async ({ key }) => {
      const res = await t.post('/v1/orders', SAMPLE_ORDER, { headers: { 'Idempotency-Key': key } });
      expectError(res, 400, 'invalid_request', { param: 'Idempotency-Key' });
    });

    it('is accepted at 255 characters', async () => {
      const res = await t.post('/v1/orders', SAMPLE_ORDER, {
        headers: { 'Idempotency-Key': 'k'.repeat(255) },
      });
      expect(res.status).toBe(201);
    });
  });

  describe('the body of POST /v1/orders/{id}/payment', () => {
    let orderId: string;
    beforeAll(async () => {
      orderId = (await t.createOrder()).order_id;
    });

    it.each([
      { what: 'payment_method is missing', body: {}, params: ['payment_method'] },
      {
        what: 'payment_method is a number',
        body: { payment_method: 4242 },
        params: ['payment_method'],
      },
      { what: 'payment_method is empty', body: { payment_method: '' }, params: ['payment_method'] },
      {
        what: 'amount is a string',
        body: { payment_method: 'pm_card_visa', amount: '910' },
        params: ['amount'],
      },
      {
        what: 'amount is negative',
        body: { payment_method: 'pm_card_visa', amount: -1 },
        params: ['amount'],
      },
      {
        what: 'amount is fractional',
        body: { payment_method: 'pm_card_visa', amount: 9.1 },
        params: ['amount'],
      },
      {
        what: 'there is an unknown field',
        body: { payment_method: 'pm_card_visa', card_number: '4242424242424242' },
        params: ['card_number'],
      },
      {
        what: 'currency is lowercase',
        body: { payment_method: 'pm_card_visa', currency: 'usd' },
        params: ['currency'],
      },
      {
        what: 'the body is an array',
        body: [{ payment_method: 'pm_card_visa' }],
        params: ['body'],
      },
      {
        what: 'everything is wrong at once',
        body: { amount: 'x', currency: 'dollars', extra: true },
        params: ['payment_method', 'amount', 'currency', 'extra'],
      },
    ])('is refused with 400 when $what', async ({ body, params }) => {
      expectInvalid(await t.post(`/v1/orders/${orderId}/payment`, body), params);
    });

    it('is refused with 400 when it is malformed JSON', async () => {
      const res = await t.request('POST', `/v1/orders/${orderId}/payment`, {
        raw: '{"payment_method":',
        headers: JSON_TYPE,
      });
      expectError(res, 400, 'invalid_request', { param: 'body' });
    });

    it('leaves the order unpaid after all the refused payments', async () => {
      expect((await t.get(`/v1/orders/${orderId}`)).body.payment.status).toBe('unpaid');
    });
  });

  describe('a storm of malformed and odd requests', () => {
    const rand = prng(0x5eed);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;
    const chance = (p: number): boolean => rand() < p;
    const junkString = (max: number): string => {
      const alphabet = [
        'a',
        'Z',
        '0',
        ' ',
        '"',
        '\\',
        '{',
        '}',
        '[',
        ']',
        ',',
        ':',
        'é',
        '🍜',
        '\u0000',
        '%',
      ];
      return Array.from({ length: Math.floor(rand() * max) }, () => pick(alphabet)).join('');
    };
    const junkJson = (depth: number): unknown => {
      const kind = Math.floor(rand() * (depth > 3 ? 5 : 7));
      if (kind === 0) return null;
      if (kind === 1) return chance(0.5);
      if (kind === 2) return pick([0, -1, 1.5, 1e308, -0, 91, 2 ** 53 + 1]);
      if (kind === 3) return junkString(20);
      if (kind === 4) return pick(['pm_card_visa', 'pm_card_declined', 'usd', 'USD', '__proto__']);
      if (kind === 5)
        return Array.from({ length: Math.floor(rand() * 4) }, () => junkJson(depth + 1));
      const keys = [
        'pickup',
        'dropoff',
        'address',
        'location',
        'lat',
        'lng',
        'items',
        'tip',
        'metadata',
        'amount',
        'payment_method',
        'currency',
        'constructor',
        'x',
      ];
      return Object.fromEntries(
        Array.from({ length: Math.floor(rand() * 5) }, () => [pick(keys), junkJson(depth + 1)]),
      );
    };
    const mutateOrder = (): unknown =>
      order((o) => {
        const fields = ['pickup', 'dropoff', 'items', 'tip', 'metadata', 'external_reference'];
        const field = pick(fields);
        if (chance(0.5)) o[field] = junkJson(1);
        else if (field === 'pickup' || field === 'dropoff')
          o[field][pick(['address', 'location', 'name', 'phone', 'x'])] = junkJson(2);
        else delete o[field];
      });

    const bodies: (() => { raw?: string | Uint8Array; body?: unknown })[] = [
      () => ({}),
      () => ({ body: SAMPLE_ORDER }),
      () => ({ body: mutateOrder() }),
      () => ({ body: mutateOrder() }),
      () => ({ body: junkJson(0) }),
      () => ({ body: { payment_method: pick(['pm_card_visa', 'pm_card_declined', 'visa', '']) } }),
      () => {
        const json = JSON.stringify(SAMPLE_ORDER);
        return { raw: json.slice(0, Math.floor(rand() * json.length)) };
      },
      () => ({ raw: junkString(200) }),
      () => ({
        raw: Uint8Array.from({ length: Math.floor(rand() * 300) }, () => Math.floor(rand() * 256)),
      }),
      () => {
        const depth = Math.floor(rand() * 5000);
        return { raw: '['.repeat(depth) + ']'.repeat(depth) };
      },
      () => ({ raw: `{"pickup":{"address":"${'x'.repeat(200_000)}"}}` }),
      () => ({ raw: '' }),
    ];
    /** The documented method of each path first; a random one is swapped in now and then. */
    const routes: [string, string][] = [
      ['POST', '/v1/orders'],
      ['POST', '/v1/orders'],
      ['POST', '/v1/orders'],
      ['GET', '/v1/orders/{order}'],
      ['DELETE', '/v1/orders/{order}'],
      ['GET', '/v1/orders/{order}/location'],
      ['POST', '/v1/orders/{order}/payment'],
      ['POST', '/v1/orders/{order}/payment'],
      ['GET', '/v1/orders/ord_does_not_exist'],
      ['GET', '/v1/orders/{junk}'],
      ['POST', '/v1/orders/{junk}/payment'],
      ['GET', '/v1/drivers/available?{query}'],
      ['GET', '/v1/drivers/available?{query}'],
      ['GET', '/v1/nope'],
      ['POST', '/v1/orders/{order}/payment/extra'],
      ['GET', '/nope/{junk}'],
      ['GET', '/__sandbox/events?{query}'],
    ];
    const junkSegments = [
      '__proto__',
      'constructor',
      '%',
      '%E0%A4%A',
      '..%2F..%2F',
      '%00',
      encodeURIComponent('🍜'),
      'a'.repeat(3000),
      'ord_',
      'ord_%20',
      '%2F',
    ];
    const queryValues = [
      '37.77',
      '-122.42',
      'abc',
      '',
      '91',
      '-181',
      'Infinity',
      '1e400',
      'NaN',
      '0x10',
      '%20',
      '5',
      '0',
      '51',
      '-1',
      '%E0%A4%A',
    ];
    const queryKeys = [
      'lat',
      'lng',
      'radius',
      'foo',
      'lat[]',
      'order_id',
      'event',
      '__proto__',
      'constructor',
    ];
    const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
    const auths = [
      `Bearer ${KEYS.acme}`,
      `Bearer ${KEYS.acme}`,
      `Bearer ${KEYS.acmeReadOnly}`,
      `Bearer ${KEYS.globex}`,
      `Bearer ${KEYS.delinquent}`,
      'Bearer sk_test_nope1234',
      'Bearer',
      'Basic Zm9vOmJhcg==',
      'Bearer sk_live_xxxx',
      '',
      undefined,
    ];
    const contentTypes = [
      'application/json',
      'application/json',
      'application/json; charset=utf-8',
      'application/json; charset=utf-16',
      'APPLICATION/JSON',
      'application/merge-patch+json',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data',
      '*/*',
      'application/json; charset=nope',
      undefined,
    ];

    const storm = Array.from({ length: 200 }, (_, i) => {
      const [documented, template] = pick(routes);
      const method = chance(0.8) ? documented : pick(methods);
      const path = template
        .replace('{junk}', pick(junkSegments))
        .replace(
          '{query}',
          Array.from(
            { length: Math.floor(rand() * 4) },
            () => `${pick(queryKeys)}=${pick(queryValues)}`,
          ).join('&'),
        );
      const headers: Record<string, string> = {};
      const auth = chance(0.6) ? `Bearer ${KEYS.acme}` : pick(auths);
      if (auth !== undefined) headers.Authorization = auth;
      const contentType = chance(0.5) ? 'application/json' : pick(contentTypes);
      if (contentType !== undefined) headers['Content-Type'] = contentType;
      if (chance(0.2)) headers['Idempotency-Key'] = junkString(300).replace(/[^\x21-\x7e]/g, 'k');
      if (chance(0.1))
        headers['Content-Encoding'] = pick(['gzip', 'deflate', 'br', 'compress', 'identity']);
      if (chance(0.1)) headers.Accept = pick(['text/html', 'application/xml', '*/*']);
      const payload = method === 'GET' ? {} : pick(bodies)();
      return { name: `#${i} ${method} ${path.slice(0, 70)}`, method, path, headers, payload };
    });

    let orderId: string;
    beforeAll(async () => {
      orderId = (await t.createOrder()).order_id;
    });

    it.each(storm)(
      '$name answers below 500, in JSON',
      async ({ method, path, headers, payload }) => {
        const res = await t.request(method, path.replace('{order}', orderId), {
          key: null,
          headers,
          ...payload,
        });
        expect(res.status).toBeLessThan(500);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        if (res.status >= 400) {
          expect(ERROR_CODES).toContain(res.body.error.code);
          expect(res.body.error.request_id).toBe(res.headers['x-request-id']);
        }
      },
    );

    it('leaves the sandbox healthy afterwards', async () => {
      const res = await t.get('/__sandbox/health');
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('ok');
      expect((await t.get('/v1/drivers/available?lat=37.7749&lng=-122.4194')).status).toBe(200);
    });
  });
});

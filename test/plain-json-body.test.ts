import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send, type RawReply } from './support/raw-http.js';
import { KEYS, TestSandbox } from './support/test-sandbox.js';

// A plain JSON body (src/http/middleware/json-body.ts: `application/json`, UTF-8, a declared
// length, no Content-Encoding) is read by `readPlainJson`, on the fast path of POST /v1/orders
// and on the Express chain alike; any other body by body-parser. The same bytes must get the same
// answer either way: here each body is sent plain, then with `Content-Encoding: identity` (which
// body-parser reads as it is), and the two answers compared.
describe('a plain JSON body, read as body-parser reads it', () => {
  let t: TestSandbox;
  let port: number;
  beforeAll(async () => {
    t = await TestSandbox.start();
    port = Number(new URL(t.url).port);
  });
  afterAll(() => t.close());

  const create = (body: Buffer, headers: Record<string, string> = {}): Promise<RawReply> =>
    send(port, 'POST', '/v1/orders', {
      headers: {
        Authorization: `Bearer ${KEYS.acme}`,
        'Content-Type': 'application/json',
        'Content-Length': String(body.length),
        ...headers,
      },
      body,
    });
  const comparable = (res: RawReply): unknown =>
    res.status === 201
      ? { status: 201, address: res.json.pickup.address }
      : {
          status: res.status,
          text: res.text.replaceAll(res.headers['x-request-id'] ?? '-', 'req_ID'),
        };

  const order = (address: string): string =>
    `{"pickup":{"address":"${address}"},"dropoff":{"address":"2 Castro St"}}`;
  const bytes = (...parts: (string | number[])[]): Buffer =>
    Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : Buffer.from(p))));

  it.each([
    ['an order', bytes(order('1 Market St')), 201, null],
    [
      'an order after a byte-order mark',
      bytes([0xef, 0xbb, 0xbf], order('1 Market St')),
      201,
      null,
    ],
    ['cut short', bytes('{"pickup":'), 400, 'malformed_json'],
    ['trailing text', bytes('{"a":1}x'), 400, 'malformed_json'],
    ['a string', bytes('"just a string"'), 400, 'malformed_json'],
    ['a number between spaces', bytes('  42  '), 400, 'malformed_json'],
    ['only spaces', bytes('   \n '), 400, 'malformed_json'],
    ['a misspelt literal', bytes('nul'), 400, 'malformed_json'],
    ['a string after a byte-order mark', bytes([0xef, 0xbb, 0xbf], '"x"'), 400, 'malformed_json'],
    ['an empty object', bytes('{}'), 400, 'invalid_request'],
    ['an array', bytes('[1,2]'), 400, 'invalid_request'],
    ['nested past the limit', bytes('['.repeat(100), ']'.repeat(100)), 400, 'json_too_deep'],
  ] as const)('%s', async (_name, body, status, reason) => {
    const plain = await create(body);
    const general = await create(body, { 'Content-Encoding': 'identity' });
    expect(plain.status).toBe(status);
    // A schema failure is the `invalid_request` code; the others say their reason.
    if (reason !== null) expect(plain.json.error.reason ?? plain.json.error.code).toBe(reason);
    expect(comparable(plain)).toEqual(comparable(general));
  });

  it('keeps bytes that are not UTF-8 as body-parser decodes them', async () => {
    const body = bytes(
      '{"pickup":{"address":"1 Market St',
      [0xff, 0xfe],
      '"},"dropoff":{"address":"2 Castro St"}}',
    );
    const plain = await create(body);
    const general = await create(body, { 'Content-Encoding': 'identity' });
    expect(plain.status).toBe(201);
    expect(plain.json.pickup.address).toBe('1 Market St\ufffd\ufffd');
    expect(comparable(plain)).toEqual(comparable(general));
  });

  it('journals the bytes of a body that does not parse', async () => {
    await t.request('DELETE', '/__sandbox/requests');
    await create(bytes('{"pickup":'));
    const [entry] = (await t.get('/__sandbox/requests')).body.requests;
    expect(entry).toMatchObject({
      operation: 'createOrder',
      status: 400,
      request: { body: { text: '{"pickup":' } },
    });
  });
});

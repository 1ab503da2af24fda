/**
 * Bad input: a storm of malformed and odd requests, as fast-check properties. Each property sends
 * generated requests to a group of routes — the documented method or now and then another, junk
 * path segments and queries, odd auth and content headers, and bodies from a valid order to random
 * bytes — and checks that every answer is below 500, in JSON, and any error has a known code. The
 * seed is fixed, so every run sends the same requests; a failing request is shrunk and printed.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, order } from '../support/bad-input.js';
import { KEYS, SAMPLE_ORDER, TestSandbox } from '../support/test-sandbox.js';

let t: TestSandbox;
let orderId: string;
beforeAll(async () => {
  t = await TestSandbox.start();
  orderId = (await t.createOrder()).order_id;
});
afterAll(() => t.close());

interface StormRequest {
  method: string;
  /** May hold `{order}`, replaced by the id of an order created before the storm. */
  path: string;
  headers: Record<string, string>;
  payload: { raw?: string | Uint8Array; body?: unknown };
}

/**
 * `numRuns` requests with a fixed seed, so that the storm is the same on every run. Each property
 * has its own seed: with one seed they would all draw the same sequence of headers and bodies.
 */
const runs = (numRuns: number, seed: number): fc.Parameters<[StormRequest]> => ({ seed, numRuns });

/** `arb` in `percent` % of the cases, else undefined (to which a failing case shrinks). */
const sometimes = <T>(arb: fc.Arbitrary<T>, percent: number): fc.Arbitrary<T | undefined> =>
  fc.oneof(
    { withCrossShrink: true },
    { arbitrary: fc.constant(undefined), weight: 100 - percent },
    { arbitrary: arb, weight: percent },
  );

const junkString = (maxLength: number): fc.Arbitrary<string> =>
  fc.string({
    unit: fc.constantFrom(
      ...['a', 'Z', '0', ' ', '"', '\\', '{', '}', '[', ']', ',', ':', 'é', '🍜', '\u0000', '%'],
    ),
    maxLength,
  });

/** JSON values, at most four arrays or objects deep, with keys and values the API knows. */
const { junkJson } = fc.letrec<{ junkJson: unknown }>((tie) => ({
  junkJson: fc.oneof(
    { maxDepth: 4, withCrossShrink: true },
    {
      weight: 5,
      arbitrary: fc.oneof(
        fc.constant(null),
        fc.boolean(),
        fc.constantFrom(0, -1, 1.5, 1e308, -0, 91, 2 ** 53 + 1),
        junkString(19),
        fc.constantFrom('pm_card_visa', 'pm_card_declined', 'usd', 'USD', '__proto__'),
      ),
    },
    { weight: 1, arbitrary: fc.array(tie('junkJson'), { maxLength: 3 }) },
    {
      weight: 1,
      arbitrary: fc.dictionary(
        fc.constantFrom(
          ...['pickup', 'dropoff', 'address', 'location', 'lat', 'lng', 'items', 'tip'],
          ...['metadata', 'amount', 'payment_method', 'currency', 'constructor', 'x'],
        ),
        tie('junkJson'),
        { maxKeys: 4 },
      ),
    },
  ),
}));

/** The sample order with one field replaced by junk, one of its place's fields junk, or deleted. */
const mutatedOrder = fc
  .record({
    field: fc.constantFrom('pickup', 'dropoff', 'items', 'tip', 'metadata', 'external_reference'),
    replace: fc.boolean(),
    placeField: fc.constantFrom('address', 'location', 'name', 'phone', 'x'),
    junk: junkJson,
  })
  .map(({ field, replace, placeField, junk }) =>
    order((o) => {
      if (replace) o[field] = junk;
      else if (field === 'pickup' || field === 'dropoff') o[field][placeField] = junk;
      else delete o[field];
    }),
  );

const SAMPLE_JSON = JSON.stringify(SAMPLE_ORDER);

const payloads: fc.Arbitrary<StormRequest['payload']> = fc.oneof(
  { withCrossShrink: true },
  fc.constant({}),
  fc.constant({ body: SAMPLE_ORDER }),
  { weight: 2, arbitrary: mutatedOrder.map((body) => ({ body })) },
  junkJson.map((body) => ({ body })),
  fc
    .constantFrom('pm_card_visa', 'pm_card_declined', 'visa', '')
    .map((method) => ({ body: { payment_method: method } })),
  fc.nat({ max: SAMPLE_JSON.length - 1 }).map((end) => ({ raw: SAMPLE_JSON.slice(0, end) })),
  junkString(199).map((raw) => ({ raw })),
  fc.uint8Array({ maxLength: 299 }).map((raw) => ({ raw })),
  fc.nat({ max: 4999 }).map((depth) => ({ raw: '['.repeat(depth) + ']'.repeat(depth) })),
  fc.constant({ raw: `{"pickup":{"address":"${'x'.repeat(200_000)}"}}` }),
  fc.constant({ raw: '' }),
);

/** The storm's pick lists: a duplicate weighs a value double, undefined leaves the header out. */
const AUTHORIZATIONS = [
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
const CONTENT_TYPES = [
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

const anyHeaders: fc.Arbitrary<Record<string, string>> = fc
  .record({
    Authorization: fc.oneof(
      { weight: 3, arbitrary: fc.constant(`Bearer ${KEYS.acme}`) },
      { weight: 2, arbitrary: fc.constantFrom(...AUTHORIZATIONS) },
    ),
    'Content-Type': fc.oneof(
      { weight: 1, arbitrary: fc.constant('application/json') },
      { weight: 1, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
    ),
    'Idempotency-Key': sometimes(
      junkString(299).map((key) => key.replace(/[^\x21-\x7e]/g, 'k')),
      20,
    ),
    'Content-Encoding': sometimes(
      fc.constantFrom('gzip', 'deflate', 'br', 'compress', 'identity'),
      10,
    ),
    Accept: sometimes(fc.constantFrom('text/html', 'application/xml', '*/*'), 10),
  })
  .map((all) =>
    Object.fromEntries(
      Object.entries(all).filter((entry): entry is [string, string] => entry[1] !== undefined),
    ),
  );

const JUNK_SEGMENTS = [
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
const QUERY_KEYS = [
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
const QUERY_VALUES = [
  ...['37.77', '-122.42', 'abc', '', '91', '-181', 'Infinity', '1e400', 'NaN', '0x10'],
  ...['%20', '5', '0', '51', '-1', '%E0%A4%A'],
];

/**
 * Requests to `routes` (the documented method, a path template with `{order}`, `{junk}` or
 * `{query}`): now and then another method, and any headers; a body unless the method is GET.
 */
function requestsTo(...routes: [method: string, template: string][]): fc.Arbitrary<StormRequest> {
  return fc
    .record({
      route: fc.constantFrom(...routes),
      otherMethod: sometimes(fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE'), 20),
      junk: fc.constantFrom(...JUNK_SEGMENTS),
      query: fc.array(fc.tuple(fc.constantFrom(...QUERY_KEYS), fc.constantFrom(...QUERY_VALUES)), {
        maxLength: 3,
      }),
      headers: anyHeaders,
      payload: payloads,
    })
    .map(({ route: [documented, template], otherMethod, junk, query, headers, payload }) => {
      const method = otherMethod ?? documented;
      const path = template
        .replace('{junk}', junk)
        .replace('{query}', query.map(([key, value]) => `${key}=${value}`).join('&'));
      const request = { method, path, headers, payload: method === 'GET' ? {} : payload };
      return { ...request, [fc.toStringMethod]: () => describeRequest(request) };
    });
}

/** A failing request, short enough to read: long paths and bodies are cut. */
function describeRequest({ method, path, headers, payload }: StormRequest): string {
  const cut = (text: string): string =>
    text.length > 200 ? `${text.slice(0, 200)}… (${text.length} characters)` : text;
  const body =
    payload.raw instanceof Uint8Array
      ? `${payload.raw.length} raw bytes [${payload.raw.slice(0, 50).join(',')}${payload.raw.length > 50 ? ',…' : ''}]`
      : payload.raw !== undefined
        ? `raw ${cut(JSON.stringify(payload.raw))}`
        : payload.body !== undefined
          ? `JSON ${cut(JSON.stringify(payload.body))}`
          : 'no body';
  return `${method} ${cut(path)} ${JSON.stringify(headers)} ${body}`;
}

/** Sends each request and checks it answers below 500, in JSON, with a known error code. */
const answersBelow500InJson = (
  requests: fc.Arbitrary<StormRequest>,
): fc.IAsyncProperty<[StormRequest]> =>
  fc.asyncProperty(requests, async ({ method, path, headers, payload }) => {
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
  });

describe('a storm of malformed and odd requests', () => {
  it('answers any request to create an order below 500, in JSON', async () => {
    await fc.assert(answersBelow500InJson(requestsTo(['POST', '/v1/orders'])), runs(45, 0x5eed01));
  });

  it('answers any payment of an existing order below 500, in JSON', async () => {
    await fc.assert(
      answersBelow500InJson(requestsTo(['POST', '/v1/orders/{order}/payment'])),
      runs(25, 0x5eed02),
    );
  });

  it('answers any read or cancel of an existing order below 500, in JSON', async () => {
    const requests = requestsTo(
      ['GET', '/v1/orders/{order}'],
      ['DELETE', '/v1/orders/{order}'],
      ['GET', '/v1/orders/{order}/location'],
    );
    await fc.assert(answersBelow500InJson(requests), runs(35, 0x5eed03));
  });

  it('answers any request naming an unknown or junk order id below 500, in JSON', async () => {
    const requests = requestsTo(
      ['GET', '/v1/orders/ord_does_not_exist'],
      ['GET', '/v1/orders/{junk}'],
      ['POST', '/v1/orders/{junk}/payment'],
    );
    await fc.assert(answersBelow500InJson(requests), runs(35, 0x5eed04));
  });

  it('answers any query of the available drivers or the event log below 500, in JSON', async () => {
    const requests = requestsTo(
      ['GET', '/v1/drivers/available?{query}'],
      ['GET', '/__sandbox/events?{query}'],
    );
    await fc.assert(answersBelow500InJson(requests), runs(30, 0x5eed05));
  });

  it('answers any request to an unknown route below 500, in JSON', async () => {
    const requests = requestsTo(
      ['GET', '/v1/nope'],
      ['POST', '/v1/orders/{order}/payment/extra'],
      ['GET', '/nope/{junk}'],
    );
    await fc.assert(answersBelow500InJson(requests), runs(30, 0x5eed06));
  });

  it('leaves the sandbox healthy afterwards', async () => {
    const res = await t.get('/__sandbox/health');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ok');
    expect((await t.get('/v1/drivers/available?lat=37.7749&lng=-122.4194')).status).toBe(200);
  });
});

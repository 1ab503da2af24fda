import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send, type RawReply } from './support/raw-http.js';
import { KEYS, SAMPLE_ORDER, TestSandbox, type Reply } from './support/test-sandbox.js';

// `GET /v1/orders/{id}` is answered in front of Express (src/http/fast-reads.ts); the same
// request with a query goes through Express's middleware chain (the route reads no query). Both
// must answer, journal and report alike: only the request ids, dates and durations may differ.
describe('the hot read of an order, fast path and Express alike', () => {
  let t: TestSandbox;
  let own: string;
  beforeAll(async () => {
    t = await TestSandbox.start();
    own = (await t.createOrder()).order_id as string;
  });
  afterAll(() => t.close());

  const comparable = (res: Reply): unknown => {
    const id = res.headers['x-request-id'];
    const headers: Record<string, string> = { ...res.headers };
    delete headers.date;
    delete headers['x-request-id'];
    return { status: res.status, headers, text: res.text.replaceAll(id ?? '-', 'req_ID') };
  };
  // The one /v1 request made since the journal was last cleared (the control plane is not journaled).
  const onlyEntry = async (control = '/__sandbox'): Promise<Record<string, unknown>> => {
    const res = await t.get(`${control}/requests`);
    expect(res.body.requests).toHaveLength(1);
    await t.request('DELETE', `${control}/requests`);
    const entry = res.body.requests[0] as Record<string, unknown> & {
      response: { body: { text: string | null; size: number } };
    };
    const id = entry.id as string;
    const text = entry.response.body.text?.replaceAll(id, 'req_ID') ?? null;
    const rest: Record<string, unknown> = { ...entry };
    for (const differs of ['id', 'started_at', 'duration_ms', 'query']) delete rest[differs];
    return { ...rest, response: { ...entry.response, body: { ...entry.response.body, text } } };
  };

  it.each([
    ['its own order', (): string => own, { key: KEYS.acme }, 200],
    ['with a read-only key', (): string => own, { key: KEYS.acmeReadOnly }, 200],
    ["another account's order", (): string => own, { key: KEYS.globex }, 403],
    ['an unknown order', (): string => 'ord_unknown', { key: KEYS.acme }, 404],
    ['without a key', (): string => own, { key: null }, 401],
    ['with a malformed key', (): string => own, { key: 'sk_live_nope' }, 401],
    ['with an unknown key', (): string => own, { key: 'sk_test_nobody_here' }, 401],
    ['with another scheme', (): string => own, { headers: { Authorization: 'Basic eDp5' } }, 401],
  ] as const)('%s', async (_name, id, opts, status) => {
    await t.request('DELETE', '/__sandbox/requests');
    const fast = await t.get(`/v1/orders/${id()}`, opts);
    const fastEntry = await onlyEntry();
    const general = await t.get(`/v1/orders/${id()}?via=express`, opts);
    const generalEntry = await onlyEntry();
    expect(fast.status).toBe(status);
    expect(fast.headers['x-request-id']).toMatch(/^req_/);
    expect(comparable(fast)).toEqual(comparable(general));
    expect(fastEntry).toEqual(generalEntry);
    expect(fastEntry).toMatchObject({
      operation: 'retrieveOrder',
      status,
      path: `/v1/orders/${id()}`,
    });
  });

  it('counts each in the report as a found order, proven by its request id', async () => {
    const found = async (): Promise<{ count: number; evidence: string[] }> =>
      (await t.get('/__sandbox/report')).body.coverage.find(
        (c: { id: string }) => c.id === 'orders.retrieve.found',
      );
    await t.post('/__sandbox/report/reset');
    const fast = await t.get(`/v1/orders/${own}`);
    const general = await t.get(`/v1/orders/${own}?via=express`);
    expect(await found()).toMatchObject({
      count: 2,
      evidence: [fast.headers['x-request-id'], general.headers['x-request-id']],
    });
    expect((await t.get('/__sandbox/report')).body.summary.requests).toBe(2);
  });

  it('leaves to Express what needs more than the plain path: a fault header is honoured', async () => {
    const res = await t.get(`/v1/orders/${own}`, { headers: { 'Sandbox-Fault': '503' } });
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBeDefined();
  });

  it.each([
    ['its own order', 200],
    ['an unknown order', 404],
  ] as const)('with a named sandbox key: %s, in that sandbox only', async (name, status) => {
    const created = await t.request('PUT', '/__sandbox/sandboxes/hot', { body: {}, key: null });
    const key = created.body.accounts[0].api_key as string;
    const theirs = (await t.createOrder({}, key)).order_id as string;
    const id = name === 'its own order' ? theirs : 'ord_unknown';
    const control = '/__sandbox/sandboxes/hot';
    await t.request('DELETE', `${control}/requests`);
    await t.request('DELETE', '/__sandbox/requests');
    const fast = await t.get(`/v1/orders/${id}`, { key });
    const fastEntry = await onlyEntry(control);
    const general = await t.get(`/v1/orders/${id}?via=express`, { key });
    const generalEntry = await onlyEntry(control);
    expect(fast.status).toBe(status);
    expect(comparable(fast)).toEqual(comparable(general));
    expect(fastEntry).toEqual(generalEntry);
    // Nothing of it in the default sandbox's journal.
    expect((await t.get('/__sandbox/requests')).body.requests).toEqual([]);
  });
});

// The other reads the fast path answers (src/http/fast-reads.ts): the order's location and the
// driver search. The same request with `Content-Length: 0` goes through Express (the fast path
// leaves every request that declares a body to it), so both paths answer the same request.
describe('the location and the driver search, fast path and Express alike', () => {
  let t: TestSandbox;
  let port: number;
  let assigned: string;
  let pending: string;
  let cancelled: string;
  beforeAll(async () => {
    t = await TestSandbox.start();
    port = Number(new URL(t.url).port);
    assigned = (await t.createOrder()).order_id as string;
    await t.post('/__sandbox/clock/advance', { by: '2m' });
    pending = (await t.createOrder()).order_id as string;
    cancelled = (await t.createOrder()).order_id as string;
    expect((await t.request('DELETE', `/v1/orders/${cancelled}`)).status).toBe(200);
  });
  afterAll(() => t.close());

  const comparable = (res: RawReply): unknown => {
    const id = res.headers['x-request-id'];
    const headers: Record<string, string> = { ...res.headers };
    delete headers.date;
    delete headers['x-request-id'];
    return { status: res.status, headers, text: res.text.replaceAll(id ?? '-', 'req_ID') };
  };
  const entries = async (): Promise<unknown[]> => {
    const res = await t.get('/__sandbox/requests');
    await t.request('DELETE', '/__sandbox/requests');
    return (res.body.requests as Record<string, unknown>[]).map((entry) => {
      const id = entry.id as string;
      const { response } = entry as { response: { body: { text: string | null } } };
      const rest: Record<string, unknown> = { ...entry };
      for (const differs of ['id', 'started_at', 'duration_ms']) delete rest[differs];
      const text = response.body.text?.replaceAll(id, 'req_ID') ?? null;
      return { ...rest, response: { ...response, body: { ...response.body, text } } };
    });
  };
  const DRIVERS = '/v1/drivers/available?lat=37.7749&lng=-122.4194&radius=5';

  it.each([
    [
      'the location of an order on its way',
      (): string => `/v1/orders/${assigned}/location`,
      KEYS.acme,
      200,
    ],
    [
      'the location with a read-only key',
      (): string => `/v1/orders/${assigned}/location`,
      KEYS.acmeReadOnly,
      200,
    ],
    [
      'the location of a pending order',
      (): string => `/v1/orders/${pending}/location`,
      KEYS.acme,
      404,
    ],
    [
      'the location of a cancelled order',
      (): string => `/v1/orders/${cancelled}/location`,
      KEYS.acme,
      404,
    ],
    [
      "the location of another account's order",
      (): string => `/v1/orders/${assigned}/location`,
      KEYS.globex,
      403,
    ],
    [
      'the location of an unknown order',
      (): string => '/v1/orders/ord_unknown/location',
      KEYS.acme,
      404,
    ],
    ['the location without a key', (): string => `/v1/orders/${assigned}/location`, null, 401],
    ['the driver search', (): string => DRIVERS, KEYS.acme, 200],
    [
      'the driver search with its defaults',
      (): string => '/v1/drivers/available?lat=37.7749&lng=-122.4194',
      KEYS.acmeReadOnly,
      200,
    ],
    [
      'the driver search with a bad number',
      (): string => '/v1/drivers/available?lat=0x10&lng=1',
      KEYS.acme,
      400,
    ],
    [
      'the driver search with an empty and a repeated parameter',
      (): string => '/v1/drivers/available?lat=&lng=1&lng=2',
      KEYS.acme,
      400,
    ],
    [
      'the driver search with an unknown parameter',
      (): string => `${DRIVERS}&near=me`,
      KEYS.acme,
      400,
    ],
    ['the driver search without its query', (): string => '/v1/drivers/available', KEYS.acme, 400],
    // A fragment is no part of the query (as Express reads it): both paths search 5 km.
    ['the driver search with a fragment', (): string => `${DRIVERS}#map`, KEYS.acme, 200],
    [
      'the driver search with its query inside a fragment',
      (): string => '/v1/drivers/available#a?lat=1&lng=2',
      KEYS.acme,
      400,
    ],
    ['the driver search without a key', (): string => DRIVERS, null, 401],
  ] as const)('%s', async (_name, path, key, status) => {
    await t.request('DELETE', '/__sandbox/requests');
    const headers: Record<string, string> = key === null ? {} : { Authorization: `Bearer ${key}` };
    const fast = await send(port, 'GET', path(), { headers });
    const general = await send(port, 'GET', path(), {
      headers: { ...headers, 'Content-Length': '0' },
    });
    expect(fast.status).toBe(status);
    expect(comparable(fast)).toEqual(comparable(general));
    const [fastEntry, generalEntry] = await entries();
    expect(fastEntry).toEqual(generalEntry);
    expect(fastEntry).toMatchObject({ status, path: path().split(/[?#]/)[0] });
  });
});

// A write's answer is sent the short way (`sendJson`, src/http/reply-committed.ts), its replay
// through Express's `res.json` (src/http/middleware/idempotency.ts): the same bytes and headers.
describe("a write's answer and its replay alike", () => {
  let t: TestSandbox;
  beforeAll(async () => {
    t = await TestSandbox.start();
  });
  afterAll(() => t.close());

  const comparable = (h: Record<string, string>): Record<string, string> => {
    const rest = { ...h };
    for (const differs of ['date', 'x-request-id', 'idempotent-replayed']) delete rest[differs];
    return rest;
  };

  it('POST /v1/orders and its replay', async () => {
    const opts = { body: SAMPLE_ORDER, headers: { 'Idempotency-Key': 'same-bytes' } };
    const first = await t.request('POST', '/v1/orders', opts);
    const replay = await t.request('POST', '/v1/orders', opts);
    expect(first.status).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(comparable(first.headers)).toEqual(comparable(replay.headers));
    expect(replay.status).toBe(201);
    expect(replay.text).toBe(first.text);
  });

  it('DELETE /v1/orders/{id} and the read of the order it cancelled (through Express)', async () => {
    const id = (await t.createOrder()).order_id as string;
    const cancelled = await t.delete(`/v1/orders/${id}`);
    const read = await t.get(`/v1/orders/${id}?via=express`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
    expect(comparable(cancelled.headers)).toEqual(comparable(read.headers));
    expect(cancelled.text).toBe(read.text);
  });
});

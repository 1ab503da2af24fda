import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAjv } from '../src/json-schema.js';
import { HAR_SCHEMA } from './support/har-schema.js';
import { KEYS, SAMPLE_ORDER, TestSandbox } from './support/test-sandbox.js';

describe('the request journal', () => {
  let t: TestSandbox;
  beforeAll(async () => {
    t = await TestSandbox.start({ journal: { maxEntries: 20, maxBodyBytes: 1024 } });
  });
  afterAll(() => t.close());
  afterEach(async () => {
    await t.request('DELETE', '/__sandbox/requests');
  });

  const journal = async (query = ''): Promise<any[]> => {
    const res = await t.get(`/__sandbox/requests${query}`);
    expect(res.status).toBe(200);
    return res.body.requests;
  };

  it('records a /v1 request and its answer, without the key', async () => {
    const order = await t.createOrder({}, KEYS.acme);
    const got = await t.get(`/v1/orders/${order.order_id}?expand=none`, {
      headers: { 'User-Agent': 'shop-app/1.2', 'Idempotency-Key': 'k-1' },
    });
    const [create, retrieve] = await journal();
    expect(create).toMatchObject({
      operation: 'createOrder',
      method: 'POST',
      path: '/v1/orders',
      order_id: order.order_id,
      status: 201,
      account_id: 'acct_acme',
      key_mode: 'read_write',
      error: null,
      fault: null,
      generation: 1,
      request: { headers: { 'content-type': 'application/json' } },
    });
    expect(JSON.parse(create.request.body.text)).toEqual(SAMPLE_ORDER);
    expect(JSON.parse(create.response.body.text)).toMatchObject({ order_id: order.order_id });
    expect(retrieve).toMatchObject({
      id: got.headers['x-request-id'],
      operation: 'retrieveOrder',
      query: { expand: 'none' },
      order_id: order.order_id,
      request: {
        headers: { 'user-agent': 'shop-app/1.2', 'idempotency-key': 'k-1' },
        body: { text: null, size: 0, truncated: false },
      },
      response: { headers: { 'content-type': 'application/json; charset=utf-8' } },
      virtual_time: t.nowIso(),
    });
    expect(retrieve.duration_ms).toBeGreaterThanOrEqual(0);
    expect(Date.parse(retrieve.started_at)).not.toBeNaN();
    const text = JSON.stringify(await journal());
    expect(text).not.toContain(KEYS.acme);
    expect(text.toLowerCase()).not.toContain('authorization');
  });

  it('records why a request failed: reason, param and every validation detail', async () => {
    await t.post('/v1/orders', { pickup: {}, dropoff: { address: '' } });
    await t.post('/v1/orders', SAMPLE_ORDER, { key: KEYS.acmeReadOnly });
    await t.get('/v1/orders/ord_nope', { key: 'sk_test_unknown_key_123' });
    const [invalid, readOnly, unknownKey] = await journal();
    expect(invalid.status).toBe(400);
    expect(invalid.error.details.length).toBeGreaterThan(1);
    expect(invalid.error.param).toBe(invalid.error.details[0].param);
    expect(readOnly).toMatchObject({
      status: 403,
      reason: 'read_only_key',
      account_id: 'acct_acme',
      key_mode: 'read_only',
    });
    expect(unknownKey).toMatchObject({
      status: 401,
      reason: 'invalid_api_key',
      account_id: null,
      key_mode: null,
      response: { headers: { 'www-authenticate': expect.stringMatching(/^Bearer/) } },
    });
    // The error each entry names is the one its answer's body says (kept as it was answered, not
    // parsed back: src/http/send-error.ts), without the request id.
    for (const entry of [invalid, readOnly, unknownKey]) {
      const { request_id, ...error } = JSON.parse(entry.response.body.text).error;
      expect(request_id).toBe(entry.id);
      expect(entry.error).toEqual(error);
    }
  });

  it('names no error for a HEAD refused: its answer has no body to say one', async () => {
    const head = await fetch(`${t.url}/v1/orders/ord_nope`, {
      method: 'HEAD',
      headers: { Authorization: `Bearer ${KEYS.acme}` },
    });
    expect(head.status).toBe(404);
    const [entry] = await journal();
    expect(entry).toMatchObject({
      method: 'HEAD',
      status: 404,
      reason: null,
      error: null,
      response: { body: { text: null } },
    });
  });

  it('keeps the bytes of a body that is not JSON, and names no operation for an unknown route', async () => {
    await t.request('POST', '/v1/orders', {
      raw: '{"pickup": ',
      headers: { 'Content-Type': 'application/json' },
    });
    await t.get('/v1/nowhere');
    const [malformed, unknown] = await journal();
    expect(malformed).toMatchObject({
      reason: 'malformed_json',
      request: { body: { text: '{"pickup": ', size: 11, truncated: false } },
    });
    expect(unknown).toMatchObject({ operation: null, status: 404, reason: 'route_not_found' });
  });

  it('does not journal the control plane', async () => {
    await t.get('/__sandbox/webhook-endpoints');
    await t.post('/__sandbox/webhook-endpoints', { url: 'http://127.0.0.1:9/hook' });
    expect(await journal()).toEqual([]);
  });

  it('filters by operation, status (exact or class), order and account', async () => {
    const a = await t.createOrder({}, KEYS.acme);
    const b = await t.createOrder({}, KEYS.globex);
    await t.get(`/v1/orders/${a.order_id}`);
    await t.get(`/v1/orders/${b.order_id}`); // another account's: 403
    const ids = (entries: any[]) => entries.map((e) => `${e.operation}:${e.status}`);
    expect(ids(await journal('?operation=retrieveOrder'))).toEqual([
      'retrieveOrder:200',
      'retrieveOrder:403',
    ]);
    expect(ids(await journal('?status=403'))).toEqual(['retrieveOrder:403']);
    expect(ids(await journal('?status=2xx'))).toEqual([
      'createOrder:201',
      'createOrder:201',
      'retrieveOrder:200',
    ]);
    expect(ids(await journal(`?order_id=${b.order_id}`))).toEqual([
      'createOrder:201',
      'retrieveOrder:403',
    ]);
    expect(ids(await journal('?account_id=acct_globex'))).toEqual(['createOrder:201']);
  });

  it('pages newest last, back with ending_before and forward with starting_after', async () => {
    for (let i = 0; i < 5; i++)
      await t.get(`/v1/drivers/available?lat=37.79&lng=-122.4&radius=${i + 1}`);
    const all = await journal();
    const radius = (entries: any[]) => entries.map((e) => e.query.radius).join('');
    expect(radius(all)).toBe('12345');

    const newest = await t.get('/__sandbox/requests?limit=2');
    expect(radius(newest.body.requests)).toBe('45');
    expect(newest.body.has_more).toBe(true);
    const back = await t.get(`/__sandbox/requests?limit=2&ending_before=${all[3].id}`);
    expect(radius(back.body.requests)).toBe('23');
    expect(back.body.has_more).toBe(true);
    const first = await t.get(`/__sandbox/requests?limit=2&ending_before=${all[1].id}`);
    expect(radius(first.body.requests)).toBe('1');
    expect(first.body.has_more).toBe(false);

    const tail = await t.get(`/__sandbox/requests?limit=2&starting_after=${all[0].id}`);
    expect(radius(tail.body.requests)).toBe('23');
    expect(tail.body.has_more).toBe(true);
    const end = await t.get(`/__sandbox/requests?limit=2&starting_after=${all[3].id}`);
    expect(radius(end.body.requests)).toBe('5');
    expect(end.body.has_more).toBe(false);
  });

  it.each([
    ['starting_after=req_unknown', 'starting_after', 'unknown_cursor'],
    ['ending_before=req_unknown', 'ending_before', 'unknown_cursor'],
    ['limit=0', 'limit', null],
    ['limit=1001', 'limit', null],
    ['status=2yy', 'status', null],
  ])('answers ?%s with 400 naming %s', async (query, param, reason) => {
    const res = await t.get(`/__sandbox/requests?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'invalid_request', param, reason });
  });

  it('survives a reset, each entry naming its generation, and DELETE empties it', async () => {
    await t.get('/v1/orders/ord_before');
    await t.post('/__sandbox/reset');
    await t.get('/v1/orders/ord_after');
    const entries = await journal();
    expect(entries.map((e) => [e.order_id, e.generation])).toEqual([
      ['ord_before', entries[0].generation],
      ['ord_after', entries[0].generation + 1],
    ]);
    const cleared = await t.request('DELETE', '/__sandbox/requests');
    expect(cleared.body).toEqual({ cleared: 2 });
    expect(await journal()).toEqual([]);
  });

  it('keeps the last maxEntries requests and cuts long bodies, saying so', async () => {
    for (let i = 0; i < 25; i++) await t.get(`/v1/orders/ord_${i}`);
    const entries = await journal('?limit=1000');
    expect(entries).toHaveLength(20);
    expect(entries[0].order_id).toBe('ord_5');
    expect(entries[19].order_id).toBe('ord_24');

    await t.post('/v1/orders', { ...SAMPLE_ORDER, metadata: { note: 'x'.repeat(3000) } });
    const [big] = await journal('?limit=1');
    expect(big.request.body.truncated).toBe(true);
    expect(big.request.body.text).toHaveLength(1024);
    expect(big.request.body.size).toBeGreaterThan(3000);
  });

  it('exports HAR 1.2 that a HAR schema accepts', async () => {
    const order = await t.createOrder();
    await t.get(`/v1/orders/${order.order_id}?a=1&a=2`);
    await t.get('/v1/orders/ord_missing');
    const res = await t.get('/__sandbox/requests.har');
    expect(res.status).toBe(200);
    const validate = createAjv({ strict: false }).compile(HAR_SCHEMA);
    expect(validate(res.body), JSON.stringify(validate.errors)).toBe(true);
    const { log } = res.body;
    expect(log.version).toBe('1.2');
    expect(log.creator.name).toBe('delivery-sandbox');
    const [create, retrieve, missing] = log.entries;
    expect(create.request).toMatchObject({ method: 'POST', url: `${t.url}/v1/orders` });
    expect(JSON.parse(create.request.postData.text)).toEqual(SAMPLE_ORDER);
    expect(create.response).toMatchObject({ status: 201, statusText: 'Created' });
    expect(JSON.parse(create.response.content.text).order_id).toBe(order.order_id);
    expect(retrieve.request.url).toBe(`${t.url}/v1/orders/${order.order_id}?a=1&a=2`);
    expect(retrieve.request.queryString).toEqual([
      { name: 'a', value: '1' },
      { name: 'a', value: '2' },
    ]);
    expect(missing.response.status).toBe(404);
    expect(JSON.stringify(res.body)).not.toContain(KEYS.acme);

    const filtered = await t.get('/__sandbox/requests.har?status=404');
    expect(filtered.body.log.entries).toHaveLength(1);
  });
});

import { connect } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectError, KEYS, SAMPLE_ORDER, TestSandbox } from './support/test-sandbox.js';

/** Sends a request on a fresh connection; resolves with what came back before the server closed it. */
function untilClosed(port: number, path: string, headers: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      const lines = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`);
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${lines.join('')}\r\n`);
    });
    let got = '';
    socket.on('data', (d: Buffer) => (got += d.toString()));
    socket.on('close', () => resolve(got));
    socket.on('error', reject);
  });
}

describe('API fault injection', () => {
  let t: TestSandbox;
  beforeAll(async () => {
    // A short request time-out: how long a `timeout` fault holds a request at most.
    t = await TestSandbox.start({ headersTimeoutMs: 300, requestTimeoutMs: 300 });
  });
  afterAll(() => t.close());
  afterEach(async () => {
    await t.request('PUT', '/__sandbox/faults', { body: { api: [] } });
    await t.post('/__sandbox/reset');
    await t.request('DELETE', '/__sandbox/requests');
  });

  const setRules = async (api: unknown[]) => {
    const res = await t.request('PUT', '/__sandbox/faults', { body: { api } });
    expect(res.status, res.text).toBe(200);
    return res.body;
  };
  const journal = async (): Promise<any[]> =>
    (await t.get('/__sandbox/requests?limit=1000')).body.requests;

  describe('the Sandbox-Fault header', () => {
    it.each([
      ['500', 500, 'injected_fault', undefined],
      ['503', 503, 'service_unavailable', '1'],
      ['429', 429, 'rate_limited', '1'],
    ])(
      '%s answers %i, reason %s, in the error shape',
      async (value, status, reason, retryAfter) => {
        const res = await t.post('/v1/orders', SAMPLE_ORDER, {
          headers: { 'Sandbox-Fault': value },
        });
        expectError(res, status, 'invalid_request', { reason, param: null });
        expect(res.headers['retry-after']).toBe(retryAfter);
        // Answered instead of the request: no order was made.
        expect((await t.get('/__sandbox/orders')).body.orders).toEqual([]);
        const [entry] = await journal();
        expect(entry).toMatchObject({
          status,
          reason,
          retry_after: retryAfter === undefined ? null : 1,
          fault: { kind: 'error', source: 'header', rule: null, status, latency_ms: 0 },
          request: { headers: { 'sandbox-fault': value } },
        });
      },
    );

    it('affects only the request that carries it', async () => {
      const order = await t.createOrder();
      const faulted = await t.get(`/v1/orders/${order.order_id}`, {
        headers: { 'Sandbox-Fault': '503' },
      });
      const plain = await t.get(`/v1/orders/${order.order_id}`);
      expect([faulted.status, plain.status]).toEqual([503, 200]);
    });

    it.each(['502', 'slow', '', '503,429'])('refuses %j, naming the header', async (value) => {
      const res = await t.get('/v1/orders/ord_x', { headers: { 'Sandbox-Fault': value } });
      expectError(res, 400, 'invalid_request', {
        reason: 'invalid_fault_header',
        param: 'Sandbox-Fault',
      });
    });

    it('timeout: holds the request unanswered until the client gives up', async () => {
      const order = await t.createOrder();
      const started = fetch(`${t.url}/v1/orders/${order.order_id}`, {
        headers: { Authorization: `Bearer ${KEYS.acme}`, 'Sandbox-Fault': 'timeout' },
        signal: AbortSignal.timeout(100),
      });
      await expect(started).rejects.toThrow(/abort|timeout/i);
      await expect.poll(async () => (await journal()).length).toBe(2);
      const [, held] = await journal();
      expect(held).toMatchObject({
        status: null,
        fault: { kind: 'timeout', source: 'header' },
        response: { headers: {}, body: { text: null } },
      });
    });

    it('timeout: closes the connection unanswered once the request time-out passes', async () => {
      const answered = await untilClosed(t.sandbox.port, '/v1/orders/ord_x', {
        Authorization: `Bearer ${KEYS.acme}`,
        'Sandbox-Fault': 'timeout',
      });
      expect(answered).toBe('');
    });
  });

  describe('faults.api rules', () => {
    it('answer the operation they name with the error, its Retry-After, and leave others alone', async () => {
      await setRules([{ operation: 'createOrder', error: 503, retry_after: 7 }]);
      const created = await t.post('/v1/orders', SAMPLE_ORDER);
      expectError(created, 503, 'invalid_request', { reason: 'service_unavailable' });
      expect(created.headers['retry-after']).toBe('7');
      expect(created.body.error.message).toContain('7 s');
      expect((await t.get('/v1/drivers/available?lat=37.79&lng=-122.4')).status).toBe(200);
      const [entry] = await journal();
      expect(entry).toMatchObject({
        operation: 'createOrder',
        retry_after: 7,
        fault: { kind: 'error', source: 'rule', rule: 0, status: 503 },
      });
    });

    it('the first matching rule applies: a specific one before "*"', async () => {
      await setRules([
        { operation: 'listAvailableDrivers', error: 429 },
        { operation: '*', error: 500 },
      ]);
      expect((await t.get('/v1/drivers/available?lat=37.79&lng=-122.4')).status).toBe(429);
      expect((await t.get('/v1/orders/ord_x')).status).toBe(500);
    });

    it('drop: the connection closes without an answer, and the journal says so', async () => {
      await setRules([{ operation: 'retrieveOrder', drop_rate: 1 }]);
      const answered = await untilClosed(t.sandbox.port, '/v1/orders/ord_x', {
        Authorization: `Bearer ${KEYS.acme}`,
      });
      expect(answered).toBe('');
      await expect.poll(async () => (await journal()).length).toBe(1);
      const [entry] = await journal();
      expect(entry).toMatchObject({ status: null, fault: { kind: 'drop', source: 'rule' } });
    });

    it('latency: the answer is the real one, later; a range draws within it', async () => {
      await setRules([
        { operation: 'retrieveOrder', latency_ms: 30 },
        { operation: 'getOrderLocation', latency_ms: { min: 5, max: 25 } },
      ]);
      const order = await t.createOrder();
      expect((await t.get(`/v1/orders/${order.order_id}`)).status).toBe(200);
      for (let i = 0; i < 3; i++) await t.get(`/v1/orders/${order.order_id}/location`);
      const [, slow, ...ranged] = await journal();
      expect(slow).toMatchObject({ status: 200, fault: { kind: 'latency', latency_ms: 30 } });
      for (const e of ranged) {
        expect(e.fault.kind).toBe('latency');
        expect(e.fault.latency_ms).toBeGreaterThanOrEqual(5);
        expect(e.fault.latency_ms).toBeLessThanOrEqual(25);
      }
    });

    it('draw the same faults for the same requests under the same seed, and others under another', async () => {
      const rules = [{ error: 503, error_rate: 0.5, latency_ms: { min: 0, max: 3 } }];
      const run = async (): Promise<string> => {
        await setRules(rules);
        const seen: string[] = [];
        for (let i = 0; i < 24; i++) {
          const res = await t.get(`/v1/orders/ord_${i}`);
          seen.push(res.status === 503 ? 'E' : '.');
        }
        const latencies = (await journal()).map((e) => e.fault?.latency_ms ?? 0).join(',');
        await t.request('DELETE', '/__sandbox/requests');
        return `${seen.join('')} ${latencies}`;
      };
      const first = await run();
      await t.post('/__sandbox/reset');
      const again = await run();
      await t.post('/__sandbox/reset', { seed: 'another' });
      const other = await run();
      expect(first).toMatch(/E/);
      expect(first).toMatch(/\./);
      expect(again).toBe(first);
      expect(other).not.toBe(first);
    });

    it('come from the scenario too (faults.api), and PUT replaces only the part it is given', async () => {
      await t.post('/__sandbox/reset', {
        scenario: {
          name: 'faulty',
          accounts: [{ id: 'acct_acme', api_keys: [KEYS.acme] }],
          faults: { api: [{ operation: 'retrieveOrder', error: 429, retry_after: 3 }] },
        },
      });
      const res = await t.get('/v1/orders/ord_x');
      expectError(res, 429, 'invalid_request', { reason: 'rate_limited' });
      expect(res.headers['retry-after']).toBe('3');

      await t.request('PUT', '/__sandbox/faults', { body: { webhooks: { duplicate_rate: 1 } } });
      expect((await t.get('/__sandbox/faults')).body).toEqual({
        webhooks: { duplicate_rate: 1 },
        api: [{ operation: 'retrieveOrder', error: 429, retry_after: 3 }],
      });
      await setRules([]);
      expect((await t.get('/v1/orders/ord_x')).status).toBe(404);
      await t.post('/__sandbox/reset', { scenario: 'ci' });
    });

    it.each([
      [{}],
      [{ api: [{ error: 404 }] }],
      [{ api: [{ error: 500, error_rate: 2 }] }],
      [{ api: [{ operation: 'deleteEverything', error: 500 }] }],
      [{ api: [{ latency_ms: -1 }] }],
      [{ api: [{ latency_ms: 600_000 }] }],
      [{ api: [{ drop: true }] }],
      [{ api: 'all' }],
    ])('refuses %j', async (body) => {
      const res = await t.request('PUT', '/__sandbox/faults', { body });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('invalid_request');
    });
  });
});

/**
 * Node's own HTTP layer: the requests it would answer itself (with an empty body, or by closing
 * the connection) get the sandbox's JSON error shape; a huge declared body is refused before a
 * byte of it is read; the number of connections is capped. Raw sockets, so that nothing in
 * between (fetch, undici) tidies the requests up.
 */
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isErrorShape, parseAnswer, raw, rawExchange, send } from './support/raw-http.js';
import { TestSandbox } from './support/test-sandbox.js';

const AUTH = 'Authorization: Bearer sk_test_ci_acme\r\n';

describe("requests Node's HTTP layer would answer itself", () => {
  let t: TestSandbox;
  let port: number;
  beforeAll(async () => {
    t = await TestSandbox.start();
    port = t.sandbox.port;
  });
  afterAll(() => t.close());

  it('answers an unknown Expect with a JSON 417', async () => {
    const res = await raw(
      port,
      `POST /v1/orders HTTP/1.1\r\nHost: localhost\r\n${AUTH}Expect: nonsense\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`,
    );
    expect(res.status).toBe(417);
    expect(isErrorShape(res.json)).toBe(true);
    expect(res.json.error).toMatchObject({ reason: 'expectation_failed', param: 'Expect' });
    expect(res.json.error.message).toContain('nonsense');
  });

  it('keeps Expect: 100-continue working', async () => {
    const answer = await rawExchange(
      port,
      `GET /__sandbox/health HTTP/1.1\r\nHost: localhost\r\nExpect: 100-continue\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
    );
    expect(answer).toContain('200 OK');
  });

  it('answers a client that closes its side once its request is sent, even after an await', async () => {
    // An HTTP/1.0 client (or `nc -N`) sends its request, then its FIN. A fresh sandbox's first
    // metrics scrape answers after importing prom-client: Node's default dropped it on the FIN
    // (an empty answer; found by test/bad-input/edge-fuzz.test.ts).
    const fresh = await TestSandbox.start();
    try {
      const answer = await rawExchange(
        fresh.sandbox.port,
        `GET /__sandbox/metrics HTTP/1.0\r\nHost: localhost\r\nContent-Length: 2\r\n\r\n{}`,
        { end: true, waitMs: 5000 },
      );
      expect(answer).toMatch(/^HTTP\/1\.1 200 OK/);
      expect(answer).toContain('delivery_sandbox_http_requests_total');
    } finally {
      await fresh.close();
    }
  });

  it('answers an HTTP/1.1 request with no Host with a JSON 400', async () => {
    const res = await raw(port, `GET /__sandbox/health HTTP/1.1\r\nConnection: close\r\n\r\n`);
    expect(res.status).toBe(400);
    expect(isErrorShape(res.json)).toBe(true);
    expect(res.json.error).toMatchObject({ reason: 'missing_host', param: 'Host' });
  });

  it('answers CONNECT with a JSON 405, then closes', async () => {
    const res = await raw(
      port,
      `CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n`,
      {
        end: false,
      },
    );
    expect(res.status).toBe(405);
    expect(isErrorShape(res.json)).toBe(true);
    expect(res.json.error.reason).toBe('connect_not_supported');
  });

  it.each([
    ['If-None-Match: *', '/__sandbox/health'],
    ['If-None-Match: *', '/__sandbox/clock'],
    ['If-None-Match: *', '/openapi.json'],
    ['If-Modified-Since: Tue, 01 Jan 2999 00:00:00 GMT', '/__sandbox/health'],
    ['If-None-Match: *', '/v1/drivers/available?lat=37.79&lng=-122.4'],
  ])('never answers a conditional GET (%s on %s) with 304', async (header, path) => {
    const [name = '', value = ''] = header.split(': ');
    const res = await send(port, 'GET', path, {
      headers: { [name]: value, Authorization: 'Bearer sk_test_ci_acme' },
    });
    expect(res.status).toBe(200);
    expect(res.json).toBeDefined();
  });

  it('refuses a 2 GiB Content-Length at once, without waiting for the body', async () => {
    const started = Date.now();
    const res = await raw(
      port,
      `POST /__sandbox/reset HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${2 ** 31}\r\n\r\n`,
      { end: false, waitMs: 5000 },
    );
    expect(res.status).toBe(413);
    expect(isErrorShape(res.json)).toBe(true);
    expect(res.json.error.reason).toBe('body_too_large');
    expect(res.headers.connection).toBe('close');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('answers 800 KB of unknown keys in a few KB, saying how many more failures there were', async () => {
    const body: Record<string, number> = {};
    for (let i = 0; body && JSON.stringify(body).length < 800_000; i += 1)
      for (let j = 0; j < 1000; j += 1) body[`unknown_key_${i}_${j}`] = j;
    const res = await t.post('/v1/orders', body);
    expect(res.status).toBe(400);
    expect(res.text.length).toBeLessThan(8_000);
    expect(res.body.error.details.length).toBeLessThanOrEqual(20);
    expect(res.body.error.message).toMatch(/and \d+ more/);
  });
});

describe('limits on connections and slow requests', () => {
  it('answers connections over the cap with a JSON 503 and closes them', async () => {
    const t = await TestSandbox.start({ maxConnections: 3 });
    const port = t.sandbox.port;
    const held: Socket[] = [];
    try {
      for (let i = 0; i < 3; i += 1) {
        const s = connect(port, '127.0.0.1');
        await new Promise((resolve) => s.once('connect', resolve));
        held.push(s);
      }
      const res = await raw(port, `GET /__sandbox/health HTTP/1.1\r\nHost: localhost\r\n\r\n`);
      expect(res.status).toBe(503);
      expect(isErrorShape(res.json)).toBe(true);
      expect(res.json.error.reason).toBe('too_many_connections');
      const closed = held.pop();
      closed?.destroy();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect((await t.get('/__sandbox/health')).status).toBe(200);
    } finally {
      for (const s of held) s.destroy();
      await t.close();
    }
  });

  it('answers a request whose headers never finish with a JSON 408', async () => {
    const t = await TestSandbox.start({ headersTimeoutMs: 300, requestTimeoutMs: 300 });
    try {
      const answer = await rawExchange(
        t.sandbox.port,
        `GET /__sandbox/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: `,
        { end: false, waitMs: 3000 },
      );
      const res = parseAnswer(answer);
      expect(res.status).toBe(408);
      expect(isErrorShape(res.json)).toBe(true);
      expect(res.json.error.reason).toBe('request_timeout');
    } finally {
      await t.close();
    }
  });
});

/**
 * Cross-site safety: a web page the developer visits must not drive the control plane, and a
 * DNS-rebound name must not reach the sandbox at all. Requests go through node:http so that the
 * tests choose the Host and Origin headers a browser would send.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeptAlive } from './support/kept-alive.js';
import { isErrorShape, send } from './support/raw-http.js';
import { TestSandbox } from './support/test-sandbox.js';

describe('the control plane refuses cross-site requests', () => {
  let t: TestSandbox;
  let port: number;
  beforeAll(async () => {
    t = await TestSandbox.start();
    port = t.sandbox.port;
  });
  afterAll(() => t.close());

  const orderCount = async (): Promise<number> =>
    (await t.get('/__sandbox/orders')).body.orders.length;

  it('refuses a simple text/plain POST /__sandbox/reset and keeps the state', async () => {
    await t.createOrder();
    const before = await orderCount();
    const res = await send(port, 'POST', '/__sandbox/reset', {
      headers: { Host: `localhost:${port}`, 'Content-Type': 'text/plain', 'Content-Length': '0' },
    });
    expect(res.status).toBe(403);
    expect(isErrorShape(res.json)).toBe(true);
    expect(res.json.error).toMatchObject({ code: 'forbidden', reason: 'cross_site_request' });
    expect(res.json.error.message).toContain('text/plain');
    expect(await orderCount()).toBe(before);
  });

  it.each([
    ['a form body', { 'Content-Type': 'application/x-www-form-urlencoded' }, 'a=1'],
    ['a foreign Origin', { Origin: 'https://evil.example' }, undefined],
    ['Origin: null', { Origin: 'null' }, undefined],
    [
      'a foreign Origin with JSON',
      { Origin: 'http://evil.example', 'Content-Type': 'application/json' },
      '{}',
    ],
  ])('refuses %s on an unsafe control-plane method', async (_name, headers, body) => {
    const { order_id } = await t.createOrder();
    const res = await send(port, 'POST', `/__sandbox/orders/${order_id}/advance`, {
      headers: { ...headers },
      body,
    });
    expect(res.status).toBe(403);
    expect(res.json.error.reason).toBe('cross_site_request');
    expect((await t.get(`/v1/orders/${order_id}`)).body.status).toBe('pending');
  });

  it('accepts a same-origin Origin, no Origin, and JSON or no body', async () => {
    const { order_id } = await t.createOrder();
    const sameOrigin = await send(port, 'POST', `/__sandbox/orders/${order_id}/advance`, {
      headers: { Origin: `http://127.0.0.1:${port}`, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(sameOrigin.status).toBe(200);
    const noOrigin = await send(port, 'POST', `/__sandbox/orders/${order_id}/advance`);
    expect(noOrigin.status).toBe(200);
  });

  // `curl -X POST -H 'Content-Type: application/json' URL` sends the label and no body.
  it.each([
    ['Content-Length: 0', { 'Content-Length': '0' }],
    ['no Content-Length', {}],
  ])(
    'takes Content-Type: application/json with an empty body (%s) as no body, on every route whose body is optional',
    async (_name, length) => {
      const headers = { 'Content-Type': 'application/json; charset=utf-8', ...length };
      const { order_id } = await t.createOrder();
      const endpoint = await t.post('/__sandbox/webhook-endpoints', {
        url: 'http://127.0.0.1:9/hooks',
      });
      const writes: [string, string][] = [
        ['POST', `/__sandbox/orders/${order_id}/advance`],
        ['POST', '/__sandbox/report/reset'],
        ['DELETE', '/__sandbox/requests'],
        ['DELETE', `/__sandbox/webhook-endpoints/${endpoint.body.endpoint_id}`],
        ['POST', '/__sandbox/reset'],
      ];
      for (const [method, path] of writes) {
        const res = await send(port, method, path, { headers });
        expect({ path, status: res.status, json: res.json }).toMatchObject({
          path,
          status: expect.toSatisfy((s: number) => s >= 200 && s < 300),
        });
      }
    },
  );

  it('still refuses a real body that is not JSON, and a JSON body that does not parse', async () => {
    const { order_id } = await t.createOrder();
    const plain = await send(port, 'POST', `/__sandbox/orders/${order_id}/advance`, {
      headers: { 'Content-Type': 'text/plain' },
      body: 'to=delivered',
    });
    expect(plain.json.error).toMatchObject({ reason: 'cross_site_request' });
    const broken = await send(port, 'POST', `/__sandbox/orders/${order_id}/advance`, {
      headers: { 'Content-Type': 'application/json' },
      body: '{"to":',
    });
    expect(broken.status).toBe(400);
    expect(broken.json.error.reason).not.toBe('cross_site_request');
  });

  it('answers a required body missing behind Content-Type: application/json as a missing body', async () => {
    const res = await send(port, 'POST', '/__sandbox/clock/advance', {
      headers: { 'Content-Type': 'application/json', 'Content-Length': '0' },
    });
    expect(res.status).toBe(400);
    expect(res.json.error.reason).not.toBe('cross_site_request');
  });

  it('leaves safe methods alone: a cross-site GET cannot read the answer anyway', async () => {
    const res = await send(port, 'GET', '/__sandbox/health', {
      headers: { Origin: 'https://evil.example' },
    });
    expect(res.status).toBe(200);
  });
});

describe('the Host header', () => {
  let t: TestSandbox;
  let port: number;
  beforeAll(async () => {
    t = await TestSandbox.start({ allowedHosts: ['sandbox.test', 'api.internal:8080'] });
    port = t.sandbox.port;
  });
  afterAll(() => t.close());

  it.each([
    '/__sandbox/state',
    '/v1/drivers/available?lat=37.79&lng=-122.4',
    '/__sandbox/health',
    '/',
  ])('refuses a foreign Host on %s (DNS rebinding)', async (path) => {
    const res = await send(port, 'GET', path, {
      headers: { Host: `rebind.evil.example:${port}`, Authorization: 'Bearer sk_test_ci_acme' },
    });
    expect(res.status).toBe(403);
    expect(isErrorShape(res.json)).toBe(true);
    expect(res.json.error).toMatchObject({ reason: 'host_not_allowed', param: 'Host' });
    expect(res.json.error.message).toContain('rebind.evil.example');
    expect(res.text).not.toContain('whsec_');
  });

  it.each([
    ['localhost', (p: number) => `localhost:${p}`],
    ['127.0.0.1', (p: number) => `127.0.0.1:${p}`],
    ['[::1]', (p: number) => `[::1]:${p}`],
    ['localhost without a port', () => 'localhost'],
    ['an --allowed-host', () => 'sandbox.test'],
    ['an --allowed-host with its port', () => 'api.internal:8080'],
  ])('accepts %s', async (_name, host) => {
    const res = await send(port, 'GET', '/__sandbox/health', { headers: { Host: host(port) } });
    expect(res.status).toBe(200);
  });

  it.each([
    ['localhost on another port', (p: number) => `localhost:${p + 1}`],
    ['an --allowed-host on another port', () => 'api.internal:9090'],
  ])('refuses %s', async (_name, host) => {
    const res = await send(port, 'GET', '/__sandbox/health', { headers: { Host: host(port) } });
    expect(res.status).toBe(403);
    expect(res.json.error.reason).toBe('host_not_allowed');
  });

  it('checks each Host on a kept-alive connection: one accepted before never lets a foreign one through', async () => {
    const conn = new KeptAlive(port);
    const get = (path: string, host: string) => conn.get(path, { Host: host });
    try {
      const auth = `/v1/drivers/available?lat=37.79&lng=-122.4`;
      const first = await get('/__sandbox/health', `localhost:${port}`);
      expect(first.status).toBe(200);
      for (const path of ['/__sandbox/health', auth])
        expect(await get(path, `rebind.evil.example:${port}`)).toMatchObject({
          status: 403,
          reason: 'host_not_allowed',
          local: first.local,
        });
      expect(await get('/__sandbox/health', `localhost:${port}`)).toMatchObject({
        status: 200,
        local: first.local,
      });
    } finally {
      conn.close();
    }
  });

  it('allows any Host with allowedHosts: ["*"] (the Docker image)', async () => {
    const any = await TestSandbox.start({ allowedHosts: ['*'] });
    try {
      const res = await send(any.sandbox.port, 'GET', '/__sandbox/health', {
        headers: { Host: 'anything.example' },
      });
      expect(res.status).toBe(200);
    } finally {
      await any.close();
    }
  });
});

describe('CORS on /v1', () => {
  const ORIGIN = 'http://localhost:5173';
  let t: TestSandbox;
  let port: number;
  beforeAll(async () => {
    t = await TestSandbox.start({ corsOrigins: [ORIGIN] });
    port = t.sandbox.port;
  });
  afterAll(() => t.close());

  it('answers a preflight from an allowed origin with 204 and the Allow-* headers', async () => {
    const res = await send(port, 'OPTIONS', '/v1/orders', {
      headers: {
        Origin: ORIGIN,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization, content-type, idempotency-key',
      },
    });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(res.headers['access-control-allow-origin']).toBe(ORIGIN);
    expect(res.headers['access-control-allow-methods']).toContain('POST');
    expect(res.headers['access-control-allow-headers']).toBe(
      'Authorization, Content-Type, Idempotency-Key, Sandbox-Fault, Sandbox-Outcome, Sandbox-Expect',
    );
    expect(res.headers.vary).toContain('Origin');
  });

  it('adds Allow-Origin and the exposed headers to an actual response', async () => {
    const res = await send(port, 'GET', '/v1/drivers/available?lat=37.79&lng=-122.4', {
      headers: { Origin: ORIGIN, Authorization: 'Bearer sk_test_ci_acme' },
    });
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(ORIGIN);
    expect(res.headers['access-control-expose-headers']).toBe(
      'X-Request-Id, Idempotent-Replayed, Retry-After',
    );
    expect(res.headers.vary).toContain('Origin');
  });

  it('gives another origin no CORS headers, and its preflight the JSON 404', async () => {
    const actual = await send(port, 'GET', '/v1/drivers/available?lat=37.79&lng=-122.4', {
      headers: { Origin: 'https://evil.example', Authorization: 'Bearer sk_test_ci_acme' },
    });
    expect(actual.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await send(port, 'OPTIONS', '/v1/orders', {
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(preflight.status).toBe(404);
    expect(preflight.json.error.reason).toBe('method_not_allowed');
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers nothing CORS without --cors-origin', async () => {
    const plain = await TestSandbox.start();
    try {
      const preflight = await send(plain.sandbox.port, 'OPTIONS', '/v1/orders', {
        headers: { Origin: ORIGIN, 'Access-Control-Request-Method': 'POST' },
      });
      expect(preflight.status).toBe(404);
      expect(preflight.json.error.reason).toBe('method_not_allowed');
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
      const actual = await send(
        plain.sandbox.port,
        'GET',
        '/v1/drivers/available?lat=37.79&lng=-122.4',
        {
          headers: { Origin: ORIGIN, Authorization: 'Bearer sk_test_ci_acme' },
        },
      );
      expect(actual.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await plain.close();
    }
  });
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fail } from '../src/errors/service-error.js';
import { createApp } from '../src/http/create-app.js';
import type { RequestStep } from '../src/http/pipeline.js';
import { resolveConfig } from '../src/sandbox/config.js';
import { SandboxHost } from '../src/sandbox/sandbox-host.js';
import { SandboxRegistry } from '../src/sandbox/sandbox-registry.js';
import { KEYS } from './support/test-sandbox.js';

// Every request takes one list of steps (src/http/pipeline.ts): a step added to it (here through
// createApp's test-only `testSteps`) runs on the fast path of GET /v1/orders/{id} and on the
// Express chain alike, and its failures answer the same on both.
describe('one list of request steps, on the fast path and the Express chain', () => {
  const ran: {
    path: string;
    express: boolean;
    requestId: string;
    world: number;
    named?: boolean;
  }[] = [];
  const added: RequestStep = {
    name: 'test-step',
    declinesFast: (x) => x.req.headers['x-test-decline'] !== undefined,
    run: (x) => {
      ran.push({
        path: x.path,
        express: x.express,
        requestId: x.requestId,
        world: x.world.generation,
        ...(x.host === host ? {} : { named: x.world === x.host.current }),
      });
      x.res.setHeader('X-Test-Step', 'ran');
      if (x.req.headers['x-test-refuse'] !== undefined) throw fail('read_only_key');
    },
  };
  let host: SandboxHost;
  let registry: SandboxRegistry;
  let server: Server;
  let url: string;
  let order: string;
  const get = async (
    path: string,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; step: string | null; id: string; text: string }> => {
    const res = await fetch(url + path, {
      headers: { authorization: `Bearer ${KEYS.acme}`, ...headers },
    });
    const id = res.headers.get('x-request-id') ?? '';
    const text = (await res.text()).replaceAll(id, 'req_ID');
    return { status: res.status, step: res.headers.get('x-test-step'), id, text };
  };

  beforeAll(async () => {
    const config = resolveConfig({ scenario: 'ci' });
    host = await SandboxHost.open(config);
    registry = new SandboxRegistry(config, host);
    host.sandboxes = registry;
    const app = createApp(
      host,
      pino({ level: 'silent' }),
      { boundHost: '127.0.0.1', allowedHosts: [], corsOrigins: [] },
      { holdMs: 1000 },
      { testSteps: [added] },
    );
    server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const created = await fetch(`${url}/v1/orders`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEYS.acme}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        pickup: { address: '1 Market St' },
        dropoff: { address: '2 Castro St' },
      }),
    });
    order = ((await created.json()) as { order_id: string }).order_id;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await registry.close();
    await host.close();
  });

  it.each([
    ['the fast path', (): string => `/v1/orders/${order}`, {}, false],
    ['the Express chain', (): string => `/v1/orders/${order}?via=express`, {}, true],
    ['the control plane', (): string => '/__sandbox/health', {}, true],
    [
      'a request the step declines for the fast path',
      (): string => `/v1/orders/${order}`,
      { 'X-Test-Decline': '1' },
      true,
    ],
  ] as const)('runs on %s, after the steps before it', async (_name, path, headers, express) => {
    ran.length = 0;
    const res = await get(path(), headers);
    expect(res.status).toBe(200);
    expect(res.step).toBe('ran');
    expect(ran).toEqual([
      { path: path().split('?')[0], express, requestId: res.id, world: host.current.generation },
    ]);
  });

  it('answers its failure the same on both paths, through the one error answer', async () => {
    const fast = await get(`/v1/orders/${order}`, { 'X-Test-Refuse': '1' });
    const general = await get(`/v1/orders/${order}?via=express`, { 'X-Test-Refuse': '1' });
    expect(fast.status).toBe(403);
    expect(fast.step).toBe('ran');
    expect(JSON.parse(fast.text)).toMatchObject({ error: { reason: 'read_only_key' } });
    expect(fast.text).toBe(general.text);
  });

  it("takes a named sandbox's key on the fast path, on that sandbox's host and world", async () => {
    const put = await fetch(`${url}/__sandbox/sandboxes/fast`, { method: 'PUT' });
    const key = ((await put.json()) as { accounts: { api_key: string }[] }).accounts[0]!.api_key;
    const created = await fetch(`${url}/v1/orders`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        pickup: { address: '1 Market St' },
        dropoff: { address: '2 Castro St' },
      }),
    });
    const theirs = ((await created.json()) as { order_id: string }).order_id;
    ran.length = 0;
    const res = await get(`/v1/orders/${theirs}`, { authorization: `Bearer ${key}` });
    expect(res.status).toBe(200);
    expect(ran).toEqual([
      { path: `/v1/orders/${theirs}`, express: false, requestId: res.id, world: 1, named: true },
    ]);
  });

  it.each([
    ['the location of an order', (): string => `/v1/orders/${order}/location`, 404],
    ['the driver search', (): string => '/v1/drivers/available?lat=37.7749&lng=-122.4194', 200],
  ] as const)('runs on the fast path of %s too', async (_name, path, status) => {
    ran.length = 0;
    const res = await get(path());
    expect(res.status).toBe(status);
    expect(res.step).toBe('ran');
    expect(ran).toEqual([
      {
        path: path().split('?')[0],
        express: false,
        requestId: res.id,
        world: host.current.generation,
      },
    ]);
  });

  const create = (headers: Record<string, string>): Promise<Response> =>
    fetch(`${url}/v1/orders`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${KEYS.acme}`,
        'content-type': 'application/json',
        ...headers,
      },
      body: JSON.stringify({
        pickup: { address: '1 Market St' },
        dropoff: { address: '9 Oak St' },
      }),
    });

  it.each([
    ['a plain JSON body on the fast path', {}, false],
    [
      'a body sent with a Content-Encoding on the Express chain',
      { 'Content-Encoding': 'identity' },
      true,
    ],
    [
      'another spelling of JSON on the Express chain',
      { 'content-type': 'application/json; charset="UTF-8"' },
      true,
    ],
  ] as const)('runs for POST /v1/orders with %s', async (_name, headers, express) => {
    ran.length = 0;
    const res = await create(headers);
    expect(res.status).toBe(201);
    expect(res.headers.get('x-test-step')).toBe('ran');
    const id = res.headers.get('x-request-id');
    expect(ran).toEqual([
      { path: '/v1/orders', express, requestId: id, world: host.current.generation },
    ]);
  });

  it("answers a create's step failure the same on both paths, and closes the unread body's connection", async () => {
    const fast = await create({ 'X-Test-Refuse': '1' });
    const general = await create({ 'X-Test-Refuse': '1', 'Content-Encoding': 'identity' });
    expect(fast.status).toBe(403);
    for (const res of [fast, general]) expect(res.headers.get('connection')).toBe('close');
    const text = async (res: Response): Promise<string> =>
      (await res.text()).replaceAll(res.headers.get('x-request-id') ?? '-', 'req_ID');
    expect(await text(fast)).toBe(await text(general));
  });
});

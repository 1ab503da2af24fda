import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/http/create-app.js';
import { createHttpServer } from '../src/http/http-server.js';
import type { RequestStep } from '../src/http/pipeline.js';
import { resolveConfig } from '../src/sandbox/config.js';
import { SandboxHost } from '../src/sandbox/sandbox-host.js';
import { SandboxRegistry } from '../src/sandbox/sandbox-registry.js';
import { KEYS } from './support/test-sandbox.js';

// The server makes its requests with Express's prototype already set (src/http/message-classes.ts):
// Express's own Object.setPrototypeOf on each request is then a no-op, not a change of a live
// object's shape. A step that runs before Express (the fast path of GET /v1/orders/{id}) sees it.
describe('requests are born with Express’s prototypes', () => {
  const seen: { express: boolean; hasGet: boolean; hasJson: boolean }[] = [];
  const step: RequestStep = {
    name: 'prototype-probe',
    declinesFast: () => false,
    run: (x) => {
      seen.push({
        express: x.express,
        hasGet: typeof (x.req as IncomingMessage & { get?: unknown }).get === 'function',
        hasJson: typeof (x.res as { json?: unknown }).json === 'function',
      });
    },
  };
  let host: SandboxHost;
  let server: Server;
  let url: string;
  beforeAll(async () => {
    const config = resolveConfig({ scenario: 'ci' });
    host = await SandboxHost.open(config);
    host.sandboxes = new SandboxRegistry(config, host);
    const app = createApp(
      host,
      pino({ level: 'silent' }),
      { boundHost: '127.0.0.1', allowedHosts: [], corsOrigins: [] },
      { holdMs: 1000 },
      { testSteps: [step] },
    );
    const limits = { maxConnections: 10, headersTimeoutMs: 5000, requestTimeoutMs: 5000 };
    const noUpgrade = (_req: IncomingMessage, socket: { destroy: () => void }) => socket.destroy();
    server = createHttpServer(app, limits, () => 'req_x', noUpgrade, app.messageClasses);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await host.close();
  });

  it('has them before Express sees the request, and Express answers as before', async () => {
    const auth = { authorization: `Bearer ${KEYS.acme}` };
    const created = await fetch(`${url}/v1/orders`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        pickup: { address: '1 Market St' },
        dropoff: { address: '2 Castro St' },
      }),
    });
    expect(created.status).toBe(201);
    const { order_id } = (await created.json()) as { order_id: string };
    const read = await fetch(`${url}/v1/orders/${order_id}`, { headers: auth });
    expect(read.status).toBe(200);
    expect(((await read.json()) as { order_id: string }).order_id).toBe(order_id);
    // The fast path ran the step before Express: the request already had Express's methods.
    expect(seen.find((s) => !s.express)).toEqual({ express: false, hasGet: true, hasJson: true });
    expect(seen.every((s) => s.hasGet && s.hasJson)).toBe(true);
  });
});

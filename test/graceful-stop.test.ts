import { connect } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../src/index.js';
import { parseAnswer, type RawReply } from './support/raw-http.js';
import { contractFetch, SAMPLE_ORDER } from './support/test-sandbox.js';
import { tempDir } from './support/temp-dir.js';

const KEY = 'sk_test_ci_acme';
const open: Sandbox[] = [];
afterEach(async () => {
  for (const s of open.splice(0)) await s.close().catch(() => undefined);
});

async function start(data?: string): Promise<Sandbox> {
  const sandbox = await startSandbox({ scenario: 'ci', ...(data ? { data } : {}) });
  open.push(sandbox);
  return sandbox;
}

/**
 * A `POST /v1/orders` whose headers and half its body are sent now: the sandbox has taken the
 * request in (and read the world it works on); `finish` sends the rest and resolves with the answer.
 */
async function halfSentCreate(port: number): Promise<{ finish: () => Promise<RawReply> }> {
  const body = JSON.stringify(SAMPLE_ORDER);
  const half = Math.floor(body.length / 2);
  const socket = connect(port, '127.0.0.1');
  await new Promise((r) => socket.once('connect', r));
  let out = '';
  socket.on('data', (d: Buffer) => (out += d.toString()));
  const answered = new Promise<RawReply>((resolve) => {
    socket.on('close', () => resolve(parseAnswer(out)));
  });
  socket.write(
    `POST /v1/orders HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${KEY}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `Connection: close\r\n\r\n${body.slice(0, half)}`,
  );
  // The request reached the app once its X-Request-Id exists: wait for the server to read it.
  await new Promise((r) => setTimeout(r, 100));
  return {
    finish: () => {
      socket.write(body.slice(half));
      return answered;
    },
  };
}

describe('a write racing a reset', () => {
  it('is answered 503 world_replaced with Retry-After, not 201 for an order the new world lacks', async () => {
    const sandbox = await start();
    const create = await halfSentCreate(sandbox.port);
    await sandbox.reset();
    const res = await create.finish();
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.json.error).toMatchObject({ reason: 'world_replaced' });
    const orders = await contractFetch(`${sandbox.url}/__sandbox/orders`);
    expect(orders.body.orders).toEqual([]);
  });
});

describe('sandbox.close()', () => {
  it('lets a write in flight finish and store before it stops, and it comes back on restart', async () => {
    const data = join(tempDir('sandbox-stop-'), 'state.json');
    const sandbox = await start(data);
    const create = await halfSentCreate(sandbox.port);
    const closed = sandbox.close();
    const res = await create.finish();
    await closed;
    expect(res.status).toBe(201);

    const again = await start(data);
    const read = await contractFetch(`${again.url}/v1/orders/${res.json.order_id}`, {
      headers: { Authorization: `Bearer ${KEY}` },
    });
    expect(read.status).toBe(200);
  });

  it('answers a request that comes while it stops 503 shutting_down, with Retry-After', async () => {
    const sandbox = await start();
    const inFlight = await halfSentCreate(sandbox.port);
    // A kept-alive connection opened before the stop: its next request arrives during it.
    const socket = connect(sandbox.port, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    const closed = sandbox.close();
    let out = '';
    socket.on('data', (d: Buffer) => (out += d.toString()));
    const answered = new Promise<RawReply>((r) => socket.on('close', () => r(parseAnswer(out))));
    socket.write(
      `GET /v1/orders/ord_x HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${KEY}\r\n\r\n`,
    );
    const late = await answered;
    expect(late.status).toBe(503);
    expect(late.headers['retry-after']).toBe('1');
    expect(late.headers.connection).toBe('close');
    expect(late.json.error).toMatchObject({ reason: 'shutting_down' });
    expect((await inFlight.finish()).status).toBe(201);
    await closed;
  });

  it('makes a later write through the programmatic API fail instead of pretending', async () => {
    const sandbox = await start();
    const created = await contractFetch(`${sandbox.url}/v1/orders`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(SAMPLE_ORDER),
    });
    await sandbox.close();
    await expect(sandbox.cancelOrder(created.body.order_id, 'restaurant')).rejects.toMatchObject({
      reason: 'shutting_down',
      status: 503,
    });
  });
});

describe('with --data, a next world that fails to start', () => {
  it('leaves the data file with the world still running: later writes are stored and come back', async () => {
    const data = join(tempDir('sandbox-refused-reset-'), 'state.json');
    const sandbox = await startSandbox({
      scenario: 'ci',
      data,
      webhooks: [{ url: 'http://127.0.0.1:9/configured' }],
    });
    open.push(sandbox);
    const control = (path: string, method: string, body?: unknown) =>
      contractFetch(`${sandbox.url}${path}`, {
        method,
        headers: { 'Content-Type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    // The configured endpoint deleted and 100 others registered: a reset, which keeps the 100 and
    // registers the configured one again, is refused (too_many_webhook_endpoints).
    const [configured] = sandbox.webhookEndpoints;
    await control(`/__sandbox/webhook-endpoints/${configured!.endpoint_id}`, 'DELETE');
    for (let i = 0; i < 100; i++)
      expect(
        (await control('/__sandbox/webhook-endpoints', 'POST', { url: `http://127.0.0.1:9/${i}` }))
          .status,
      ).toBe(201);
    const refused = await control('/__sandbox/reset', 'POST', {});
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ reason: 'too_many_webhook_endpoints' });

    const created = await contractFetch(`${sandbox.url}/v1/orders`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(SAMPLE_ORDER),
    });
    expect(created.status).toBe(201);
    await sandbox.close();

    const again = await start(data);
    const back = await contractFetch(`${again.url}/v1/orders/${created.body.order_id}`, {
      headers: { Authorization: `Bearer ${KEY}` },
    });
    expect(back.status).toBe(200);
  });
});

describe('a reset still running when the sandbox stops', () => {
  it('is refused shutting_down and never installs its world over the closed data file', async () => {
    const data = join(tempDir('sandbox-late-reset-'), 'state.json');
    const sandbox = await start(data);
    // Built in slices (2 000 drivers a turn), so it is still being built when close() has ended.
    const reset = sandbox.reset({
      scenario: {
        name: 'big',
        seed: 'big',
        accounts: [{ id: 'acct_big', api_keys: ['sk_test_big_key'] }],
        drivers: { count: 20_000 },
        clock: { mode: 'manual', start: '2026-01-01T12:00:00Z' },
      },
    });
    reset.catch(() => undefined);
    await sandbox.close();
    await expect(reset).rejects.toMatchObject({ reason: 'shutting_down', status: 503 });
    // The file still holds the ci world: a restart naming ci resumes it.
    const again = await start(data);
    expect(again.scenario.name).toBe('ci');
  });
});

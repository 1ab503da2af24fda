import { spawn } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bannerUrl } from './support/cli-process.js';
import { raw } from './support/raw-http.js';
import { Receiver } from './support/receiver.js';
import { TestSandbox, BUNDLED_SCENARIOS } from './support/test-sandbox.js';
import { tempDir } from './support/temp-dir.js';

const running: TestSandbox[] = [];
const start = async (options: Parameters<typeof TestSandbox.start>[0] = {}) => {
  const t = await TestSandbox.start(options);
  running.push(t);
  return t;
};
afterEach(async () => {
  for (const t of running.splice(0)) await t.close();
});

describe('GET /__sandbox/scenarios', () => {
  it('lists the bundled scenarios with their descriptions and which one runs', async () => {
    const t = await start();
    const { scenarios } = (await t.get('/__sandbox/scenarios')).body;
    expect(scenarios.map((s: any) => s.name)).toEqual(BUNDLED_SCENARIOS);
    expect(scenarios.filter((s: any) => s.current).map((s: any) => s.name)).toEqual(['ci']);
    expect(scenarios.every((s: any) => s.description.length > 20)).toBe(true);
  });
});

describe('GET·PUT /__sandbox/state', () => {
  it('exports the whole state and imports it into another sandbox, which carries on identically', async () => {
    const a = await start();
    const order = await a.createOrder();
    await a.post(`/v1/orders/${order.order_id}/payment`, { payment_method: 'pm_card_visa' });
    await a.createOrder();
    await a.post('/__sandbox/clock/advance', { by: '90s' });
    const exported = (await a.get('/__sandbox/state')).body;
    expect(exported.clock).toEqual({
      now: Date.parse('2026-01-01T12:01:30.000Z'),
      mode: 'manual',
      speed: 1,
    });
    expect(exported.orders).toHaveLength(2);

    const b = await start({ seed: 'something-else' });
    const imported = await b.request('PUT', '/__sandbox/state', { body: exported });
    expect(imported.body).toMatchObject({
      status: 'ok',
      seed: 'ci',
      clock: { now: '2026-01-01T12:01:30.000Z' },
    });
    expect((await b.get(`/v1/orders/${order.order_id}`)).body).toEqual(
      (await a.get(`/v1/orders/${order.order_id}`)).body,
    );

    // An import is a new generation, with ids of its own: once both have imported the same
    // state, both carry on the same way, same next ids, same schedule.
    await a.request('PUT', '/__sandbox/state', { body: exported });
    const [nextA, nextB] = [await a.createOrder(), await b.createOrder()];
    expect(nextB.order_id).toBe(nextA.order_id);
    const [firedA, firedB] = [
      (await a.post('/__sandbox/clock/advance', { by: '2h' })).body.fired,
      (await b.post('/__sandbox/clock/advance', { by: '2h' })).body.fired,
    ];
    expect(firedB).toEqual(firedA);
  });

  it('round-trips a state far over the 1 MiB body limit of the API', async () => {
    const a = await start();
    await a.createOrder();
    const exported = (await a.get('/__sandbox/state')).body;
    const template = exported.orders[0];
    // ~3 000 orders: MiBs of JSON, as a sandbox that ran a while exports.
    exported.orders = Array.from({ length: 3000 }, (_, i) => {
      const id = `ord_${String(i).padStart(16, '0')}`;
      return { ...template, order: { ...template.order, order_id: id } };
    });
    const size = JSON.stringify(exported).length;
    expect(size).toBeGreaterThan(2 * 1024 * 1024);
    const b = await start();
    const imported = await b.request('PUT', '/__sandbox/state', { body: exported });
    expect(imported.status).toBe(200);
    const back = (await b.get('/__sandbox/state')).body;
    expect(back.orders).toHaveLength(3000);
    expect(back.orders[2999].order.order_id).toBe('ord_0000000000002999');
    expect((await b.get('/v1/orders/ord_0000000000001234')).status).toBe(200);
  });

  it('refuses a declared body over its own 256 MiB limit with a 413 naming it', async () => {
    const t = await start();
    const port = new URL(t.url).port;
    const head = (length: number) =>
      `PUT /__sandbox/state HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\nConnection: close\r\n\r\n`;
    const over = await raw(Number(port), head(256 * 1024 * 1024 + 1));
    expect(over.status).toBe(413);
    expect(over.json.error.message).toContain('256 MiB');
    // The API's own limit still applies everywhere else.
    const v1 = await raw(
      Number(port),
      `POST /v1/orders HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${2 * 1024 * 1024}\r\nConnection: close\r\n\r\n`,
    );
    expect(v1.status).toBe(413);
    expect(v1.json.error.message).toContain('1 MiB');
  });

  it.each([
    [{}, 'version'],
    [{ version: 2 }, 'version'],
    [
      { version: 1, scenario: 'x', seed: 'x', counters: {}, accounts: [], drivers: 'many' },
      'drivers',
    ],
  ])('refuses a state that is not one (%#)', async (body, param) => {
    const t = await start();
    const res = await t.request('PUT', '/__sandbox/state', { body });
    expect(res.status).toBe(400);
    expect(res.body.error.details.map((d: any) => d.param)).toContain(param);
  });
});

describe('PUT /__sandbox/state, parsed and validated in a worker thread', () => {
  it("answers JSON that does not parse with the parser's position, and changes nothing", async () => {
    const t = await start();
    const order = await t.createOrder();
    const text = JSON.stringify((await t.get('/__sandbox/state')).body);
    const res = await t.request('PUT', '/__sandbox/state', {
      raw: text.replace(',"seed"', ',,"seed"'),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('not valid JSON');
    expect(res.body.error.message).toContain(`position ${text.indexOf(',"seed"') + 1}`);
    expect((await t.get(`/v1/orders/${order.order_id}`)).status).toBe(200);
  });

  it('refuses an empty body as express.json did, and takes a gzipped one', async () => {
    const t = await start();
    const empty = await t.request('PUT', '/__sandbox/state', {
      raw: '',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toContain('A JSON request body is required');
    const order = await t.createOrder();
    const state = (await t.get('/__sandbox/state')).body;
    const b = await start({ seed: 'other' });
    const res = await b.request('PUT', '/__sandbox/state', {
      raw: gzipSync(JSON.stringify(state)),
      headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
    });
    expect(res.status).toBe(200);
    expect((await b.get(`/v1/orders/${order.order_id}`)).status).toBe(200);
  });

  it('works from the built CLI, whose worker is its own file in dist/', async () => {
    const child = spawn(process.execPath, ['dist/cli.js', '--port', '0', '--scenario', 'ci'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const url = await bannerUrl(child);
      const headers = { 'Content-Type': 'application/json' };
      const state = (await (await fetch(`${url}/__sandbox/state`)).json()) as object;
      const ok = await fetch(`${url}/__sandbox/state`, {
        method: 'PUT',
        headers,
        body: JSON.stringify(state),
      });
      expect(ok.status).toBe(200);
      const bad = await fetch(`${url}/__sandbox/state`, { method: 'PUT', headers, body: '{"x":' });
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as any).error.message).toContain('not valid JSON');
      const invalid = await fetch(`${url}/__sandbox/state`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ ...state, version: 2 }),
      });
      expect(invalid.status).toBe(400);
      expect(((await invalid.json()) as any).error.details[0].param).toBe('version');
    } finally {
      child.kill();
    }
  });
});

describe('--data persistence', () => {
  it('resumes orders, pending webhook retries and the clock after a restart', async () => {
    const data = join(tempDir('sandbox-data-'), 'state.json');
    const rx = await Receiver.start();
    try {
      rx.answer(500);
      const a = await start({ data, webhooks: [{ url: rx.url }] });
      const order = await a.createOrder();
      await a.sandbox.settle();
      await a.post('/__sandbox/clock/advance', { by: '30s' });
      const before = (await a.get(`/v1/orders/${order.order_id}`)).body;
      expect(before.status).toBe('driver_assigned');
      await a.close();
      running.splice(running.indexOf(a), 1);

      rx.answer(200);
      const b = await start({ data, webhooks: [{ url: rx.url }] });
      expect((await b.get('/__sandbox/clock')).body.now).toBe('2026-01-01T12:00:30.000Z');
      expect((await b.get(`/v1/orders/${order.order_id}`)).body).toEqual(before);
      // The schedule came back: the pickup and delivery happen, and the failed deliveries are retried.
      const { fired } = (await b.post('/__sandbox/clock/advance', { by: '2h' })).body;
      expect(fired.map((e: any) => e.event)).toEqual(['order.picked_up', 'order.delivered']);
      const retried = b.sandbox.deliveries({ status: 'succeeded' }).filter((d) => d.attempt > 1);
      expect(retried.map((d) => d.event).sort()).toEqual([
        'order.created',
        'order.driver_assigned',
      ]);
    } finally {
      await rx.close();
    }
  });
});

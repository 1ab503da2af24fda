import type { Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { startSandbox } from '../src/index.js';
import { StreamClient } from './support/stream-client.js';
import { KEYS, TestSandbox } from './support/test-sandbox.js';

const ws = (t: TestSandbox, path: string): string => t.url.replace(/^http/, 'ws') + path;
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
/** A one-account world with `count` generated drivers. */
const withDrivers = (count: number) => ({
  name: 'many-drivers',
  accounts: [{ id: 'acct_acme', name: 'Acme Eats', api_keys: [KEYS.acme] }],
  drivers: { count },
  clock: { mode: 'manual' as const, start: '2026-01-01T12:00:00.000Z' },
});

describe('the limits of the WebSocket streams', () => {
  let t: TestSandbox | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('throttles a 60x realtime clock to one location and one drivers batch per interval', async () => {
    t = await TestSandbox.start({ clock: 'realtime', speed: 60, streams: { intervalMs: 100 } });
    const order = await t.createOrder();
    await t.advance(order.order_id); // driver_assigned: the driver moves from now on
    const location = await StreamClient.open(
      ws(t, `/v1/orders/${order.order_id}/location/stream`),
      { Authorization: `Bearer ${KEYS.acme}` },
    );
    const all = await StreamClient.open(ws(t, '/__sandbox/stream'));
    await sleep(600); // 36 virtual seconds: unthrottled, one position per virtual second
    const positions = location.messages.filter((m) => m.type === 'location');
    const batches = all.messages.filter((m) => m.type === 'drivers').slice(1); // after the snapshot
    expect(positions.length).toBeGreaterThanOrEqual(2);
    expect(positions.length).toBeLessThanOrEqual(8);
    expect(batches.length).toBeGreaterThanOrEqual(2);
    expect(batches.length).toBeLessThanOrEqual(8);
    location.close();
    all.close();
  });

  it('closes a client that stops reading with 1013 instead of buffering without bound', async () => {
    t = await TestSandbox.start({ streams: { maxBufferedBytes: 64 * 1024 } });
    const c = await StreamClient.open(ws(t, '/__sandbox/stream'));
    await c.next('drivers');
    const socket = (c.ws as unknown as { _socket: Socket })._socket;
    socket.pause();
    // A burst of clock messages, far more than the socket buffers hold.
    for (let i = 0; i < 100_000; i++) t.sandbox.clock.set('manual');
    socket.resume();
    await c.wait((x) => x.closed !== undefined, 10_000);
    expect(c.closed?.code).toBe(1013);
    expect(c.closed?.reason).toContain('client too slow');
    expect(c.messages.length).toBeLessThan(100_000);
  });

  it('sends the drivers snapshot in pages of at most 1 000 drivers, on open and after a reset', async () => {
    const scenario = withDrivers(2500);
    t = await TestSandbox.start({ scenario });
    const c = await StreamClient.open(ws(t, '/__sandbox/stream'));
    const snapshot = (from: number): any[][] =>
      c.messages
        .slice(from)
        .filter((m) => m.type === 'drivers')
        .map((m) => m.data);
    await c.wait(() => snapshot(0).flat().length === 2500, 10_000);
    expect(snapshot(0).map((page) => page.length)).toEqual([1000, 1000, 500]);
    expect(
      new Set(
        snapshot(0)
          .flat()
          .map((d) => d.driver_id),
      ).size,
    ).toBe(2500);
    const before = c.messages.length;
    await t.sandbox.reset();
    await c.wait(() => snapshot(before).flat().length === 2500, 10_000);
    expect(c.messages[before].type).toBe('reset');
    expect(snapshot(before).map((page) => page.length)).toEqual([1000, 1000, 500]);
    c.close();
  });

  it('closes with 1013 a client whose next message alone would pass maxBufferedBytes', async () => {
    const scenario = withDrivers(50);
    t = await TestSandbox.start({ scenario, streams: { maxBufferedBytes: 1024 } });
    const c = await StreamClient.open(ws(t, '/__sandbox/stream'));
    await c.wait((x) => x.closed !== undefined);
    expect(c.closed?.code).toBe(1013);
    expect(c.types()).toEqual(['hello']); // the 50 drivers (6 KB) would have passed 1 KiB
  });

  it('paces a big snapshot to the client: one that pauses reading gets every page once it reads again', async () => {
    const scenario = withDrivers(20_000);
    t = await TestSandbox.start({ scenario });
    const c = await StreamClient.open(ws(t, '/__sandbox/stream'));
    const socket = (c.ws as unknown as { _socket: Socket })._socket;
    socket.pause();
    await sleep(300); // 2.4 MB of drivers, over the 1 MiB cap: the server sends what is taken, then waits
    socket.resume();
    await c.wait((x) => x.messages.filter((m) => m.type === 'drivers').length === 20, 10_000);
    expect(c.closed).toBeUndefined();
    c.close();
  });

  it('refuses streams over maxClients with a JSON 503, and takes one again once one closes', async () => {
    t = await TestSandbox.start({ streams: { maxClients: 2 } });
    const a = await StreamClient.open(ws(t, '/__sandbox/stream'));
    const b = await StreamClient.open(ws(t, '/__sandbox/stream'));
    const refusal = await StreamClient.refusal(ws(t, '/__sandbox/stream'));
    expect(refusal).toMatchObject({ status: 503, body: { error: { reason: 'too_many_streams' } } });
    a.ws.close();
    await a.wait((x) => x.closed !== undefined);
    await sleep(20); // the server hears the close
    const c = await StreamClient.open(ws(t, '/__sandbox/stream'));
    await c.next('hello');
    b.close();
    c.close();
  });

  it('counts the first upgrades against maxClients too, while the WebSocket server is still loading', async () => {
    // A new server imports `ws` on its first upgrade; upgrades that arrive meanwhile wait and are
    // checked in turn once it has, so the cap holds from the first (three at once, cap 2).
    t = await TestSandbox.start({ streams: { maxClients: 2 } });
    const url = ws(t, '/__sandbox/stream');
    const tries = await Promise.allSettled([1, 2, 3].map(() => StreamClient.open(url)));
    const opened = tries.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    const refused = tries.flatMap((r) => (r.status === 'rejected' ? [r.reason as Error] : []));
    expect(opened).toHaveLength(2);
    expect(refused).toHaveLength(1);
    expect((refused[0] as { refusal?: unknown }).refusal).toMatchObject({
      status: 503,
      body: { error: { reason: 'too_many_streams' } },
    });
    for (const c of opened) await c.next('hello');
    opened.forEach((c) => c.close());
  });

  it('drops a peer that stops answering pings, and keeps one that answers', async () => {
    // Beats far enough apart for a busy machine: the live peer answers within one.
    t = await TestSandbox.start({ streams: { heartbeatMs: 250 } });
    const live = await StreamClient.open(ws(t, '/__sandbox/stream'));
    const dead = new WebSocket(ws(t, '/__sandbox/stream'), { autoPong: false });
    const closed = new Promise<number>((resolve) => dead.once('close', (code) => resolve(code)));
    const code = await Promise.race([closed, sleep(5000).then(() => 0)]);
    expect(code).toBe(1006); // terminated: no close frame for a peer that does not answer
    expect(live.closed).toBeUndefined();
    live.close();
  });

  it('closes every stream with 1001 when the sandbox stops', async () => {
    const sandbox = await startSandbox({ scenario: 'ci' });
    const c = await StreamClient.open(`${sandbox.url.replace(/^http/, 'ws')}/__sandbox/stream`);
    await c.next('hello');
    const ended = (async () => {
      const seen: string[] = [];
      for await (const m of sandbox.stream()) seen.push(m.type);
      return seen;
    })();
    await sandbox.close();
    await c.wait((x) => x.closed !== undefined);
    expect(c.closed).toEqual({ code: 1001, reason: 'sandbox shutting down' });
    expect(await ended).toEqual(['hello', 'drivers']); // the iterator ends too
  });
});

/**
 * What careless clients cost (issue 17), in one process, reported and not asserted:
 * - 20 `/__sandbox/stream` clients that stop reading, on a world of 50 000 drivers: the server's
 *   RSS before and after, and the slowest `GET /__sandbox/health` meanwhile;
 * - `POST /v1/orders` latency (median, worst of 40) with no webhook endpoint and with the 100 a
 *   sandbox keeps, all pointing at a port that refuses connections.
 * Prints one JSON line.
 */
import type { Socket } from 'node:net';
import { WebSocket } from 'ws';
import { startSandbox } from '../src/index.js';

const DRIVERS = 50_000;
const CLIENTS = 20;
const KEY = 'sk_test_bench_abuse';
const scenario = (drivers: number) => ({
  name: 'bench-abuse',
  seed: 'bench',
  accounts: [{ id: 'acct_bench', api_keys: [KEY] }],
  drivers: { count: drivers },
  clock: { mode: 'manual' as const, start: '2026-01-01T12:00:00.000Z' },
});
const rssMb = (): number => process.memoryUsage().rss / 2 ** 20;
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

const sandbox = await startSandbox({ scenario: scenario(DRIVERS) });
global.gc?.();
const rssBefore = rssMb();
let slowestHealthMs = 0;
let probing = true;
const probe = (async () => {
  while (probing) {
    const t0 = performance.now();
    await (await fetch(`${sandbox.url}/__sandbox/health`)).text();
    slowestHealthMs = Math.max(slowestHealthMs, performance.now() - t0);
    await sleep(50);
  }
})();
const sockets = await Promise.all(
  Array.from(
    { length: CLIENTS },
    () =>
      new Promise<WebSocket>((resolve, reject) => {
        const ws = new WebSocket(`${sandbox.url.replace(/^http/, 'ws')}/__sandbox/stream`);
        ws.once('open', () => {
          (ws as unknown as { _socket: Socket })._socket.pause(); // reads nothing more
          resolve(ws);
        });
        ws.once('error', reject);
      }),
  ),
);
await sleep(3000);
const rssAfter = rssMb();
probing = false;
await probe;
sockets.forEach((ws) => ws.terminate());

async function createLatencies(): Promise<{ median_ms: number; worst_ms: number }> {
  const times: number[] = [];
  for (let i = 0; i < 40; i++) {
    const t0 = performance.now();
    const res = await fetch(`${sandbox.url}/v1/orders`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ pickup: { address: 'A' }, dropoff: { address: 'B' } }),
    });
    await res.text();
    if (res.status !== 201) throw new Error(`creating an order answered ${res.status}`);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { median_ms: times[times.length >> 1]!, worst_ms: times.at(-1)! };
}
await sandbox.reset({ scenario: scenario(200) });
const without = await createLatencies();
for (let i = 0; i < 100; i++)
  await fetch(`${sandbox.url}/__sandbox/webhook-endpoints`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ url: `http://127.0.0.1:9/h/${i}` }), // port 9: refused
  });
const with100 = await createLatencies();
await sandbox.close();

process.stdout.write(
  `${JSON.stringify({
    drivers: DRIVERS,
    clients: CLIENTS,
    rss_before_mb: rssBefore,
    rss_after_mb: rssAfter,
    slowest_health_ms: slowestHealthMs,
    create_without_endpoints: without,
    create_with_100_endpoints: with100,
  })}\n`,
);

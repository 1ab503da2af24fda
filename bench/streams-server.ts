/**
 * The server side of the streams benchmark (bench/streams.ts): a sandbox with 500 orders whose
 * drivers are on their way, on a 60x realtime clock. Prints its URL and the order ids as one JSON
 * line; answers `measure` messages (over IPC) with its CPU time and memory since the last one.
 */
import { startSandbox } from '../src/index.js';

const ORDERS = 500;
const sandbox = await startSandbox({
  scenario: {
    name: 'bench-streams',
    seed: 'bench',
    city: { center: { lat: 37.7749, lng: -122.4194 }, radius_km: 8 },
    accounts: [{ id: 'acct_bench', api_keys: ['sk_test_bench_streams'] }],
    drivers: { count: 800 },
    clock: { mode: 'manual', start: '2026-01-01T12:00:00.000Z' },
  },
  maxConnections: 1500,
  streams: { maxClients: 1200 },
});
const ids: string[] = [];
for (let i = 0; i < ORDERS; i++) {
  const res = await fetch(`${sandbox.url}/v1/orders`, {
    method: 'POST',
    headers: { authorization: 'Bearer sk_test_bench_streams', 'content-type': 'application/json' },
    body: JSON.stringify({
      pickup: { address: 'Pickup', location: { lat: 37.7749 + (i % 20) * 0.002, lng: -122.4194 } },
      dropoff: {
        address: 'Dropoff',
        location: { lat: 37.7749, lng: -122.4194 + (i % 25) * 0.003 + 0.02 },
      },
    }),
  });
  if (res.status !== 201)
    throw new Error(`creating an order answered ${res.status}: ${await res.text()}`);
  const order = (await res.json()) as { order_id: string };
  await sandbox.advanceOrder(order.order_id); // driver_assigned: it moves from now on
  ids.push(order.order_id);
}
sandbox.clock.set('realtime', 60);

let cpu = process.cpuUsage();
let at = performance.now();
process.on('message', (m) => {
  if (m !== 'measure') return;
  const used = process.cpuUsage(cpu);
  const now = performance.now();
  process.send?.({
    cpu_percent: ((used.user + used.system) / 1000 / (now - at)) * 100,
    rss_mb: process.memoryUsage().rss / 2 ** 20,
    heap_mb: process.memoryUsage().heapUsed / 2 ** 20,
  });
  cpu = process.cpuUsage();
  at = now;
});
process.on('disconnect', () => void sandbox.close().then(() => process.exit(0)));
process.stdout.write(`${JSON.stringify({ url: sandbox.url, ids })}\n`);

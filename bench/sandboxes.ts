/**
 * Named sandboxes (issue 20's budgets): creating and deleting a `ci` sandbox over HTTP, the memory
 * of 1 000 idle ones, the default sandbox's `GET /v1/orders/{id}` p99 with 1 000 of them and with
 * none, and that p99 while a named sandbox advances 1 h with 10 000 orders (driven through its
 * programmatic handle, in this process: a stall of the event loop shows in the reads' latency), and
 * while it resets to a world of 200 000 drivers. With 1 000 sandboxes, a named sandbox's own reads
 * (routed by its key) are measured too.
 * Prints one JSON line.
 */
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { destination, pointInCircle } from '../src/domain/geo.js';
import { SeededRandom } from '../src/domain/seeded-random.js';
import { startSandbox, type ScenarioFile } from '../src/index.js';

/** What this prints (times in ms, memory in MB). */
export interface SandboxesBench {
  create_p50: number;
  create_p99: number;
  delete_p50: number;
  delete_p99: number;
  idle_rss_mb: number;
  empty_rss_mb: number;
  /** The default sandbox's read alone, p50: what a request costs on this machine now. */
  read_p50_none: number;
  read_p99_none: number;
  read_p99_many: number;
  /** A named sandbox's own order, read with its key, with 1 000 sandboxes (p50, p99). */
  named_read_p50_many: number;
  named_read_p99_many: number;
  advance_ms: number;
  advance_events: number;
  during_reads: number;
  during_p99: number;
  during_max: number;
  /** The event loop's longest delay during the advance (how long one slice held it). */
  loop_delay_max: number;
  /** While a named sandbox resets to 200 000 drivers: its duration, the default sandbox's reads. */
  reset_ms: number;
  reset_reads: number;
  reset_p99: number;
  reset_max: number;
  reset_loop_delay_max: number;
  loadavg: string;
}

const SANDBOXES = 1000;
const READS = 1000;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const pct = (xs: number[], p: number): number =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))] ?? NaN;

/** Resident memory now, in MB (after a full collection), from /proc; NaN elsewhere. */
function rssMb(): number {
  gc();
  gc();
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
    return Number(m?.[1]) / 1024;
  } catch {
    return NaN;
  }
}

const sandbox = await startSandbox({
  scenario: 'ci',
  maxSandboxes: SANDBOXES + 10,
  sandboxMaxOrders: 20_000,
});
const auth = { authorization: 'Bearer sk_test_ci_acme' };
const created = (await (
  await fetch(`${sandbox.url}/v1/orders`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({
      pickup: { address: '1 Market St' },
      dropoff: { address: '2 Castro St' },
    }),
  })
).json()) as { order_id: string };

async function read(
  order = created.order_id,
  headers: Record<string, string> = auth,
): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(`${sandbox.url}/v1/orders/${order}`, { headers });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`GET /v1/orders/{id}: ${res.status}`);
  return performance.now() - t0;
}

async function reads(
  n: number,
  order?: string,
  headers?: Record<string, string>,
): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(await read(order, headers));
  return out;
}

/** `during` (the default sandbox's reads) for as long as `work` runs, and the loop's worst delay. */
async function readsDuring<T>(
  work: () => Promise<T>,
): Promise<{ result: T; ms: number; during: number[]; loopMax: number }> {
  const during: number[] = [];
  let done = false;
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const t0 = performance.now();
  const running = work().finally(() => (done = true));
  while (!done) during.push(await read());
  const result = await running;
  const ms = performance.now() - t0;
  delay.disable();
  return { result, ms, during, loopMax: delay.max / 1e6 };
}

async function timed(method: string, name: string, body?: unknown): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(`${sandbox.url}/__sandbox/sandboxes/${name}`, {
    method,
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  await res.arrayBuffer();
  const ms = performance.now() - t0;
  const want = method === 'PUT' ? 201 : 204;
  if (res.status !== want) throw new Error(`${method} ${name}: ${res.status}`);
  return ms;
}

await reads(100); // warm up
const readsNone = await reads(READS);
const emptyMb = rssMb();

const creates: number[] = [];
for (let i = 0; i < SANDBOXES; i++) creates.push(await timed('PUT', `ci-${i}`, { scenario: 'ci' }));
const fullMb = rssMb();
await reads(100);
const readsMany = await reads(READS);
// A named sandbox's own order, read with its own key (the key names the sandbox).
const middle = sandbox.sandboxes.get(`ci-${SANDBOXES / 2}`);
if (!middle) throw new Error('no sandbox ci-500');
const namedAuth = { authorization: `Bearer ${middle.apiKey}` };
const namedOrder = (await (
  await fetch(`${sandbox.url}/v1/orders`, {
    method: 'POST',
    headers: { ...namedAuth, 'content-type': 'application/json' },
    body: JSON.stringify({
      pickup: { address: '1 Market St' },
      dropoff: { address: '2 Castro St' },
    }),
  })
).json()) as { order_id: string };
await reads(100, namedOrder.order_id, namedAuth);
const namedReads = await reads(READS, namedOrder.order_id, namedAuth);

const deletes: number[] = [];
for (let i = 0; i < SANDBOXES; i++) deletes.push(await timed('DELETE', `ci-${i}`));

// One named sandbox with 10 000 pending orders over 20 000 drivers, advanced 1 h.
const ORDERS = 10_000;
const r = new SeededRandom('bench-sandboxes');
const center = { lat: 37.7749, lng: -122.4194 };
const scenario: ScenarioFile = {
  name: 'busy',
  seed: 'busy',
  city: { center, radius_km: 10 },
  accounts: [{ id: 'acct_busy', api_keys: ['sk_test_busy'] }],
  drivers: { count: 20_000 },
  clock: { mode: 'manual', start: '2026-01-01T12:00:00.000Z' },
  orders: Array.from({ length: ORDERS }, (_, i) => {
    const pickup = pointInCircle(center, 10, r.next(), r.next());
    const dropoff = destination(pickup, r.float(0, 360), r.float(0.5, 4));
    return {
      account: 'acct_busy',
      order: {
        pickup: { address: `${i} Pickup St`, location: pickup },
        dropoff: { address: `${i} Dropoff Ave`, location: dropoff },
      },
    };
  }),
};
const busy = await sandbox.sandboxes.create('busy', { scenario });
const advance = await readsDuring(() => busy.clock.advance('1h'));
// The scenario schema's validator is compiled on its first use (once per process): a small reset
// to a scenario object first, so the row measures the reset, not that.
await busy.reset({ scenario: { ...scenario, orders: [], drivers: { count: 10 } } });
const reset = await readsDuring(() =>
  busy.reset({ scenario: { ...scenario, name: 'huge', orders: [], drivers: { count: 200_000 } } }),
);
await busy.delete();
await sandbox.close();

const result: SandboxesBench = {
  create_p50: pct(creates, 50),
  create_p99: pct(creates, 99),
  delete_p50: pct(deletes, 50),
  delete_p99: pct(deletes, 99),
  idle_rss_mb: fullMb - emptyMb,
  empty_rss_mb: emptyMb,
  read_p50_none: pct(readsNone, 50),
  read_p99_none: pct(readsNone, 99),
  read_p99_many: pct(readsMany, 99),
  named_read_p50_many: pct(namedReads, 50),
  named_read_p99_many: pct(namedReads, 99),
  advance_ms: advance.ms,
  advance_events: advance.result.fired.length,
  during_reads: advance.during.length,
  during_p99: pct(advance.during, 99),
  during_max: Math.max(...advance.during),
  loop_delay_max: advance.loopMax,
  reset_ms: reset.ms,
  reset_reads: reset.during.length,
  reset_p99: pct(reset.during, 99),
  reset_max: Math.max(...reset.during),
  reset_loop_delay_max: reset.loopMax,
  loadavg: readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '),
};
console.log(JSON.stringify(result));

/**
 * The state export and import at a given size, for bench/persistence.ts: builds a state of about
 * `mb` MB in a sandbox, exports it (`GET /__sandbox/state`) and imports it into a fresh one (`PUT`)
 * while a steady stream of `GET /v1/orders/{id}` runs beside each, then checks the round trip.
 */
import type { ChildProcess } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';

type Launch = (extra: string[]) => Promise<{ url: string; child: ChildProcess }>;
type Stop = (child: ChildProcess) => Promise<void>;

const AUTH = { Authorization: 'Bearer sk_test_ci_acme', 'Content-Type': 'application/json' };
/** Reads per second of the `/v1` stream beside an export or import. */
const READS_PER_SECOND = 100;

/**
 * The `/v1` reader runs in its own thread, open loop (a read every 10 ms whether or not the last
 * one answered): a stall of the server shows as every read it delayed, and the bench's own work
 * (receiving 100 MB) cannot delay the reads.
 */
const READER = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, headers, perSecond } = workerData;
const samples = [];
const statuses = {};
let inFlight = 0;
let timer;
// One read first, unmeasured: a thread's first fetch loads undici and opens the connection (tens
// of ms that are the bench's, not the server's). The reads start once the main thread hears 'ready'.
fetch(url, { headers }).then((res) => res.arrayBuffer()).then(() => {
  parentPort.postMessage('ready');
  timer = setInterval(read, 1000 / perSecond);
});
const read = () => {
  const t0 = performance.now();
  inFlight++;
  fetch(url, { headers })
    .then(async (res) => {
      await res.arrayBuffer();
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      samples.push(performance.now() - t0);
    })
    .catch(() => (statuses.error = (statuses.error ?? 0) + 1))
    .finally(() => inFlight--);
};
parentPort.on('message', () => {
  clearInterval(timer);
  const wait = setInterval(() => {
    if (inFlight > 0) return;
    clearInterval(wait);
    parentPort.postMessage({ samples, statuses });
  }, 5);
});
`;

/**
 * Starts the reader on `url` and resolves once its reads have begun; the function it resolves with
 * stops it and gives its samples.
 */
async function reader(
  url: string,
): Promise<() => Promise<{ samples: number[]; statuses: object }>> {
  const worker = new Worker(READER, {
    eval: true,
    workerData: { url, headers: AUTH, perSecond: READS_PER_SECOND },
  });
  await new Promise((resolve) => worker.once('message', resolve));
  return async () => {
    const result = new Promise<{ samples: number[]; statuses: object }>((resolve) =>
      worker.once('message', resolve),
    );
    worker.postMessage('stop');
    const out = await result;
    await worker.terminate();
    return out;
  };
}

const pct = (xs: number[], p: number): number =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? NaN;
const round = (x: number): number => Math.round(x * 100) / 100;

interface Exported {
  generation?: number;
  orders: { order: { order_id: string; status: string } }[];
  events: { event_id: string; data: { order: { order_id: string } } }[];
  [key: string]: unknown;
}

/**
 * A state of about `mb` MB, as a sandbox that took a backlog of orders exports it: orders with
 * items, metadata and instructions, each with its events, copied (with ids of their own) from a few
 * created over HTTP and moved on by the clock. Events stop at the default retention (20 000), and
 * finished orders at theirs (10 000), so that nothing is pruned on import and the round trip is exact.
 */
export async function buildState(url: string, mb: number): Promise<Exported> {
  for (let i = 0; i < 40; i++) {
    const res = await fetch(`${url}/v1/orders`, {
      method: 'POST',
      headers: AUTH,
      body: JSON.stringify({
        pickup: { address: `${i} Market St`, name: 'Noodle Bar', phone: '+1 415 555 0100' },
        dropoff: {
          address: `${i} Castro St, apartment ${i}`,
          name: 'Sam Customer',
          phone: '+1 415 555 0199',
          instructions: 'Leave at the door; ring twice. The gate code is 1234.',
        },
        items: Array.from({ length: 1 + (i % 6) }, (_, k) => ({
          name: `Dish number ${k} with extra toppings`,
          quantity: 1 + (k % 3),
          unit_price: 899 + k * 100,
        })),
        tip: 100 * (i % 5),
        external_reference: `pos-${i}`,
        metadata: { store: 'sf-042', channel: 'app', cohort: `c${i % 7}` },
      }),
    });
    if (res.status !== 201) throw new Error(`create answered ${res.status}`);
    if (i % 8 === 7) {
      await fetch(`${url}/__sandbox/clock/advance`, {
        method: 'POST',
        headers: AUTH,
        body: JSON.stringify({ by: '2m' }),
      });
    }
  }
  // Off the 30 s retry grid: a pending order's next dispatch is then ahead of the clock, not due the
  // moment the state is imported (which would run 40 000 dispatches on the next request).
  await fetch(`${url}/__sandbox/clock/advance`, {
    method: 'POST',
    headers: AUTH,
    body: JSON.stringify({ by: '7s' }),
  });
  const template = (await (await fetch(`${url}/__sandbox/state`)).json()) as Exported;
  const state: Exported = { ...template, orders: [], events: [] };
  const target = mb * 1e6;
  let size = JSON.stringify(state).length;
  let finished = 0;
  for (let copy = 0; size < target; copy++) {
    for (const record of template.orders) {
      const old = record.order.order_id;
      const id = `ord_${copy.toString(36).padStart(5, '0')}x${old.slice(4)}`;
      const done = record.order.status === 'delivered' || record.order.status === 'cancelled';
      if (done && finished >= 9000) continue;
      if (done) finished++;
      const order = { ...record, order: { ...record.order, order_id: id } };
      state.orders.push(order);
      size += JSON.stringify(order).length + 1;
      for (const event of template.events) {
        if (event.data.order.order_id !== old || state.events.length >= 19_000) continue;
        const copied = {
          ...event,
          event_id: `evt_${copy.toString(36).padStart(5, '0')}x${event.event_id.slice(4)}`,
          data: { ...event.data, order: { ...event.data.order, order_id: id } },
        };
        state.events.push(copied);
        size += JSON.stringify(copied).length + 1;
      }
      if (size >= target) break;
    }
  }
  return state;
}

/** Builds, exports, imports and compares a state of about `mb` MB; the figures as one object. */
export async function exportImport(mb: number, launch: Launch, stop: Stop) {
  const source = await launch([]);
  const state = await buildState(source.url, mb);
  const built = await fetch(`${source.url}/__sandbox/state`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(state),
  });
  if (built.status !== 200) throw new Error(`building the state answered ${built.status}`);
  const id = state.orders.at(-1)!.order.order_id;

  const exportReads = await reader(`${source.url}/v1/orders/${id}`);
  const t0 = performance.now();
  const body = Buffer.from(await (await fetch(`${source.url}/__sandbox/state`)).arrayBuffer());
  const exportMs = performance.now() - t0;
  const during = await exportReads();
  await stop(source.child);

  const target = await launch([]);
  const importReads = await reader(`${target.url}/v1/orders/${id}`);
  const t1 = performance.now();
  const imported = await fetch(`${target.url}/__sandbox/state`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body,
  });
  await imported.arrayBuffer();
  const importMs = performance.now() - t1;
  const duringImport = await importReads();
  const again = Buffer.from(await (await fetch(`${target.url}/__sandbox/state`)).arrayBuffer());
  await stop(target.child);

  // The same state, but for the generation, which an import moves on, and the count of request
  // ids, which the requests since have moved on (docs/persistence.md).
  const [a, b] = [JSON.parse(body.toString()), JSON.parse(again.toString())] as Exported[];
  for (const s of [a!, b!]) {
    delete s.generation;
    delete (s.counters as Record<string, number>).req;
  }
  const orders = (a!.orders ?? []).length;
  return {
    mb: round(body.length / 1e6),
    orders,
    events: (a!.events ?? []).length,
    export_ms: Math.round(exportMs),
    export_v1_reads: during.samples.length,
    export_v1_p50_ms: round(pct(during.samples, 0.5)),
    export_v1_p99_ms: round(pct(during.samples, 0.99)),
    export_v1_max_ms: round(Math.max(...during.samples)),
    import_status: imported.status,
    import_ms: Math.round(importMs),
    import_v1_reads: duringImport.samples.length,
    import_v1_statuses: duringImport.statuses,
    import_v1_p50_ms: round(pct(duringImport.samples, 0.5)),
    import_v1_p99_ms: round(pct(duringImport.samples, 0.99)),
    import_v1_max_ms: round(Math.max(...duringImport.samples)),
    round_trip: JSON.stringify(a) === JSON.stringify(b),
  };
}

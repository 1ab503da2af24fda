/**
 * Memory under sustained load (issue 11): the built CLI runs `lunch-rush` on a 60× realtime clock
 * with a webhook receiver, while workers send a mixed `/v1` load (creates, reads, locations,
 * driver searches, payments) at about `--rps` requests per second for `--seconds` (default 120;
 * the figure is a 10-minute run: `--seconds 600`). The server's RSS is sampled every
 * 5 s from /proc; with retention working it plateaus, so the second half should stay within
 * ±15 % of its median. Prints one JSON line.
 *
 * To find what grows: `--node-flags "--max-semi-space-size=4"` passes flags to the server's node,
 * and `--snapshots 120,240` writes a heap snapshot of the server at those seconds (into the
 * directory `--diagnostic-dir` names, else the working directory) through `--heapsnapshot-signal`.
 * Each sample also carries the server's own `process.memoryUsage()` (read by a probe preloaded
 * with `--import`), so RSS can be told apart from the JS heap and from Buffers.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const SECONDS = arg('--seconds', 120);
const RPS = arg('--rps', 190);
const textArg = (name: string): string | undefined => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
/** `--trace FILE`: the server records a trace there (bench/trace.ts measures its size). */
const TRACE = textArg('--trace');
const SNAPSHOTS = (textArg('--snapshots') ?? '').split(',').filter(Boolean).map(Number);
const NODE_FLAGS = [
  ...(textArg('--node-flags') ?? '').split(' ').filter(Boolean),
  ...(SNAPSHOTS.length > 0 ? ['--heapsnapshot-signal=SIGUSR2'] : []),
];
const WORKERS = 8;
const AUTH = { Authorization: 'Bearer sk_test_lunch_rush', 'Content-Type': 'application/json' };

// A receiver that answers every webhook 200, so deliveries and attempts pile up as in real use.
let webhooks = 0;
const receiver = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    webhooks++;
    res.writeHead(200).end();
  });
});
await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks`;

// The probe writes the server's memoryUsage() to a file every second; the sampler reads it.
const probeDir = mkdtempSync(join(tmpdir(), 'soak-'));
const probeFile = join(probeDir, 'memory.json');
const probe = `import{writeFileSync}from'node:fs';setInterval(()=>writeFileSync(${JSON.stringify(
  probeFile,
)},JSON.stringify(process.memoryUsage())),1000).unref();`;
const child = spawn(
  process.execPath,
  [
    ...NODE_FLAGS,
    '--import',
    `data:text/javascript,${encodeURIComponent(probe)}`,
    'dist/cli.js',
    ...['--port', '0', '--scenario', 'lunch-rush', '--clock', 'realtime', '--speed', '60'],
    ...['--webhook-url', hook, '--log-level', 'silent'],
    ...(TRACE === undefined ? [] : ['--trace', TRACE]),
  ],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
const url = await new Promise<string>((resolve, reject) => {
  let out = '';
  const read = (d: Buffer): void => {
    out += d.toString();
    const m = /API +(http:\/\/127\.0\.0\.1:\d+)\/v1/.exec(out);
    if (!m) return;
    resolve(m[1]!);
    // Past the banner the output (--trace-gc lines, say) goes to stderr, not into a string.
    child.stdout.off('data', read);
    child.stdout.pipe(process.stderr);
  };
  child.stdout.on('data', read);
  child.on('exit', (code) => reject(new Error(`the sandbox exited with ${code}`)));
});

const rssMb = (): number => {
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1];
  return Number(kb) / 1024;
};
/** The server's heap figures (MB) as its probe last wrote them. */
const heapMb = (): { heap_used_mb: number; heap_total_mb: number; external_mb: number } => {
  try {
    const m = JSON.parse(readFileSync(probeFile, 'utf8')) as NodeJS.MemoryUsage;
    const mb = (n: number): number => Math.round(n / 1e5) / 10;
    return {
      heap_used_mb: mb(m.heapUsed),
      heap_total_mb: mb(m.heapTotal),
      external_mb: mb(m.external),
    };
  } catch {
    return { heap_used_mb: NaN, heap_total_mb: NaN, external_mb: NaN };
  }
};

// A small deterministic generator: the load is the same run to run.
let state = 42;
const next = (): number => {
  state = (state * 1103515245 + 12345) % 2 ** 31;
  return state / 2 ** 31;
};

const orders: string[] = [];
let requests = 0;
let failures = 0;
async function one(): Promise<void> {
  const pick = next();
  const some = orders.length > 0 ? orders[Math.floor(next() * orders.length)]! : undefined;
  let res: Response;
  if (pick < 0.2 || some === undefined) {
    const n = Math.floor(next() * 900) + 1;
    res = await fetch(`${url}/v1/orders`, {
      method: 'POST',
      headers: { ...AUTH, 'Idempotency-Key': `soak-${requests}` },
      body: JSON.stringify({
        pickup: { address: `${n} Market St` },
        dropoff: { address: `${n} Valencia St` },
      }),
    });
    if (res.status === 201) {
      orders.push(((await res.json()) as { order_id: string }).order_id);
      if (orders.length > 2000) orders.splice(0, 1000);
      return;
    }
  } else if (pick < 0.6) res = await fetch(`${url}/v1/orders/${some}`, { headers: AUTH });
  else if (pick < 0.8) res = await fetch(`${url}/v1/orders/${some}/location`, { headers: AUTH });
  else if (pick < 0.9)
    res = await fetch(`${url}/v1/drivers/available?lat=37.7749&lng=-122.4194`, { headers: AUTH });
  else
    res = await fetch(`${url}/v1/orders/${some}/payment`, {
      method: 'POST',
      headers: AUTH,
      body: JSON.stringify({ payment_method: 'pm_card_visa' }),
    });
  await res.arrayBuffer();
  if (res.status >= 500) failures++;
}

const t0 = performance.now();
const end = t0 + SECONDS * 1000;
const samples: ({ s: number; rss_mb: number } & ReturnType<typeof heapMb>)[] = [];
const sampler = setInterval(() => {
  samples.push({ s: Math.round((performance.now() - t0) / 1000), rss_mb: rssMb(), ...heapMb() });
}, 5000);
const snapshotTimers = SNAPSHOTS.map((s) => setTimeout(() => child.kill('SIGUSR2'), s * 1000));
const perWorkerGapMs = (1000 * WORKERS) / RPS;
await Promise.all(
  Array.from({ length: WORKERS }, async () => {
    while (performance.now() < end) {
      const started = performance.now();
      requests++;
      await one().catch(() => failures++);
      const rest = perWorkerGapMs - (performance.now() - started);
      if (rest > 0) await sleep(rest);
    }
  }),
);
clearInterval(sampler);
snapshotTimers.forEach(clearTimeout);
// What the state holds at the end: each collection's size, to see what grows if memory does.
const exported = (await (await fetch(`${url}/__sandbox/state`)).json()) as Record<string, unknown>;
const held = Object.fromEntries(
  Object.entries(exported).flatMap(([k, v]) =>
    Array.isArray(v)
      ? [[k, v.length]]
      : v && typeof v === 'object'
        ? [[k, Object.keys(v).length]]
        : [],
  ),
);
const exited = new Promise((resolve) =>
  child.exitCode === null && child.signalCode === null
    ? child.once('exit', resolve)
    : resolve(null),
);
child.kill('SIGTERM');
receiver.close();
await exited; // its probe writes no more
rmSync(probeDir, { recursive: true, force: true });

const second = samples.filter((x) => x.s > SECONDS / 2).map((x) => x.rss_mb);
const sorted = [...second].sort((a, b) => a - b);
const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
const spread =
  median > 0
    ? Math.max(...second.map((v) => Math.abs(v - median))) / median
    : Number.POSITIVE_INFINITY;
console.log(
  JSON.stringify({
    seconds: SECONDS,
    requests,
    rps: requests / SECONDS,
    failures,
    webhooks,
    samples,
    second_half: { min: sorted[0], max: sorted.at(-1), median, spread },
    held,
  }),
);
process.exit(0);

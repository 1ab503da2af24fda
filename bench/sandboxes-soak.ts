/**
 * Issue 20's parallel budget: 50 clients at once, each in a loop for 60 s creating a `ci` sandbox,
 * registering an endpoint on its own receiver, creating 3 orders, advancing 45 min, checking every
 * webhook, event and delivery, deleting the sandbox and checking its key answers 401
 * (test/support/sandbox-cycle.ts, which test/sandboxes-parallel.test.ts runs small). Counts
 * cycles, leaks, lost webhooks and errors; times create, advance and delete; and measures the
 * server's memory before and after. Prints one JSON line. `SOAK_SECONDS` and `SOAK_CLIENTS`
 * shorten it.
 *
 * The server is the built CLI (`dist/cli.js --port 0 --log-format json`, URL from its start
 * line) in a process of its own, as CI runs it: its memory is then its own, not mixed with the
 * 50 receivers and the clients' buffers, which a server in this process would share a heap
 * with. To measure after a full collection, it runs with the inspector on a local port, and the
 * bench asks it over the DevTools protocol to collect garbage (`HeapProfiler.collectGarbage`)
 * and to answer `process.memoryUsage()`; RSS is read from /proc as well. "Before" is after the
 * clients have cycled for `SOAK_WARMUP_SECONDS` (10 s): compiled validators, code caches and
 * sockets that any first use makes, and the code V8 optimises as functions get hot, which is heap
 * too (a heap snapshot diff of a 60 s run measured from one warm-up cycle: ~2.3 MB of the 2.1 MB
 * growth was optimised code and its deoptimisation data). "After" is once every sandbox is
 * deleted and the clients' connections are closed, and "settled" 16 s later (see `memory` below).
 * What a run leaves on purpose: the count of sandboxes made under each name (~50 bytes a name,
 * docs/sandboxes.md), which keeps a re-created name's ids apart from its earlier ones.
 *
 * It runs dist/cli.js as built: `npm run bench` builds first; alone, run `npm run build` before
 * `node --import tsx bench/sandboxes-soak.ts` (a stale build measures stale code).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import WebSocket from 'ws';
import { SandboxClient, type CycleOutcome } from '../test/support/sandbox-cycle.js';

/** What this prints (times in ms, memory in MB). */
export interface SandboxesSoak {
  clients: number;
  seconds: number;
  cycles: number;
  webhooks: number;
  leaks: number;
  lost: number;
  errors: number;
  /** The first few findings and errors, in words. */
  findings: string[];
  create_p50: number;
  create_p99: number;
  advance_p50: number;
  advance_p99: number;
  delete_p50: number;
  delete_p99: number;
  /** The server's CPU time (user + system) per cycle of the run: moves less with load than times do. */
  server_cpu_ms_per_cycle: number;
  /** The same for this process: the 50 clients, their checks and their receivers. */
  clients_cpu_ms_per_cycle: number;
  /** Named sandboxes the server lists at the end. */
  sandboxes_left: number;
  /**
   * `after`: as soon as the run ends; `settled`: 16 s later, once the last attempts' time-outs
   * (10 s, each holding its attempt's abort signal until it runs out) and an advance's bounded
   * wait for them (15 s at most) have run out.
   */
  memory: { fresh: Memory; before: Memory; after: Memory; settled: Memory; peak_rss_mb: number };
  loadavg: string;
}

interface Memory {
  heap_mb: number;
  rss_mb: number;
}

const CLIENTS = Number(process.env.SOAK_CLIENTS ?? 50);
const SECONDS = Number(process.env.SOAK_SECONDS ?? 60);
/** How long the clients cycle before "before" is measured (`SOAK_WARMUP_SECONDS`). */
const WARMUP_SECONDS = Number(process.env.SOAK_WARMUP_SECONDS ?? 10);

const pct = (xs: number[], p: number): number =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))] ?? NaN;
const mb = (bytes: number): number => Math.round((bytes / 2 ** 20) * 10) / 10;

/** Starts the CLI; resolves with its URL (start line) and its inspector's WebSocket URL. */
function startServer(): Promise<{ child: ChildProcess; url: string; inspector: string }> {
  const args = ['--inspect=127.0.0.1:0', 'dist/cli.js', '--port', '0', '--log-format', 'json'];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  return new Promise((resolve, reject) => {
    const check = (): void => {
      const inspector = /(ws:\/\/127\.0\.0\.1:\d+\/[\w-]+)/.exec(err)?.[1];
      const line = out.split('\n')[0];
      if (inspector === undefined || !out.includes('\n') || line === undefined) return;
      // Drained from now on: the server's log lines go nowhere.
      child.stdout?.removeAllListeners('data').resume();
      child.stderr?.removeAllListeners('data').resume();
      resolve({ child, url: (JSON.parse(line) as { url: string }).url, inspector });
    };
    child.stdout?.on('data', (d: Buffer) => ((out += d.toString()), check()));
    child.stderr?.on('data', (d: Buffer) => ((err += d.toString()), check()));
    child.once('exit', (code) => reject(new Error(`the CLI exited with ${code}: ${out}${err}`)));
  });
}

/** The server's memory after three full collections, asked over the DevTools protocol. */
async function serverMemory(inspector: string, pid: number): Promise<Memory> {
  const ws = new WebSocket(inspector);
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  let next = 0;
  const send = (method: string, params: object = {}): Promise<unknown> =>
    new Promise((resolve) => {
      const id = ++next;
      const onMessage = (data: Buffer): void => {
        const msg = JSON.parse(data.toString('utf8')) as { id?: number; result?: unknown };
        if (msg.id !== id) return;
        ws.off('message', onMessage);
        resolve(msg.result);
      };
      ws.on('message', onMessage);
      ws.send(JSON.stringify({ id, method, params }));
    });
  // Between collections, a turn of its event loop runs the finalizers the first one queued.
  for (let i = 0; i < 3; i++) {
    await send('HeapProfiler.collectGarbage');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const usage = (await send('Runtime.evaluate', {
    expression: 'JSON.stringify(process.memoryUsage())',
    returnByValue: true,
  })) as { result: { value: string } };
  ws.close();
  const { heapUsed } = JSON.parse(usage.result.value) as { heapUsed: number };
  return { heap_mb: mb(heapUsed), rss_mb: rssMb(pid) };
}

/** The CPU time (user + system) a process has used so far, in ms; NaN where /proc is missing. */
function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10; // clock ticks of 10 ms
  } catch {
    return NaN;
  }
}

/** A process's resident memory now, in MB, from /proc; NaN elsewhere. */
function rssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return Math.round((Number(m?.[1]) / 1024) * 10) / 10;
  } catch {
    return NaN;
  }
}

const server = await startServer();
const pid = server.child.pid ?? 0;
const fresh = await serverMemory(server.inspector, pid);
const clients = await Promise.all(
  Array.from({ length: CLIENTS }, (_, i) => SandboxClient.start(server.url, `soak-${i}`)),
);

const outcomes: CycleOutcome[] = [];
const findings: string[] = [];
let errors = 0;

/** One cycle of one client; an error is counted, and its sandbox deleted, not thrown. */
async function once(client: SandboxClient): Promise<void> {
  try {
    const o = await client.cycle();
    outcomes.push(o);
    findings.push(...o.leaks, ...o.lost);
  } catch (err) {
    errors++;
    findings.push(String(err));
    await client.cleanup().catch(() => undefined);
  }
}

// The warm-up: every client cycles for WARMUP_SECONDS (at least once).
const warmEnd = Date.now() + WARMUP_SECONDS * 1000;
await Promise.all(
  clients.map(async (c) => {
    do await once(c);
    while (Date.now() < warmEnd);
  }),
);
const warmUp = outcomes.splice(0);
const before = await serverMemory(server.inspector, pid);

let peakRss = before.rss_mb;
const cpu0 = cpuMs(pid);
const ownCpu0 = process.cpuUsage();
const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb(pid))), 1000);
const end = Date.now() + SECONDS * 1000;
await Promise.all(
  clients.map(async (c) => {
    while (Date.now() < end) await once(c);
  }),
);
clearInterval(sampler);
const cpu = cpuMs(pid) - cpu0;
const ownCpu = process.cpuUsage(ownCpu0);
const strays = clients.flatMap((c) => c.strays());
findings.push(...strays);
await Promise.all(clients.map((c) => c.close()));

const list = (await (await fetch(`${server.url}/__sandbox/sandboxes?limit=1000`)).json()) as {
  sandboxes: unknown[];
};
const after = await serverMemory(server.inspector, pid);
await new Promise((resolve) => setTimeout(resolve, 16_000));
const settled = await serverMemory(server.inspector, pid);
server.child.kill('SIGTERM');

const all = [...warmUp, ...outcomes];
type Step = keyof CycleOutcome['ms'];
/** A step's p50 and p99 over the run's cycles, as `create_p50`, `create_p99`. */
const percentiles = <S extends Step>(step: S): Record<`${S}_p50` | `${S}_p99`, number> => {
  const ms = outcomes.map((o) => o.ms[step]);
  return { [`${step}_p50`]: pct(ms, 50), [`${step}_p99`]: pct(ms, 99) } as Record<
    `${S}_p50` | `${S}_p99`,
    number
  >;
};
const result: SandboxesSoak = {
  clients: CLIENTS,
  seconds: SECONDS,
  cycles: outcomes.length,
  webhooks: outcomes.reduce((n, o) => n + o.webhooks, 0),
  leaks: all.reduce((n, o) => n + o.leaks.length, 0) + strays.length,
  lost: all.reduce((n, o) => n + o.lost.length, 0),
  errors,
  findings: findings.slice(0, 5),
  ...percentiles('create'),
  ...percentiles('advance'),
  ...percentiles('delete'),
  server_cpu_ms_per_cycle: Math.round((cpu / outcomes.length) * 10) / 10,
  clients_cpu_ms_per_cycle: Math.round((ownCpu.user + ownCpu.system) / 100 / outcomes.length) / 10,
  sandboxes_left: list.sandboxes.length,
  memory: { fresh, before, after, settled, peak_rss_mb: peakRss },
  loadavg: readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '),
};
console.log(JSON.stringify(result));

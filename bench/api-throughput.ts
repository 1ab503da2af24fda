/**
 * The whole `/v1` API at 50 connections (issue 24): each route, an error answer (a read of no
 * order, 404), and a mixed run in the proportions of the soak's lunch-rush load, against the sandbox (the built CLI, `ci` scenario),
 * beside a bare `node:http` server answering the same bytes serialised beforehand (the limit), and
 * WireMock 3.13 answering them as static stubs with an Authorization matcher (the peer), after a
 * 30 s warm-up of its JIT. Rounds alternate the order of the servers. Prints one JSON line.
 *
 * `node --import tsx bench/api-throughput.ts [--seconds 5] [--rounds 3] [--warmup 30]
 * [--baseline DIR] [--only read,create] [--peers bare,wiremock]`: DIR is another built checkout
 * whose sandbox runs as a fourth column (the tree before a change, paired); `--peers none` leaves
 * out bare `node:http` and WireMock, for a quieter A/B of two trees. `--together` (with `--baseline`)
 * loads the two sandboxes at the same time, each from a load process of its own (bench/api-load.ts),
 * instead of one after the other: both then share the machine in the same seconds, so a change of
 * a few per cent shows through this VM's drift, which moved rounds one after the other by ±20 %
 * (the same tree against itself: medians 1.02 over 6 rounds, single rounds 0.84-1.20).
 * Its rates are each server's share of a machine both load: read `vs_baseline`, not `rps`. Without Java or the jar
 * (bench/wiremock.ts) the WireMock column is skipped, with the reason in `wiremock_skipped`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import type { ApiThroughput } from './api-rows.js';
import { CONNECTIONS, runLoad, runLoadInChild, type Req } from './api-load.js';
import { cpuMs } from './launch-cli.js';
import { findWireMock, startWireMock, type Stub } from './wiremock.js';
import { arg, CI_KEY, ORDER_BODY } from './bench-options.js';

const SECONDS = Number(arg('seconds', '5'));
const ROUNDS = Number(arg('rounds', '3'));
const WARMUP = Number(arg('warmup', '30'));
const BASELINE = arg('baseline', '');
const ONLY = arg('only', '').split(',').filter(Boolean);
const PEERS = arg('peers', 'bare,wiremock').split(',');
const TOGETHER = process.argv.includes('--together');
const KEY = CI_KEY;
const median = (xs: number[]): number =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

type Server = { name: string; url: string; child: ChildProcess };

function startProcess(name: string, cmd: string, args: string[], pattern: RegExp): Promise<Server> {
  const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = pattern.exec(out);
      if (m?.[1]) resolve({ name, url: m[1], child });
    });
    child.on('exit', (code) => reject(new Error(`${name} exited with ${code}: ${out}`)));
  });
}

const sandboxAt = (name: string, cli: string): Promise<Server> =>
  startProcess(
    name,
    process.execPath,
    [cli, '--port', '0', '--scenario', 'ci', '--log-level', 'silent'],
    /API +(http:\/\/127\.0\.0\.1:\d+)\/v1/,
  );

/** CPU time (user + system) of a process so far, in ms; RSS in MB. */
function procStat(pid: number | undefined): { cpuMs: number; rssMb: number } {
  try {
    const rss = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return { cpuMs: cpuMs(pid), rssMb: Number(rss) / 1024 };
  } catch {
    return { cpuMs: cpuMs(pid), rssMb: NaN };
  }
}

const DRIVERS = '/v1/drivers/available?lat=37.7749&lng=-122.4194&radius=5';

async function call(url: string, method: string, path: string, body?: string): Promise<Response> {
  return fetch(url + path, {
    method,
    headers: { authorization: KEY, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body }),
  });
}

/** An order with a driver on the way, on the sandbox at `url` (the same on each: one seed). */
async function prepare(url: string): Promise<string> {
  const order = (await (await call(url, 'POST', '/v1/orders', ORDER_BODY)).json()) as {
    order_id: string;
  };
  const adv = await call(url, 'POST', '/__sandbox/clock/advance', JSON.stringify({ by: '2m' }));
  if (!adv.ok) throw new Error(`advance: ${adv.status} ${await adv.text()}`);
  return order.order_id;
}

interface Workload {
  name: string;
  label: string;
  requests: Req[];
}

function workloads(id: string): Workload[] {
  const read: Req = { method: 'GET', path: `/v1/orders/${id}` };
  const location: Req = { method: 'GET', path: `/v1/orders/${id}/location` };
  const drivers: Req = { method: 'GET', path: DRIVERS };
  const create: Req = { method: 'POST', path: '/v1/orders', body: ORDER_BODY };
  const keyed: Req = { ...create, idempotent: true };
  // An error answer is a request too: a client polling an order id it mistyped or never had.
  const missing: Req = { method: 'GET', path: '/v1/orders/ord_0000000000000000', status: 404 };
  return [
    { name: 'read', label: '`GET /v1/orders/{id}`', requests: [read] },
    { name: 'not_found', label: '`GET /v1/orders/{id}` of no order (404)', requests: [missing] },
    { name: 'location', label: '`GET /v1/orders/{id}/location`', requests: [location] },
    { name: 'drivers', label: '`GET /v1/drivers/available` (5 km)', requests: [drivers] },
    { name: 'create', label: '`POST /v1/orders` (a new order each)', requests: [create] },
    {
      name: 'create_keyed',
      label: '`POST /v1/orders` with a new `Idempotency-Key` each',
      requests: [keyed],
    },
    {
      // The soak's lunch-rush mix (bench/soak.ts) without its payments: 2 creates (with keys),
      // 4 reads, 2 locations, 1 driver search in 9.
      name: 'mixed',
      label: 'mixed: 2 creates (keyed) : 4 reads : 2 locations : 1 driver search',
      requests: [keyed, read, location, read, drivers, keyed, read, location, read],
    },
  ].filter((w) => ONLY.length === 0 || ONLY.includes(w.name));
}

let loads = 0;
interface Run {
  rps: number;
  p99: number;
  cpuUs: number;
}

/** One load of `w` on `server` (in this process, or in its own with `inChild`), and its CPU. */
async function load(server: Server, w: Workload, seconds: number, inChild = false): Promise<Run> {
  const cpu0 = procStat(server.child.pid).cpuMs;
  const spec = { url: server.url, requests: w.requests, seconds, keyPrefix: `bench-${loads++}-` };
  const result = await (inChild ? runLoadInChild(spec) : runLoad(spec));
  if (result.unexpected !== null)
    throw new Error(`${server.name} ${w.name}: answered ${result.unexpected}`);
  const cpuUs = ((procStat(server.child.pid).cpuMs - cpu0) * 1000) / result.total;
  return { rps: result.rps, p99: result.p99, cpuUs };
}

async function main(): Promise<void> {
  const sandbox = await sandboxAt('sandbox', 'dist/cli.js');
  const id = await prepare(sandbox.url);
  const base = BASELINE ? await sandboxAt('baseline', `${BASELINE}/dist/cli.js`) : undefined;
  if (base && (await prepare(base.url)) !== id) throw new Error('the baseline issued another id');
  // The bytes each answer has, taken from the sandbox itself.
  const bytes = async (r: Req): Promise<Stub> => {
    const res = await call(sandbox.url, r.method, r.path, r.body);
    return { method: r.method, path: r.path, status: res.status, body: await res.text() };
  };
  const ws = workloads(id);
  const all = workloads(id).flatMap((w) => w.requests);
  const stubs: Stub[] = [];
  for (const r of all)
    if (!stubs.some((s) => s.method === r.method && s.path === r.path)) stubs.push(await bytes(r));
  const bareStubs = stubs.map((s) => ({ ...s, path: s.path.split('?')[0]! }));
  const bare = PEERS.includes('bare')
    ? await startProcess(
        'bare',
        process.execPath,
        ['--import', 'tsx', 'bench/bare-bytes.ts', JSON.stringify(bareStubs)],
        /(http:\/\/127\.0\.0\.1:\d+)/,
      )
    : undefined;
  const found = PEERS.includes('wiremock')
    ? findWireMock()
    : { missing: 'left out (--peers)' as const };
  const wm =
    'jar' in found
      ? { name: 'wiremock', ...(await startWireMock(found.jar, stubs, KEY)) }
      : undefined;
  if ('missing' in found) process.stderr.write(`WireMock column skipped: ${found.missing}\n`);
  const servers = [sandbox, ...(bare ? [bare] : []), ...(wm ? [wm] : []), ...(base ? [base] : [])];
  // Each peer answers each request with the sandbox's status and bytes, before any round: a peer
  // that matched no stub (WireMock's own 404, the bare server's unknown path) must not pass for
  // the 404 workload's answer. The bytes' length only: the sandbox's request ids differ.
  for (const peer of [bare, wm])
    for (const r of peer ? all : []) {
      const stub = stubs.find((s) => s.method === r.method && s.path === r.path)!;
      const res = await call(peer!.url, r.method, r.path, r.body);
      const text = await res.text();
      if (res.status !== stub.status || text.length !== stub.body.length)
        throw new Error(
          `${peer!.name} answers ${stub.method} ${stub.path} with ${res.status} (${text.length} bytes), not the sandbox's ${stub.status} (${stub.body.length})`,
        );
    }
  const mixed: Workload = { name: 'warmup', label: '', requests: all };
  process.stderr.write(`warm-up: ${wm ? `WireMock ${WARMUP} s, ` : ''}the others 5 s…\n`);
  if (wm) await load(wm, mixed, WARMUP);
  for (const s of servers) if (s !== wm) await load(s, mixed, 5);
  const load0 = loadavg();
  const runs = new Map<string, Map<string, Run[]>>();
  const keep = (w: Workload, s: Server, r: Run): void => {
    const byServer = runs.get(w.name) ?? new Map<string, Run[]>();
    runs.set(w.name, byServer);
    byServer.set(s.name, [...(byServer.get(s.name) ?? []), r]);
  };
  for (let round = 0; round < ROUNDS; round++) {
    for (const w of ws) {
      const order = round % 2 === 0 ? servers : [...servers].reverse();
      if (TOGETHER && base) {
        // The two trees in the same seconds; any peer after them, alone.
        process.stderr.write(`round ${round + 1} ${w.name} sandbox + baseline together\n`);
        // Started in turn, the order reversed every other round: neither always goes first.
        const pair = round % 2 === 0 ? [sandbox, base] : [base, sandbox];
        const both = await Promise.all(pair.map((s) => load(s, w, SECONDS, true)));
        pair.forEach((s, i) => keep(w, s, both[i]!));
      }
      for (const s of order) {
        if (TOGETHER && (s === sandbox || s === base)) continue;
        process.stderr.write(`round ${round + 1} ${w.name} ${s.name}\n`);
        keep(w, s, await load(s, w, SECONDS));
      }
    }
  }
  const rss = Object.fromEntries(servers.map((s) => [s.name, procStat(s.child.pid).rssMb]));
  const load1 = loadavg();
  for (const s of servers) s.child.kill('SIGTERM');
  const rows = ws.map((w) => {
    const byServer = runs.get(w.name)!;
    const of = (name: string): Run[] => byServer.get(name) ?? [];
    const fig = (name: string) => {
      const rs = of(name);
      if (rs.length === 0) return null;
      return {
        rps: median(rs.map((r) => r.rps)),
        p99_ms: median(rs.map((r) => r.p99)),
        cpu_us: median(rs.map((r) => r.cpuUs)),
        cores: median(rs.map((r) => (r.rps * r.cpuUs) / 1e6)),
        rounds: rs.map((r) => Math.round(r.rps)),
      };
    };
    const ratio = (other: string): number | null =>
      of(other).length === 0
        ? null
        : median(of('sandbox').map((r, i) => r.rps / of(other)[i]!.rps));
    return {
      name: w.name,
      label: w.label,
      sandbox: fig('sandbox'),
      bare: fig('bare'),
      wiremock: fig('wiremock'),
      baseline: fig('baseline'),
      vs_bare: ratio('bare'),
      vs_wiremock: ratio('wiremock'),
      vs_baseline: ratio('baseline'),
    };
  });
  const out: ApiThroughput = {
    seconds: SECONDS,
    rounds: ROUNDS,
    together: TOGETHER && base !== undefined,
    warmup_s: WARMUP,
    connections: CONNECTIONS,
    wiremock_skipped: 'jar' in found ? null : found.missing,
    wiremock_jar: 'jar' in found ? found.jar : null,
    load_average: [load0.map((l) => +l.toFixed(2)), load1.map((l) => +l.toFixed(2))],
    rss_mb: rss,
    rows: rows as ApiThroughput['rows'],
  };
  console.log(JSON.stringify(out));
}

await main();

/**
 * What recording a trace costs (issue 23): `--trace` against no trace on the built CLI, in
 * alternating rounds of the same load (`GET /v1/orders/{id}`, the hot read, and `POST
 * /v1/orders`, which records a request, an event and its journal entry), the `ci` scenario, 50
 * connections; and the size of the trace of `lunch-rush` at 60× under the soak's mixed load
 * (bench/soak.ts) for `--soak-seconds` (the figure: 600). Prints one JSON line.
 *
 * `--rounds N` (default 5) and `--seconds S` (default 5) set the throughput rounds.
 */
import { execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { gunzipSync, constants } from 'node:zlib';
import autocannon from 'autocannon';
import { cpuMs, launch, stop } from './launch-cli.js';

const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const ROUNDS = arg('--rounds', 5);
const SECONDS = arg('--seconds', 5);
const SOAK_SECONDS = arg('--soak-seconds', 600);
const dir = mkdtempSync(join(tmpdir(), 'trace-bench-'));
const AUTH = 'Bearer sk_test_ci_acme';
const ORDER = JSON.stringify({
  pickup: { address: '1 Market St' },
  dropoff: { address: '2 Castro St' },
});

/** The built CLI, recording a trace into `trace` when one is given. */
const start = (trace: string | undefined): Promise<{ url: string; child: ChildProcess }> =>
  launch(trace ? ['--trace', trace] : []);

interface Rate {
  rps: number;
  /** The server's CPU per request, µs: what the other loads of a shared machine disturb least. */
  cpuUs: number;
}

async function rate(
  server: { url: string; child: ChildProcess },
  method: 'GET' | 'POST',
  path: string,
): Promise<Rate> {
  const url = server.url;
  const cpu0 = cpuMs(server.child.pid);
  const result = await autocannon({
    url: url + path,
    method,
    connections: 50,
    duration: SECONDS,
    headers: { authorization: AUTH, 'content-type': 'application/json' },
    ...(method === 'POST' ? { body: ORDER } : {}),
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${method} ${path}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  const cpuUs = ((cpuMs(server.child.pid) - cpu0) * 1000) / result.requests.total;
  return { rps: result.requests.average, cpuUs };
}

/** One round on a fresh server: the read rate, then the create rate. */
async function round(trace: string | undefined): Promise<{ read: Rate; create: Rate }> {
  const server = await start(trace);
  const made = await fetch(`${server.url}/v1/orders`, {
    method: 'POST',
    headers: { authorization: AUTH, 'content-type': 'application/json' },
    body: ORDER,
  });
  const { order_id } = (await made.json()) as { order_id: string };
  const read = await rate(server, 'GET', `/v1/orders/${order_id}`);
  const create = await rate(server, 'POST', '/v1/orders');
  await stop(server.child);
  return { read, create };
}

const median = (xs: number[]): number =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const rounds: { plain: { read: Rate; create: Rate }; traced: { read: Rate; create: Rate } }[] = [];
for (let i = 0; i < ROUNDS; i++) {
  const plain = await round(undefined);
  const traced = await round(join(dir, `round-${i}.jsonl.gz`));
  rounds.push({ plain, traced });
  process.stderr.write(`round ${i + 1}: ${JSON.stringify({ plain, traced })}\n`);
}

// The soak with a trace: its size, and how much JSON it holds (`--soak-seconds 0`: no soak).
const soakTrace = join(dir, 'lunch-rush.jsonl.gz');
const soak = SOAK_SECONDS === 0 ? undefined : measureSoak();

function measureSoak() {
  return JSON.parse(
    execFileSync(
      process.execPath,
      ['--import', 'tsx', 'bench/soak.ts', '--seconds', String(SOAK_SECONDS), '--trace', soakTrace],
      { encoding: 'utf8', maxBuffer: 1 << 26 },
    )
      .trim()
      .split('\n')
      .at(-1) ?? '{}',
  ) as { rps: number; requests: number; webhooks: number };
}
// soak.ts sends SIGTERM and leaves: the server closes the trace (its end record) on its way out.
let text = '';
for (let i = 0; soak && i < 100 && !text.includes('"type":"end"'); i++) {
  await sleep(100);
  text = gunzipSync(readFileSync(soakTrace), { finishFlush: constants.Z_SYNC_FLUSH }).toString();
}
/** Medians of the rounds: rates, CPU per request, and traced ÷ plain of each, paired by round. */
function pair(kind: 'read' | 'create') {
  const m = (f: (r: (typeof rounds)[number]) => number): number => median(rounds.map(f));
  return {
    rps: { plain: m((r) => r.plain[kind].rps), traced: m((r) => r.traced[kind].rps) },
    rps_ratio: m((r) => r.traced[kind].rps / r.plain[kind].rps),
    cpu_us: { plain: m((r) => r.plain[kind].cpuUs), traced: m((r) => r.traced[kind].cpuUs) },
    cpu_ratio: m((r) => r.traced[kind].cpuUs / r.plain[kind].cpuUs),
  };
}

const lines = text.split('\n').filter((l) => l !== '');
const types: Record<string, number> = {};
for (const l of lines) {
  const type = /^\{"type":"(\w+)"/.exec(l)?.[1] ?? '?';
  types[type] = (types[type] ?? 0) + 1;
}
/** What this script prints (bench/run.ts reads it). */
export interface TraceBench {
  rounds: number;
  seconds: number;
  loadavg: string;
  read: ReturnType<typeof pair>;
  create: ReturnType<typeof pair>;
  soak:
    | {
        seconds: number;
        rps: number;
        requests: number;
        webhooks: number;
        file_mb: number;
        json_mb: number;
        records: Record<string, number>;
        closed: boolean;
      }
    | undefined;
}

console.log(
  JSON.stringify({
    rounds: ROUNDS,
    loadavg: loadavg()
      .map((n) => n.toFixed(2))
      .join(' '),
    seconds: SECONDS,
    read: pair('read'),
    create: pair('create'),
    soak: soak && {
      seconds: SOAK_SECONDS,
      rps: soak.rps,
      requests: soak.requests,
      webhooks: soak.webhooks,
      file_mb: statSync(soakTrace).size / 2 ** 20,
      json_mb: Buffer.byteLength(text) / 2 ** 20,
      records: types,
      closed: text.includes('"type":"end"'),
    },
  }),
);
rmSync(dir, { recursive: true, force: true }); // the traces were read above

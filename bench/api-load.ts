/**
 * One workload's load on one server for bench/api-throughput.ts: autocannon, 50 connections, each
 * answer checked (a 2xx, or the status its request expects). In the bench's own process, or, for
 * `--together`, in a process of its own per server: two loads driven from one event loop are paced
 * by that loop, not by the servers (the same two trees came out alike whatever each cost).
 *
 * As a script: `node --import tsx bench/api-load.ts '<json LoadSpec>'` prints the `LoadResult`.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon, { type Request as LoadRequest } from 'autocannon';
import { CI_KEY } from './bench-options.js';

/** One request of a workload; `status` is the answer expected when it is not a 2xx (a 404). */
export type Req = {
  method: string;
  path: string;
  body?: string;
  idempotent?: boolean;
  status?: number;
};

export interface LoadSpec {
  url: string;
  requests: Req[];
  seconds: number;
  /** What each `Idempotency-Key` starts with: unique per load, so no key repeats across loads. */
  keyPrefix: string;
}

export interface LoadResult {
  rps: number;
  p99: number;
  total: number;
  /** What was answered but should not have been (`3 × 500`), or null. */
  unexpected: string | null;
}

/** The connections each load keeps open. */
export const CONNECTIONS = 50;

/** Runs the load in this process. */
export async function runLoad(spec: LoadSpec): Promise<LoadResult> {
  let keys = 0;
  const result = await autocannon({
    url: spec.url,
    connections: CONNECTIONS,
    duration: spec.seconds,
    requests: spec.requests.map((r) => ({
      method: r.method as 'GET',
      path: r.path,
      headers: {
        authorization: CI_KEY,
        ...(r.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(r.body === undefined ? {} : { body: r.body }),
      ...(r.idempotent
        ? {
            setupRequest: (req: LoadRequest): LoadRequest => ({
              ...req,
              headers: { ...req.headers, 'idempotency-key': `${spec.keyPrefix}${keys++}` },
            }),
          }
        : {}),
    })),
  });
  // Every answer a 2xx, or the status its request expects (none other: a 404 is not a 500).
  const expected = new Set(
    spec.requests.flatMap((r) => (r.status === undefined ? [] : [r.status])),
  );
  const wrong = Object.entries(result.statusCodeStats ?? {}).filter(
    ([code, stat]) => !/^2/.test(code) && !expected.has(Number(code)) && (stat.count ?? 0) > 0,
  );
  const unexpected =
    wrong.length > 0 || result.errors > 0
      ? `${wrong.map(([c, st]) => `${st.count} × ${c}`).join(', ') || 'as expected'}, ${result.errors} errors`
      : null;
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    total: result.requests.total,
    unexpected,
  };
}

/** Runs the load in a process of its own (this file as a script). */
export function runLoadInChild(spec: LoadSpec): Promise<LoadResult> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.url), JSON.stringify(spec)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) resolve(JSON.parse(out) as LoadResult);
      else reject(new Error(`the load on ${spec.url} exited with ${code}`));
    });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(JSON.stringify(await runLoad(JSON.parse(process.argv[2] ?? '{}') as LoadSpec)));
}

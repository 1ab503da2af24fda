/**
 * Where a route's time goes (issue 24): the built CLI (`dist/cli.js`, `ci` scenario) under
 * `node --cpu-prof`, loaded by autocannon (50 connections) with one workload of
 * bench/api-throughput.ts, then the profile summed by function (self time) and by file. Prints
 * the summary; the `.cpuprofile` files stay in the directory given (for Chrome's DevTools).
 *
 * `node --import tsx bench/profile-routes.ts [--seconds 8] [--dir /tmp/profiles] [--only read]`
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import autocannon, { type Request as LoadRequest } from 'autocannon';

const arg = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const SECONDS = Number(arg('seconds', '8'));
const DIR = arg('dir', '/tmp/profiles');
const ONLY = arg('only', '').split(',').filter(Boolean);
const KEY = 'Bearer sk_test_ci_acme';
const BODY = JSON.stringify({
  pickup: { address: '1 Market St' },
  dropoff: { address: '2 Castro St' },
  tip: 100,
});

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount: number;
}

/** The top functions by self time and the files, as shares of the busy (non-idle) samples. */
function summarise(file: string): { functions: string[]; files: string[] } {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as { nodes: Node[] };
  const byFn = new Map<string, number>();
  const byFile = new Map<string, number>();
  let busy = 0;
  for (const n of profile.nodes) {
    const { functionName, url, lineNumber } = n.callFrame;
    if (functionName === '(idle)' || functionName === '(program)' || n.hitCount === 0) continue;
    busy += n.hitCount;
    const where = url.replace(/^.*\/(node_modules\/)?/, '') || '(native)';
    const fn = `${functionName || '(anonymous)'} ${where}:${lineNumber + 1}`;
    byFn.set(fn, (byFn.get(fn) ?? 0) + n.hitCount);
    const f = url.startsWith('node:') ? url : where.split(':')[0]!;
    byFile.set(f || '(native)', (byFile.get(f || '(native)') ?? 0) + n.hitCount);
  }
  const top = (m: Map<string, number>, n: number): string[] =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `${((100 * v) / busy).toFixed(1)}% ${k}`);
  return { functions: top(byFn, 25), files: top(byFile, 12) };
}

const ROUTES: Record<
  string,
  (id: string) => { method: string; path: string; body?: string; keyed?: boolean }
> = {
  read: (id) => ({ method: 'GET', path: `/v1/orders/${id}` }),
  location: (id) => ({ method: 'GET', path: `/v1/orders/${id}/location` }),
  drivers: () => ({
    method: 'GET',
    path: '/v1/drivers/available?lat=37.7749&lng=-122.4194&radius=5',
  }),
  create: () => ({ method: 'POST', path: '/v1/orders', body: BODY }),
  create_keyed: () => ({ method: 'POST', path: '/v1/orders', body: BODY, keyed: true }),
};

let keys = 0;
for (const [name, route] of Object.entries(ROUTES)) {
  if (ONLY.length > 0 && !ONLY.includes(name)) continue;
  const dir = join(DIR, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const child = spawn(
    process.execPath,
    [
      '--cpu-prof',
      '--cpu-prof-dir',
      dir,
      'dist/cli.js',
      '--port',
      '0',
      '--scenario',
      'ci',
      '--log-level',
      'silent',
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const url = await new Promise<string>((resolve) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /API +(http:\/\/127\.0\.0\.1:\d+)\/v1/.exec(out);
      if (m?.[1]) resolve(m[1]);
    });
  });
  const headers = { authorization: KEY, 'content-type': 'application/json' };
  const order = (await (
    await fetch(`${url}/v1/orders`, { method: 'POST', headers, body: BODY })
  ).json()) as { order_id: string };
  await fetch(`${url}/__sandbox/clock/advance`, { method: 'POST', headers, body: '{"by":"2m"}' });
  const r = route(order.order_id);
  const result = await autocannon({
    url: url + r.path,
    method: r.method as 'GET',
    connections: 50,
    duration: SECONDS,
    headers: r.body === undefined ? { authorization: KEY } : headers,
    ...(r.body === undefined ? {} : { body: r.body }),
    ...(r.keyed
      ? {
          requests: [
            {
              setupRequest: (req: LoadRequest): LoadRequest => ({
                ...req,
                headers: { ...req.headers, 'idempotency-key': `p-${keys++}` },
              }),
            },
          ],
        }
      : {}),
  });
  const done = new Promise((res) => child.once('exit', res));
  child.kill('SIGTERM');
  await done;
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  const summary = file ? summarise(join(dir, file)) : { functions: [], files: [] };
  console.log(`## ${name}: ${Math.round(result.requests.average)} req/s, ${result.non2xx} non-2xx`);
  console.log('by file:\n  ' + summary.files.join('\n  '));
  console.log('by function (self):\n  ' + summary.functions.join('\n  '));
}

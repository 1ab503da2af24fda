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
import { arg, CI_KEY, ORDER_BODY } from './bench-options.js';

const SECONDS = Number(arg('seconds', '8'));
const DIR = arg('dir', '/tmp/profiles');
const ONLY = arg('only', '').split(',').filter(Boolean);
const KEY = CI_KEY;
const BODY = ORDER_BODY;

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount: number;
}

/**
 * The module each line of a bundled file belongs to: esbuild heads each module with a `// path`
 * comment (`// src/http/send-json.ts`, `// ../main/node_modules/express/lib/router/index.js`).
 */
const modulesOf = new Map<string, { line: number; module: string }[]>();
function moduleAt(url: string, line: number): string {
  if (!url.startsWith('file://')) return url === '' ? '(native)' : url;
  let marks = modulesOf.get(url);
  if (!marks) {
    marks = [];
    const lines = readFileSync(new URL(url), 'utf8').split('\n');
    lines.forEach((text, i) => {
      const m = /^\/\/ ((?:src|[./]*(?:[^/]+\/)*node_modules)\/\S+)$/.exec(text);
      if (m?.[1]) marks!.push({ line: i, module: m[1].replace(/^.*node_modules\//, '') });
    });
    modulesOf.set(url, marks);
  }
  let found = url.replace(/^.*\//, '');
  for (const mark of marks) if (mark.line <= line) found = mark.module;
  return found;
}

/** Where a sample's time goes, by what the module is. */
function bucketOf(fn: string, module: string): string {
  if (fn === 'writev' || fn === 'writeUtf8String' || fn === 'writeBuffer')
    return 'socket write (kernel)';
  if (fn === '(garbage collector)') return 'garbage collection';
  if (module.startsWith('src/http/middleware/journal') || module.startsWith('src/journal/'))
    return 'request journal';
  if (module.startsWith('src/report/')) return "report's ledger";
  if (module.startsWith('src/http/') || module.startsWith('src/edge/'))
    return 'our HTTP steps and routes';
  if (module.startsWith('src/')) return 'commands, world, store, events';
  if (
    /^(express|router|body-parser|raw-body|type-is|content-type|mime|iconv-lite|qs|finalhandler|send|parseurl|depd|on-finished|media-typer|negotiator|accepts)\//.test(
      module,
    )
  )
    return 'Express and body-parser';
  if (module.startsWith('node:')) return "Node's HTTP, streams and events";
  return 'other (startup compile, V8 builtins, other packages)';
}

/** The top functions by self time, the modules and the buckets, as shares of the busy samples. */
function summarise(file: string): { functions: string[]; modules: string[]; buckets: string[] } {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as { nodes: Node[] };
  const byFn = new Map<string, number>();
  const byModule = new Map<string, number>();
  const byBucket = new Map<string, number>();
  let busy = 0;
  const add = (m: Map<string, number>, k: string, n: number): void => {
    m.set(k, (m.get(k) ?? 0) + n);
  };
  for (const n of profile.nodes) {
    const { functionName, url, lineNumber } = n.callFrame;
    if (functionName === '(idle)' || functionName === '(program)' || n.hitCount === 0) continue;
    busy += n.hitCount;
    const module = moduleAt(url, lineNumber);
    add(byFn, `${functionName || '(anonymous)'} ${module}`, n.hitCount);
    add(byModule, module, n.hitCount);
    add(byBucket, bucketOf(functionName, module), n.hitCount);
  }
  const top = (m: Map<string, number>, n: number): string[] =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `${((100 * v) / busy).toFixed(1)}% ${k}`);
  return { functions: top(byFn, 20), modules: top(byModule, 15), buckets: top(byBucket, 12) };
}

const ROUTES: Record<
  string,
  (id: string) => { method: string; path: string; body?: string; keyed?: boolean }
> = {
  read: (id) => ({ method: 'GET', path: `/v1/orders/${id}` }),
  not_found: () => ({ method: 'GET', path: '/v1/orders/ord_0000000000000000' }),
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
  const summary = file ? summarise(join(dir, file)) : { functions: [], modules: [], buckets: [] };
  console.log(`## ${name}: ${Math.round(result.requests.average)} req/s, ${result.non2xx} non-2xx`);
  console.log('by kind:\n  ' + summary.buckets.join('\n  '));
  console.log('by module:\n  ' + summary.modules.join('\n  '));
  console.log('by function (self):\n  ' + summary.functions.join('\n  '));
}

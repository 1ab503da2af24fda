/**
 * What a create costs as the orders grow (issue 24): batches of `POST /v1/orders` (autocannon, 50
 * connections, a new order each, with a new `Idempotency-Key` each under `--keyed`) against the
 * built CLI (`ci` scenario, its clock manual: every order stays pending), and the server's CPU per
 * create in each batch. With `--baseline DIR` (another built checkout), the two sandboxes take
 * their batches in turn, the order reversed every other batch, so both hold the same number of
 * orders whenever one is measured: a create's cost depends on the state it lands in, and a
 * comparison by duration gives the faster tree more orders, and more cost.
 *
 * `node --import tsx bench/create-growth.ts [--batches 8] [--batch 5000] [--keyed] [--baseline DIR]`
 * Prints one line per batch, then one JSON line with the medians (the first batch, the JIT's
 * warm-up, left out).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import autocannon, { type Request as LoadRequest } from 'autocannon';
import { cpuMs } from './launch-cli.js';
import { arg, CI_KEY, ORDER_BODY } from './bench-options.js';

const BATCHES = Number(arg('batches', '8'));
const BATCH = Number(arg('batch', '5000'));
const KEYED = process.argv.includes('--keyed');
const BASELINE = arg('baseline', '');
const KEY = CI_KEY;
const BODY = ORDER_BODY;

interface Sandbox {
  name: string;
  url: string;
  child: ChildProcess;
  us: number[];
}

function start(name: string, root: string): Promise<Sandbox> {
  const args = ['--port', '0', '--scenario', 'ci', '--log-level', 'silent'];
  const child = spawn(process.execPath, [join(root, 'dist/cli.js'), ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /API +(http:\/\/127\.0\.0\.1:\d+)\/v1/.exec(out);
      if (m) resolve({ name, url: m[1]!, child, us: [] });
    });
    child.on('exit', (code) => reject(new Error(`${name} exited with ${code}`)));
  });
}

let keys = 0;
const create: LoadRequest = {
  method: 'POST',
  path: '/v1/orders',
  headers: { authorization: KEY, 'content-type': 'application/json' },
  body: BODY,
  ...(KEYED
    ? {
        setupRequest: (r: LoadRequest) => ({
          ...r,
          headers: { ...r.headers, 'idempotency-key': `growth-${keys++}` },
        }),
      }
    : {}),
};

const sandboxes = [await start('sandbox', '.')];
if (BASELINE !== '') sandboxes.push(await start('baseline', BASELINE));
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1] ?? NaN;
try {
  for (let i = 0; i < BATCHES; i++) {
    for (const s of i % 2 === 0 ? sandboxes : [...sandboxes].reverse()) {
      const before = cpuMs(s.child.pid);
      const r = await autocannon({
        url: s.url,
        connections: 50,
        amount: BATCH,
        requests: [create],
      });
      if (r.non2xx > 0) throw new Error(`${s.name}: ${r.non2xx} answers other than 2xx`);
      s.us.push(((cpuMs(s.child.pid) - before) * 1000) / r.requests.total);
    }
    const line = sandboxes.map((s) => `${s.name} ${s.us[i]!.toFixed(0)} µs`).join(', ');
    console.error(`after ${(i + 1) * BATCH} orders each: ${line}`);
  }
  const medians = Object.fromEntries(sandboxes.map((s) => [s.name, median(s.us.slice(1))]));
  console.log(JSON.stringify({ batches: BATCHES, batch: BATCH, keyed: KEYED, cpu_us: medians }));
} finally {
  for (const s of sandboxes) s.child.kill();
}

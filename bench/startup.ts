/**
 * Start-up as a user meets it (issue 21): from spawning the process to the first answered `/v1`
 * request, the CLI (`node dist/cli.js`, default scenario) beside a bare `node:http` server, in
 * alternating rounds, on this Node and on each other Node given (`--node PATH`, repeatable, or
 * DELIVERY_SANDBOX_BENCH_NODE, paths separated by `:`). On a Node with a module compile cache
 * (22.1+) the CLI runs twice a round: with the cache off (`NODE_DISABLE_COMPILE_CACHE=1`, what a
 * first start pays) and with a cache warmed by one run before (what every later start gets, and
 * the Docker image). The first request is the README's: `POST /v1/orders`. Each sample is the wall
 * time and the process's CPU time (user + system, from /proc) at the answer: on a shared machine
 * the CPU time moves less than the wall time. Prints one JSON line (StartupBench).
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

export interface Samples {
  ms: number[];
  cpu_ms: number[];
}

export interface StartupBench {
  rounds: number;
  loadavg: string;
  nodes: {
    version: string;
    bare: Samples;
    cli: Samples;
    /** Node 22.1+ only: the CLI with a warmed compile cache (`cli` is then without one). */
    cli_cached?: Samples;
  }[];
}

const ROUNDS = 7;
const KEY = 'sk_test_sandbox_4242'; // the default scenario's
const CLI = ['dist/cli.js', '--port', '0', '--log-level', 'silent'];
const BARE = [
  '-e',
  "require('node:http').createServer((q, s) => { q.resume(); q.on('end', () => s.end('{}')); }).listen(0, '127.0.0.1', function () { console.log('API http://127.0.0.1:' + this.address().port + '/v1'); })",
];

/** The CPU time (user + system) a process has used so far, in ms; NaN where /proc is missing. */
function cpuMs(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10; // clock ticks of 10 ms
  } catch {
    return NaN;
  }
}

/** Spawns `node args`, waits for its URL, makes the first request; stops it. */
async function firstAnswer(
  node: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ ms: number; cpu: number }> {
  const t0 = performance.now();
  const child = spawn(node, args, { stdio: ['ignore', 'pipe', 'inherit'], env });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /API +(http:\/\/127\.0\.0\.1:\d+)\/v1/.exec(out);
        if (m) resolve(m[1]!);
      });
      child.once('exit', (code) => reject(new Error(`${args[0]} exited with ${code}: ${out}`)));
    });
    const res = await fetch(`${url}/v1/orders`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        pickup: { address: '1 Market St' },
        dropoff: { address: '2 Castro St' },
      }),
    });
    await res.arrayBuffer();
    const ms = performance.now() - t0;
    const cpu = cpuMs(child.pid);
    if (!res.ok) throw new Error(`${args[0]}: POST /v1/orders answered ${res.status}`);
    return { ms, cpu };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

/** Whether `node` has a module compile cache (22.1+). */
function hasCompileCache(node: string): boolean {
  const script = "process.stdout.write(String(typeof require('node:module').enableCompileCache))";
  return execFileSync(node, ['-e', script], { encoding: 'utf8' }) === 'function';
}

function otherNodes(argv: string[]): string[] {
  const given = argv.flatMap((a, i) => (argv[i - 1] === '--node' ? [a] : []));
  const env = (process.env.DELIVERY_SANDBOX_BENCH_NODE ?? '').split(':').filter(Boolean);
  return [...given, ...env];
}

async function main(): Promise<void> {
  const nodes = [process.execPath, ...otherNodes(process.argv)];
  const cache = mkdtempSync(join(tmpdir(), 'bench-compile-cache-'));
  // No cache, unless the variant says: NODE_COMPILE_CACHE from the environment would warm it.
  const base = { ...process.env, NODE_COMPILE_CACHE: undefined };
  const off = { ...base, NODE_DISABLE_COMPILE_CACHE: '1' };
  const warmed = { ...base, NODE_COMPILE_CACHE: cache };
  const empty = (): Samples => ({ ms: [], cpu_ms: [] });
  const add = (s: Samples, r: { ms: number; cpu: number }): void => {
    s.ms.push(r.ms);
    s.cpu_ms.push(r.cpu);
  };
  const out: StartupBench = { rounds: ROUNDS, loadavg: '', nodes: [] };
  try {
    for (const node of nodes) {
      const version = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
      const cached = hasCompileCache(node);
      const entry: StartupBench['nodes'][number] = { version, bare: empty(), cli: empty() };
      if (cached) {
        entry.cli_cached = empty();
        await firstAnswer(node, CLI, warmed); // writes the cache
      }
      for (let i = 0; i < ROUNDS; i++) {
        add(entry.bare, await firstAnswer(node, BARE, base));
        add(entry.cli, await firstAnswer(node, CLI, off));
        if (entry.cli_cached) add(entry.cli_cached, await firstAnswer(node, CLI, warmed));
      }
      out.nodes.push(entry);
    }
  } finally {
    rmSync(cache, { recursive: true, force: true });
  }
  out.loadavg = loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
  console.log(JSON.stringify(out));
}

await main();

/**
 * `--data` persistence: create latency (p50/p99) as the state grows, beside the same in memory;
 * restart time; the stop under load (SIGTERM → exit, bench/shutdown-drain.ts); the state export (size, time, /v1 p99 while it runs) and its import. Runs the built
 * CLI (`npm run build`) in child processes; prints one JSON line. `--orders N` sets the largest
 * size (default 20 000); the export and import run at 33 and 100 MB (bench/state-round-trip.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { launch, stop } from './launch-cli.js';
import { shutdownDrain } from './shutdown-drain.js';
import { exportImport } from './state-round-trip.js';

const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const LARGEST = arg('--orders', 20_000);
/** The sizes of the exported states, in MB (`--export-mb 33,100`). */
const EXPORT_MB = process.argv.includes('--export-mb')
  ? process.argv[process.argv.indexOf('--export-mb') + 1]!.split(',').map(Number)
  : [33, 100];
/** `--export-only`: only the export and import (while working on them). */
const EXPORT_ONLY = process.argv.includes('--export-only');
/** `--shutdown-only`: only the stop under load (while working on it). */
const SHUTDOWN_ONLY = process.argv.includes('--shutdown-only');
const SIZES = [1000, 5000, LARGEST].filter((n, i, all) => n <= LARGEST && all.indexOf(n) === i);
const AUTH = { Authorization: 'Bearer sk_test_ci_acme', 'Content-Type': 'application/json' };

let n = 0;
async function create(url: string): Promise<string> {
  n++;
  const res = await fetch(`${url}/v1/orders`, {
    method: 'POST',
    headers: AUTH,
    body: JSON.stringify({
      pickup: { address: `${n} Market St` },
      dropoff: { address: `${n} Castro St` },
    }),
  });
  if (res.status !== 201) throw new Error(`create answered ${res.status}`);
  return ((await res.json()) as { order_id: string }).order_id;
}

/** Creates orders 32 at a time until `count` exist. */
async function seed(url: string, from: number, count: number): Promise<void> {
  let next = from;
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      while (next < count) {
        next++;
        await create(url);
      }
    }),
  );
}

const pct = (xs: number[], p: number): number =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

async function latency(url: string, requests = 300): Promise<{ p50: number; p99: number }> {
  const ms: number[] = [];
  for (let i = 0; i < requests; i++) {
    const t0 = performance.now();
    await create(url);
    ms.push(performance.now() - t0);
  }
  return { p50: pct(ms, 0.5), p99: pct(ms, 0.99) };
}

const round = (x: number): number => Math.round(x * 100) / 100;
const dir = mkdtempSync(join(tmpdir(), 'bench-persistence-'));
const data = join(dir, 'state.json');
const result: Record<string, unknown> = { sizes: SIZES };
try {
  if (EXPORT_ONLY) {
    result.export = [];
    for (const mb of EXPORT_MB)
      (result.export as unknown[]).push(await exportImport(mb, launch, stop));
    console.log(JSON.stringify(result));
    process.exit(0);
  }
  if (SHUTDOWN_ONLY) {
    result.shutdown = await shutdownDrain(join(dir, 'drain.json'), launch, stop);
    console.log(JSON.stringify(result));
    process.exit(0);
  }
  const memory = await launch([]);
  await seed(memory.url, 0, SIZES[0]!);
  const mem = await latency(memory.url);
  await stop(memory.child);
  result.memory = { orders: SIZES[0], p50: round(mem.p50), p99: round(mem.p99) };

  const disk = await launch(['--data', data]);
  const rows = [];
  let have = 0;
  for (const size of SIZES) {
    await seed(disk.url, have, size);
    const l = await latency(disk.url);
    have = size + 300;
    rows.push({ orders: size, p50: round(l.p50), p99: round(l.p99) });
  }
  result.data = rows;
  await stop(disk.child, 'SIGKILL');

  const again = await launch(['--data', data]);
  result.restart_ms = Math.round(again.ms);

  await stop(again.child);
  result.shutdown = await shutdownDrain(join(dir, 'drain.json'), launch, stop);
  result.export = [];
  for (const mb of EXPORT_MB)
    (result.export as unknown[]).push(await exportImport(mb, launch, stop));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(JSON.stringify(result));

import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bannerUrl } from './support/cli-process.js';

/**
 * The built CLI as the Docker image runs it (issue 21): only the files scripts/stage-runtime.mjs
 * copies, and no node_modules anywhere above them. What a start does not need (yaml for a user's
 * YAML file, pino-pretty for a terminal) and the state import's worker load from dist/ as well.
 */
let dir: string;
let child: ChildProcessWithoutNullStreams | undefined;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'sandbox-standalone-'));
  execFileSync(process.execPath, ['scripts/stage-runtime.mjs', dir]);
  cpSync('scenarios/ci.yaml', join(dir, 'my-city.yaml'));
});

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await exited;
  }
  rmSync(dir, { recursive: true, force: true });
});

/** Whether a node_modules folder sits in `from` or any folder above it. */
function nodeModulesAbove(from: string): string | undefined {
  for (let d = from; ; d = dirname(d)) {
    if (existsSync(join(d, 'node_modules'))) return d;
    if (dirname(d) === d) return undefined;
  }
}

describe('the staged CLI, without node_modules', () => {
  it('holds no node_modules, and its entry is a few lines that import the bundle', () => {
    expect(nodeModulesAbove(dir)).toBeUndefined(); // else a missing file could resolve there
    // The compile cache is turned on before the bundle is compiled: by a small entry.
    expect(statSync(join(dir, 'dist/cli.js')).size).toBeLessThan(4096);
    const entry = readFileSync(join(dir, 'dist/cli.js'), 'utf8');
    expect(entry.indexOf('enableCompileCache()')).toBeGreaterThan(0);
    expect(entry.indexOf('enableCompileCache()')).toBeLessThan(entry.indexOf('await import('));
  });

  it('reads a YAML scenario file, logs for a terminal and imports a state', async () => {
    child = spawn(
      process.execPath,
      ['dist/cli.js', '--port', '0', '--scenario', 'my-city.yaml', '--log-format', 'pretty'],
      { cwd: dir },
    );
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const url = await bannerUrl(child);
    const headers = { authorization: 'Bearer sk_test_ci_acme', 'content-type': 'application/json' };
    const created = await fetch(`${url}/v1/orders`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        pickup: { address: '1 Market St' },
        dropoff: { address: '2 Castro St' },
      }),
    });
    expect(created.status).toBe(201);
    const order = (await created.json()) as { order_id: string };

    const state = await (await fetch(`${url}/__sandbox/state`)).text();
    const imported = await fetch(`${url}/__sandbox/state`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: state,
    });
    expect(imported.status).toBe(200);
    const read = await fetch(`${url}/v1/orders/${order.order_id}`, { headers });
    expect(read.status).toBe(200);
    // pino-pretty's line, not JSON.
    expect(stderr).toMatch(/POST \/v1\/orders 201/);
    expect(stderr).not.toMatch(/^\{"level"/m);
  });
});

import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../src/index.js';
import { Receiver } from './support/receiver.js';
import { TestSandbox, contractFetch, expectError, loadContracts } from './support/test-sandbox.js';
import { tempDir } from './support/temp-dir.js';

// Issue 10, findings 1, 2 and 10: scenario files are read only where the user points at them (the
// CLI, the programmatic API), safely; every state is validated before it replaces anything; tokens
// are checked at start.

const CLI = resolve('dist/cli.js');
const children: ChildProcessWithoutNullStreams[] = [];
const servers: ChildProcessWithoutNullStreams[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});
afterAll(() => {
  for (const child of servers.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

function run(
  args: string[],
  opts: { cwd?: string; env?: Record<string, string> } = {},
  list = children,
) {
  const child = spawn(process.execPath, [CLI, ...args], {
    cwd: opts.cwd,
    env: { ...process.env, ...opts.env },
    stdio: 'pipe',
  });
  list.push(child);
  return child;
}

/** Runs the built CLI to its end (killed after `ms`); its exit code, output and how long it took. */
async function finish(args: string[], opts: { cwd?: string; env?: Record<string, string> } = {}) {
  const started = Date.now();
  const child = run(args, opts);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 8000);
  const [code] = (await once(child, 'exit')) as [number | null];
  clearTimeout(timer);
  return { code, stdout, stderr, ms: Date.now() - started };
}

/** Starts the built CLI on a free port with the ci scenario; resolves with its URL. */
async function startCli(args: string[] = []): Promise<string> {
  const child = run(
    ['--port', '0', '--scenario', 'ci', '--log-level', 'silent', ...args],
    {},
    servers,
  );
  let out = '';
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /API +(http:\/\/127\.0\.0\.1:\d+)\/v1/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.on('exit', (code) => reject(new Error(`the CLI exited with ${code}: ${out}`)));
  });
}

const tmp = (): string => tempDir('sec-state-');
const fifoIn = (dir: string): string => {
  const path = join(dir, 'scenario.yaml');
  execFileSync('mkfifo', [path]);
  return path;
};

/** A small valid scenario, as an object. */
const INLINE = {
  name: 'inline',
  accounts: [{ id: 'acct_inline', api_keys: ['sk_test_inline_key'] }],
  clock: { mode: 'manual' as const, start: '2026-01-01T12:00:00Z' },
};

const ADMIN = { Authorization: 'Bearer tok_admin_1' };

describe('POST /__sandbox/reset never reads a file named over HTTP', () => {
  let url: string;
  beforeAll(async () => {
    // Another process: a server that froze on a FIFO must not freeze the test runner too.
    url = await startCli(['--admin-token', 'tok_admin_1']);
    // The contracts contractFetch checks against, loaded now: the 3 s each request is given is
    // the server's, not this process's first loading of the documents (seen at load 10).
    await loadContracts();
  });

  const reset = (body: unknown) =>
    contractFetch(`${url}/__sandbox/reset`, {
      method: 'POST',
      headers: { ...ADMIN, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(3000),
    });

  it.each([['a FIFO'], ['/dev/zero']])(
    'refuses a path (%s) with a 400 and keeps answering /v1',
    async (kind) => {
      const path = kind === 'a FIFO' ? fifoIn(tmp()) : kind;
      const res = await reset({ scenario: path });
      expectError(res, 400, 'invalid_request', { param: 'scenario' });
      expect(res.body.error.message).toMatch(/bundled scenario name/);
      const orders = await contractFetch(`${url}/v1/drivers/available?lat=37.7749&lng=-122.4194`, {
        headers: { Authorization: 'Bearer sk_test_ci_acme' },
        signal: AbortSignal.timeout(3000),
      });
      expect(orders.status).toBe(200);
    },
  );

  it('answers a path to a file and a path to nothing alike, showing nothing of the file', async () => {
    const dir = tmp();
    const secret = join(dir, 'secret.yaml');
    writeFileSync(secret, 'password: hunter2-very-secret\n');
    const there = await reset({ scenario: secret });
    const absent = await reset({ scenario: join(dir, 'absent.yaml') });
    expect(there.status).toBe(400);
    expect(there.text).not.toMatch(/hunter2|password/);
    expect(there.body.error.message.replace(secret, 'P')).toBe(
      absent.body.error.message.replace(join(dir, 'absent.yaml'), 'P'),
    );
  });

  it('switches to a scenario sent as an object, and refuses an invalid one with the path at fault', async () => {
    const res = await reset({ scenario: INLINE });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ok', scenario: 'inline' });
    const orders = await contractFetch(`${url}/v1/drivers/available?lat=37.7749&lng=-122.4194`, {
      headers: { Authorization: 'Bearer sk_test_inline_key' },
    });
    expect(orders.status).toBe(200);
    const bad = await reset({ scenario: { ...INLINE, accounts: [{ id: 'nope' }] } });
    expectError(bad, 400, 'invalid_request', { reason: 'invalid_scenario', param: 'scenario' });
    expect(bad.body.error.message).toMatch(/accounts\.0/);
    expect((await reset({ scenario: 'ci' })).body.scenario).toBe('ci');
  });
});

describe('the CLI reads scenario files on its own side', () => {
  let t: TestSandbox;
  beforeAll(async () => {
    t = await TestSandbox.start({ adminToken: 'tok_admin_1' });
  });
  afterAll(() => t.close());

  it('reset --scenario ./file.yaml sends the file, read relative to the working directory', async () => {
    const dir = tmp();
    writeFileSync(
      join(dir, 'mine.yaml'),
      'name: mine\naccounts: [{ id: acct_mine, api_keys: [sk_test_mine_key] }]\nclock: { mode: manual }\n',
    );
    const r = await finish(
      ['reset', '--scenario', './mine.yaml', '--url', t.url, '--admin-token', 'tok_admin_1'],
      { cwd: dir },
    );
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^reset: scenario "mine"/);
    expect(t.sandbox.scenario.name).toBe('mine');
    expect(t.sandbox.apiKey).toBe('sk_test_mine_key');
  });

  it('reset --scenario with a FIFO fails fast on the client, naming the file', async () => {
    const fifo = fifoIn(tmp());
    const r = await finish([
      'reset',
      '--scenario',
      fifo,
      '--url',
      t.url,
      '--admin-token',
      'tok_admin_1',
    ]);
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toBe(
      `delivery-sandbox: ${fifo}: not a regular file; a scenario must be a .yaml or .json file`,
    );
  });
});

describe('loading a scenario file at start', () => {
  it('refuses a FIFO from the CLI at once, in one line', async () => {
    const fifo = fifoIn(tmp());
    const r = await finish(['--port', '0', '--scenario', fifo, '--log-level', 'silent']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `delivery-sandbox: ${fifo}: not a regular file; a scenario must be a .yaml or .json file\n`,
    );
  });

  it('refuses a directory and a file over 1 MiB from startSandbox', async () => {
    const dir = tmp();
    await expect(startSandbox({ scenario: dir })).rejects.toThrow(`${dir}: not a regular file`);
    const big = join(dir, 'big.yaml');
    writeFileSync(big, `name: big\ndescription: ${'x'.repeat(1024 * 1024)}\n`);
    await expect(startSandbox({ scenario: big })).rejects.toThrow(
      `${big}: larger than 1 MiB; a scenario file must be at most 1 MiB`,
    );
  });

  it('refuses API keys that are not shaped like test keys', async () => {
    for (const key of ['sk_test_with space', 'sk_test_tab\there', 'sk_live_abcdef'])
      await expect(
        startSandbox({ scenario: { ...INLINE, accounts: [{ id: 'acct_a', api_keys: [key] }] } }),
      ).rejects.toThrow(/accounts\.0\.api_keys\.0/);
  });
});

describe('a state is validated before it replaces anything', () => {
  it('PUT /__sandbox/state with a clock past the date range: 400, nothing changed, no crash', async () => {
    const rx = await Receiver.start();
    const t = await TestSandbox.start({ webhooks: [{ url: rx.url }] });
    try {
      await t.createOrder();
      await rx.waitFor(1);
      const before = (await t.get('/__sandbox/state')).body;
      for (const now of [8640000000000001, 946684799999, 7258118400001]) {
        const res = await t.request('PUT', '/__sandbox/state', {
          body: { ...before, clock: { ...before.clock, now } },
        });
        expectError(res, 400, 'invalid_request');
        expect(res.body.error.details[0].param).toBe('clock.now');
        expect(res.body.error.details[0].message).toMatch(/2000-01-01.*2200-01-01/);
      }
      // Only the request-id counter moved (every request takes an id).
      const after = (await t.get('/__sandbox/state')).body;
      expect({ ...after, counters: { ...after.counters, req: 0 } }).toEqual({
        ...before,
        counters: { ...before.counters, req: 0 },
      });
      expect((await t.post('/__sandbox/clock/advance', { by: '30s' })).status).toBe(200);
      expect((await t.get('/v1/drivers/available?lat=37.7749&lng=-122.4194')).status).toBe(200);
      await rx.waitFor(2);
    } finally {
      await t.close();
      await rx.close();
    }
  });

  it('a refused import leaves the --data file as it was', async () => {
    const data = join(tmp(), 'state.json');
    const t = await TestSandbox.start({ data });
    try {
      await t.createOrder();
      const onDisk = readFileSync(data, 'utf8');
      const state = (await t.get('/__sandbox/state')).body;
      const res = await t.request('PUT', '/__sandbox/state', {
        body: { ...state, counters: { ord: -1 } },
      });
      expect(res.status).toBe(400);
      expect(readFileSync(data, 'utf8')).toBe(onDisk);
    } finally {
      await t.close();
    }
  });

  it('a --data file with a bad clock stops the start with one line naming the file and the path', async () => {
    const data = join(tmp(), 'state.json');
    const t = await TestSandbox.start({ data });
    await t.close();
    const saved = JSON.parse(readFileSync(data, 'utf8'));
    writeFileSync(
      data,
      JSON.stringify({ ...saved, clock: { ...saved.clock, now: 8640000000000001 } }),
    );
    await expect(startSandbox({ scenario: 'ci', data })).rejects.toThrow(
      new RegExp(`^${data}: clock\\.now: .*2000-01-01.*2200-01-01`),
    );
    const r = await finish(['--port', '0', '--scenario', 'ci', '--data', data]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(new RegExp(`^delivery-sandbox: ${data}: clock\\.now: [^\\n]+\\n$`));
  });
});

describe('admin tokens are checked at start', () => {
  it.each([' x', 'tok en', 'tok\t1', 'tøken', ''])(
    'refuses %j from startSandbox and the CLI',
    async (token) => {
      await expect(startSandbox({ scenario: 'ci', adminToken: token })).rejects.toThrow(
        /^adminToken must be 1 to 200 printable ASCII characters without spaces/,
      );
      const r = await finish(['--port', '0', '--admin-token', token, '--log-level', 'silent']);
      expect(r.code).not.toBe(0);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(/--admin-token/);
    },
  );
});

describe('the clock stays in its range', () => {
  it('refuses an advance past 2200-01-01 with a 400, leaving the clock where it was', async () => {
    const t = await TestSandbox.start({
      scenario: { ...INLINE, clock: { mode: 'manual', start: '2199-12-31T00:00:00Z' } },
    });
    try {
      const res = await t.post(
        '/__sandbox/clock/advance',
        { by: '2d' },
        { key: 'sk_test_inline_key', headers: {} },
      );
      expectError(res, 400, 'invalid_request', { param: 'by' });
      expect(res.body.error.message).toMatch(/past 2200-01-01T00:00:00Z/);
      expect(t.nowIso()).toBe('2199-12-31T00:00:00.000Z');
    } finally {
      await t.close();
    }
  });
});

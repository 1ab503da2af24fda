import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { Receiver } from './support/receiver.js';
import { contractFetch } from './support/test-sandbox.js';

// The built CLI, exactly what `npx delivery-sandbox` runs (test/support/global-setup.ts builds it).
const CLI = ['dist/cli.js'];
const running: ChildProcessWithoutNullStreams[] = [];

function run(args: string[], env: Record<string, string> = {}): ChildProcessWithoutNullStreams {
  const child = spawn(process.execPath, [...CLI, ...args], {
    env: { ...process.env, ...env },
    stdio: 'pipe',
  });
  running.push(child);
  return child;
}

/** Collects stdout until `pattern` matches, or rejects when the process exits first. */
function waitFor(
  child: ChildProcessWithoutNullStreams,
  pattern: RegExp,
): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = out.match(pattern);
      if (m) resolve(m);
    });
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('exit', (code) =>
      reject(new Error(`exited with ${code} before printing ${pattern}: ${out}${err}`)),
    );
  });
}

async function finish(
  child: ChildProcessWithoutNullStreams,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stdout, stderr };
}

afterEach(() => {
  for (const child of running.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

describe('the delivery-sandbox command', () => {
  it('starts on a free port, prints a banner with the URL and key, serves, and exits cleanly on SIGTERM', async () => {
    const child = run(['--port', '0', '--scenario', 'ci', '--log-level', 'silent']);
    const [, dashboard, url] = await waitFor(
      child,
      /Dashboard +(http:\/\/127\.0\.0\.1:\d+\/) [\s\S]*API +(http:\/\/127\.0\.0\.1:\d+)\/v1/,
    );
    // The printed dashboard URL opens the page the build shipped.
    expect(dashboard).toBe(`${url}/`);
    const page = await fetch(dashboard!, { headers: { Accept: 'text/html' } });
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await page.text()).toContain('<script type="module" src="/dashboard/app-');
    const health = await contractFetch(`${url}/__sandbox/health`);
    expect(health.body).toMatchObject({ status: 'ok', scenario: 'ci' });
    const drivers = await contractFetch(`${url}/v1/drivers/available?lat=37.7749&lng=-122.4194`, {
      headers: { Authorization: 'Bearer sk_test_ci_acme' },
    });
    expect(drivers.status).toBe(200);
    child.kill('SIGTERM');
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(0);
  });

  it('exits cleanly on SIGINT too, and reads options from DELIVERY_SANDBOX_* variables', async () => {
    const child = run([], {
      DELIVERY_SANDBOX_PORT: '0',
      DELIVERY_SANDBOX_SCENARIO: 'ci',
      DELIVERY_SANDBOX_SEED: 'env-seed',
      DELIVERY_SANDBOX_LOG_LEVEL: 'silent',
    });
    await waitFor(child, /seed "env-seed"[\s\S]*API key +sk_test_ci_acme/);
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.kill('SIGINT');
    const [code, signal] = (await once(child, 'exit')) as [number | null, string | null];
    expect({ code, signal, stderr }).toEqual({ code: 0, signal: null, stderr: '' });
  });

  it('delivers webhooks to --webhook-url, signed with --webhook-secret, and shows them in the banner', async () => {
    const rx = await Receiver.start();
    try {
      const child = run([
        '--port',
        '0',
        '--scenario',
        'ci',
        '--log-level',
        'silent',
        '--webhook-url',
        rx.url,
        '--webhook-secret',
        'whsec_from_the_cli',
      ]);
      const [, url] = await waitFor(
        child,
        /API +(http:\/\/127\.0\.0\.1:\d+)\/v1[\s\S]*Webhooks +\S+ +secret whsec_from_the_cli/,
      );
      await contractFetch(`${url}/v1/orders`, {
        method: 'POST',
        headers: { Authorization: 'Bearer sk_test_ci_acme', 'Content-Type': 'application/json' },
        body: JSON.stringify({ pickup: { address: 'a' }, dropoff: { address: 'b' } }),
      });
      await rx.waitFor(1);
      expect(rx.received[0]!.event).toBe('order.created');
    } finally {
      await rx.close();
    }
  });

  it.each([
    [['--webhook-url', 'ftp://x'], /expected an http\(s\) URL/],
    [['--webhook-secret', 'short'], /expected whsec_/],
    [['--port', 'abc'], /option '-p, --port <port>' argument 'abc' is invalid/],
    [
      ['--clock', 'manuel'],
      /expected one of "realtime", "manual"; got "manuel"; did you mean "manual"\?/,
    ],
    [['--scenario', 'nope', '--port', '0'], /^delivery-sandbox: scenario "nope" not found/],
    [['--bogus'], /unknown option '--bogus'/],
  ])('refuses %j with one clear line and a non-zero exit', async (args, message) => {
    const { code, stderr } = await finish(run(args));
    expect(code).not.toBe(0);
    expect(stderr.trim()).toMatch(message);
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it('answers -h with help (never "host") and -v with the version', async () => {
    const help = await finish(run(['start', '-h']));
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/--port <port>/);
    expect(help.stdout).toMatch(/DELIVERY_SANDBOX_PORT/);
    const version = await finish(run(['-v']));
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it.each([
    [['stat'], /unknown command 'stat'; did you mean "start"\?/],
    [['--port', '0', 'advanc', '10m'], /unknown command 'advanc'; did you mean "advance"\?/],
    [['zzzzzz'], /unknown command 'zzzzzz' \(run delivery-sandbox --help/],
    [['start', 'now'], /'start' takes options only; got the argument 'now'/],
  ])(
    'names a mistyped command %j and suggests the closest one, starting nothing',
    async (args, message) => {
      const { code, stderr } = await finish(run(args));
      expect(code).toBe(1);
      expect(stderr).toMatch(message);
      expect(stderr).not.toMatch(/too many arguments/);
    },
  );
});

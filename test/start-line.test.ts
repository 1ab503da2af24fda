import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { hostname } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { verifySignature } from '../src/webhooks/signature.js';
import { Receiver } from './support/receiver.js';

// The built CLI, which `npx delivery-sandbox` and the Docker image run (global-setup builds it).
const running: ChildProcessWithoutNullStreams[] = [];

afterEach(() => {
  for (const child of running.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

/** The CLI started with `args`; `out` holds all it printed on stdout so far. */
function run(args: string[], env: Record<string, string> = {}) {
  // Not a terminal, as under CI; no DELIVERY_SANDBOX_* variable of the runner's own shell.
  const inherited = Object.entries(process.env).filter(([k]) => !k.startsWith('DELIVERY_SANDBOX_'));
  const child = spawn(process.execPath, ['dist/cli.js', ...args], {
    env: { ...Object.fromEntries(inherited), CI: 'true', ...env },
    stdio: 'pipe',
  });
  running.push(child);
  const seen = { out: '', err: '' };
  child.stdout.on('data', (d: Buffer) => (seen.out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (seen.err += d.toString()));
  return { child, seen };
}

/** The first line on stdout, parsed; rejects if the process exits before printing one. */
function firstLine(started: ReturnType<typeof run>): Promise<Record<string, any>> {
  return new Promise((resolve, reject) => {
    const check = (): void => {
      const end = started.seen.out.indexOf('\n');
      if (end < 0) return;
      const line = started.seen.out.slice(0, end);
      try {
        resolve(JSON.parse(line));
      } catch {
        reject(new Error(`the first line on stdout is not JSON: ${line}`));
      }
    };
    started.child.stdout.on('data', check);
    started.child.on('exit', (code) =>
      reject(new Error(`exited with ${code} first: ${started.seen.out}${started.seen.err}`)),
    );
  });
}

/** SIGTERM, then everything the process printed on stdout in all. */
async function stop(started: ReturnType<typeof run>): Promise<string> {
  started.child.kill('SIGTERM');
  await once(started.child, 'exit');
  return started.seen.out;
}

describe('the start line (--log-format json)', () => {
  it('is the one line on stdout: a pino record with the URL, the keys and the webhook secret, which work', async () => {
    const rx = await Receiver.start();
    try {
      const started = run([
        '--port',
        '0',
        '--log-format',
        'json',
        '--scenario',
        'ci',
        '--webhook-url',
        rx.url,
      ]);
      const line = await firstLine(started);
      expect(line).toMatchObject({
        level: 30,
        service: 'delivery-sandbox',
        msg: 'listening',
        event: 'listening',
        scenario: 'ci',
        node: hostname(),
        pid: started.child.pid,
        data: null,
      });
      expect(typeof line.time).toBe('number');
      expect(line.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(line).toMatchObject({
        api: `${line.url}/v1`,
        control: `${line.url}/__sandbox`,
        dashboard: `${line.url}/`,
        stream: `${line.url.replace('http', 'ws')}/__sandbox/stream`,
      });
      expect(line.webhook_secret).toMatch(/^whsec_/);
      expect(line.webhooks).toEqual([
        expect.objectContaining({ url: rx.url, secret: line.webhook_secret }),
      ]);

      // The key it names answers /v1 at the URL it names.
      const key: string = line.accounts[0].api_key;
      const drivers = await fetch(`${line.api}/drivers/available?lat=37.77&lng=-122.42`, {
        headers: { Authorization: `Bearer ${key}` },
      });
      expect(drivers.status).toBe(200);
      expect(line.accounts[0].read_only_key).toMatch(/^rk_/);

      // The secret it names verifies the signature of a webhook the sandbox sends.
      const created = await fetch(`${line.api}/orders`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ pickup: { address: 'a' }, dropoff: { address: 'b' } }),
      });
      expect(created.status).toBe(201);
      await rx.waitFor(1);
      const hook = rx.received[0]!;
      const signature = hook.headers['x-service-signature'] as string;
      expect(verifySignature(line.webhook_secret, hook.raw, signature)).toBe(true);

      // Nothing else on stdout, before or after (the logs go to stderr).
      const out = await stop(started);
      expect(out.split('\n')).toEqual([expect.stringContaining('"msg":"listening"'), '']);
      expect(out).not.toContain('Press Ctrl+C');
    } finally {
      await rx.close();
    }
  });

  it('comes from DELIVERY_SANDBOX_LOG_FORMAT=json too, even at --log-level silent; webhook_secret is null without endpoints', async () => {
    const started = run(['--port', '0', '--log-level', 'silent'], {
      DELIVERY_SANDBOX_LOG_FORMAT: 'json',
    });
    const line = await firstLine(started);
    expect(line).toMatchObject({ msg: 'listening', scenario: 'default', webhook_secret: null });
    expect(line.webhooks).toEqual([]);
    expect(await stop(started)).toBe(`${JSON.stringify(line)}\n`);
  });

  it('leaves the banner as it was when the format is not given', async () => {
    const started = run(['--port', '0', '--log-level', 'silent']);
    const out = await new Promise<string>((resolve) =>
      started.child.stdout.on('data', () => {
        if (started.seen.out.includes('Press Ctrl+C')) resolve(started.seen.out);
      }),
    );
    expect(out).toMatch(/^delivery-sandbox \S+: scenario "default"/);
    await stop(started);
  });
});

describe('the node name in GET /__sandbox/health', () => {
  it.each([
    [['--node-name', 'n1'], {}, 'n1'],
    [[], { DELIVERY_SANDBOX_NODE_NAME: 'sandbox-2' }, 'sandbox-2'],
    [[], {}, hostname()],
  ])('with %j %j is %j', async (args, env, node) => {
    const started = run(['--port', '0', '--log-format', 'json', ...args], env);
    const line = await firstLine(started);
    expect(line.node).toBe(node);
    const health = await fetch(`${line.control}/health`);
    expect(await health.json()).toMatchObject({ status: 'ok', node });
    await stop(started);
  });

  it.each(['', '-n1', 'a b', 'x'.repeat(254)])(
    'refuses --node-name %j with one clear line',
    async (name) => {
      const started = run(['--port', '0', '--node-name', name]);
      const [code] = (await once(started.child, 'exit')) as [number];
      expect(code).not.toBe(0);
      expect(started.seen.err.trim()).toMatch(
        /option '--node-name <name>' argument .* is invalid\. expected 1 to 253 letters/,
      );
      expect(started.seen.err).not.toMatch(/\n\s+at /);
    },
  );
});

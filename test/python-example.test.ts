// Runs examples/python-pytest (issue 20, "any language") as a Python team would: Debian's python3
// with pytest and pytest-xdist, eight workers, each test in a named sandbox of its own, against the
// built CLI started with --port 0 and found through its JSON start line.
import { execFile, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { afterEach, expect, it } from 'vitest';

const PYTHON = '/usr/bin/python3';
const running: ChildProcessWithoutNullStreams[] = [];

afterEach(() => {
  for (const child of running.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

/** Runs `PYTHON args`; resolves with its exit code and output, never rejects. */
function python(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(
      PYTHON,
      args,
      { env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1', ...env }, timeout: 90_000 },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : -1) : 0;
        resolve({ code, out: `${stdout}${stderr}` });
      },
    );
  });
}

/** The built CLI on a free port; resolves with the URL of its JSON start line. */
function startCli(): Promise<string> {
  const child = spawn(process.execPath, ['dist/cli.js', '--port', '0', '--log-format', 'json'], {
    stdio: 'pipe',
  });
  running.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const end = out.indexOf('\n');
      if (end >= 0) resolve((JSON.parse(out.slice(0, end)) as { url: string }).url);
    });
    child.on('exit', (code) => reject(new Error(`the sandbox exited with ${code}: ${out}`)));
  });
}

it(
  'passes under pytest -n 8 against the built CLI, and leaves no sandbox behind',
  { timeout: 120_000 },
  async () => {
    const found = await python(['-c', 'import pytest, xdist']);
    if (found.code !== 0) {
      throw new Error(
        `${PYTHON} lacks pytest or pytest-xdist (${found.out.trim().split('\n').pop()}): ` +
          'apt-get install python3-pytest python3-pytest-xdist',
      );
    }
    const url = await startCli();

    const run = await python(
      ['-m', 'pytest', '-n', '8', '-q', '-p', 'no:cacheprovider', 'examples/python-pytest'],
      { DELIVERY_SANDBOX_URL: url },
    );
    expect(run.out).toMatch(/\b10 passed\b/);
    expect(run.out).not.toMatch(/\b(failed|error)/);
    expect(run.code).toBe(0);

    // Every test's fixture deleted its sandbox.
    const left = (await (await fetch(`${url}/__sandbox/sandboxes`)).json()) as {
      sandboxes: unknown[];
    };
    expect(left.sandboxes).toEqual([]);
  },
);

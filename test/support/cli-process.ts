import {
  execFile,
  spawn,
  type ChildProcess,
  type ChildProcessWithoutNullStreams,
} from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Runs the built CLI (`dist/cli.js`); resolves with its output and exit code, never rejects. */
export async function cli(
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['dist/cli.js', ...args]);
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/**
 * Resolves with the sandbox URL once a CLI process prints its banner (`API   http://…/v1`), or
 * rejects if the process exits first.
 */
export function bannerUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /API +(http:\/\/127\.0\.0\.1:\d+)\/v1/.exec(out);
      if (m?.[1]) resolve(m[1]);
    });
    child.on('exit', (code) =>
      reject(new Error(`the sandbox exited with ${code} before its banner: ${out}`)),
    );
  });
}

const launched: ChildProcessWithoutNullStreams[] = [];

/**
 * The built CLI on a free port with the ci scenario, logging nothing, and `extra`; resolves with
 * its URL once it prints its banner. `killLaunched` (in an `afterEach`) ends those still running.
 */
export async function launchCli(
  extra: string[] = [],
): Promise<{ url: string; child: ChildProcessWithoutNullStreams }> {
  const child = spawn(process.execPath, [
    'dist/cli.js',
    '--port',
    '0',
    '--scenario',
    'ci',
    '--log-level',
    'silent',
    ...extra,
  ]);
  launched.push(child);
  return { url: await bannerUrl(child), child };
}

/** `launchCli` with `--data data`. */
export function launchWithData(
  data: string,
  extra: string[] = [],
): Promise<{ url: string; child: ChildProcessWithoutNullStreams }> {
  return launchCli(['--data', data, ...extra]);
}

/** Kills (SIGKILL) every process `launchCli` started that is still running. */
export function killLaunched(): void {
  for (const c of launched.splice(0))
    if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
}

import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

/**
 * Starts the built CLI (`dist/cli.js`, `npm run build`) on port 0 with the `ci` scenario, silent,
 * plus `extra` options; resolves with its URL and the time it took to listen.
 */
export async function launch(
  extra: string[] = [],
): Promise<{ url: string; child: ChildProcess; ms: number }> {
  const t0 = performance.now();
  const child = spawn(
    process.execPath,
    ['dist/cli.js', '--port', '0', '--scenario', 'ci', '--log-level', 'silent', ...extra],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /API +(http:\/\/127\.0\.0\.1:\d+)\/v1/.exec(out);
      if (m) resolve({ url: m[1]!, child, ms: performance.now() - t0 });
    });
    child.on('exit', (code) => reject(new Error(`exited with ${code}`)));
  });
}

/** Stops a process `launch` started, and waits for it to exit. */
export async function stop(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  child.removeAllListeners('exit');
  const done = new Promise((r) => child.once('exit', r));
  child.kill(signal);
  await done;
}

/** The CPU time (user + system) a process has used so far, in ms; NaN where /proc is missing. */
export function cpuMs(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10; // clock ticks of 10 ms
  } catch {
    return NaN;
  }
}

import { execFile, type ChildProcess } from 'node:child_process';
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

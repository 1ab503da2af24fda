import type { ChildProcess } from 'node:child_process';

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

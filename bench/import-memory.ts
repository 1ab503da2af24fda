/**
 * The memory one state import takes (issue 17): the server's peak RSS (Linux's VmHWM, reset
 * before each case through /proc/<pid>/clear_refs) while it imports a gzip-compressed state of
 * about `--mb` MB (default 20), refuses a 255 KB gzip bomb and a brotli one of a few hundred bytes
 * (each inflating to ~256 MiB), and takes four compressed imports sent at once (one runs, the
 * others answer 409). Runs the built CLI (`npm run build`); prints one JSON line. Reported, not
 * asserted: the figures depend on the machine.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { launch, stop } from './launch-cli.js';
import { buildState } from './state-round-trip.js';

const mbArg = process.argv.indexOf('--mb');
const MB = mbArg > 0 ? Number(process.argv[mbArg + 1]) : 20;

/** The process's resident and peak resident memory in MB (null off Linux). */
function memory(pid: number): { rss_mb: number; peak_mb: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name: string): number => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1]);
    return { rss_mb: Math.round(kb('VmRSS') / 1024), peak_mb: Math.round(kb('VmHWM') / 1024) };
  } catch {
    return null;
  }
}

/** Resets the peak to the current resident size ("5" in clear_refs, Linux 4.0 and later). */
function resetPeak(pid: number): void {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // Not Linux: the peaks are then since the start.
  }
}

/**
 * Sends an import and resolves with its status (node:http: the answer to a refused body comes
 * while the body is still being sent, and the connection closes after it, which fetch reports as
 * a failed write).
 */
const put = (url: string, body: Uint8Array, encoding: string): Promise<number> =>
  new Promise((resolve, reject) => {
    const req = request(`${url}/__sandbox/state`, {
      method: 'PUT',
      headers: {
        'Content-Type': 'application/json',
        'Content-Encoding': encoding,
        'Content-Length': body.length,
      },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', (err) => {
      if ((err as NodeJS.ErrnoException).code !== 'EPIPE') reject(err);
    });
    req.end(body);
  });

const server = await launch();
const pid = server.child.pid!;
try {
  const state = Buffer.from(JSON.stringify(await buildState(server.url, MB)));
  const gzipped = gzipSync(state);
  // ~256 MiB of blanks: what the bombs inflated to.
  const blanks = Buffer.alloc(255 * 1024 * 1024, ' ');
  const gzipBomb = gzipSync(blanks, { level: 9 });
  const brBomb = brotliCompressSync(blanks, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  const idle = memory(pid);

  const measure = async (send: () => Promise<number | number[]>) => {
    resetPeak(pid);
    const t0 = performance.now();
    const status = await send();
    return { status, ms: Math.round(performance.now() - t0), ...memory(pid) };
  };
  const result = {
    state_mb: Math.round(state.length / 1e5) / 10,
    gzip_kb: Math.round(gzipped.length / 1024),
    idle,
    import_gzip: await measure(() => put(server.url, gzipped, 'gzip')),
    gzip_bomb: {
      kb: Math.round(gzipBomb.length / 1024),
      ...(await measure(() => put(server.url, gzipBomb, 'gzip'))),
    },
    br_bomb: {
      bytes: brBomb.length,
      ...(await measure(() => put(server.url, brBomb, 'br'))),
    },
    four_at_once: await measure(() =>
      Promise.all([1, 2, 3, 4].map(() => put(server.url, gzipped, 'gzip'))),
    ),
    after: memory(pid),
  };
  console.log(JSON.stringify(result));
} finally {
  await stop(server.child);
}

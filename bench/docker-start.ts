/**
 * `docker run` → first answer (issue 21), for an image already built (`docker build -t NAME .`):
 * `node --import tsx bench/docker-start.ts --image NAME`, or `npm run bench -- --docker-image NAME`.
 * Each sample times `docker run -d` (read-only root, a tmpfs /tmp, as CI runs it; the port published
 * on 127.0.0.1) up to the first 200 of `GET /v1/drivers/available` through the published port,
 * polled every 5 ms; then removes the container. In alternating rounds: the image as built (its
 * warmed compile cache), the same with the cache off (`NODE_DISABLE_COMPILE_CACHE=1`), and a bare
 * `node:http` server in the same image, the floor. Prints one JSON line (DockerStartBench).
 */
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

export interface DockerStartBench {
  image: string;
  rounds: number;
  loadavg: string;
  /** ms from `docker run -d` to the first 200, per round. */
  cached: number[];
  uncached: number[];
  bare: number[];
}

const ROUNDS = 7;
const BARE = [
  'node',
  '-e',
  "require('node:http').createServer((q, s) => s.end('{}')).listen(4242, '0.0.0.0')",
];

function docker(...args: string[]): string {
  return execFileSync('docker', args, { encoding: 'utf8' }).trim();
}

/** Runs the image with `env` (and `command`), and times it to its first 200 on `/v1`. */
async function firstAnswer(image: string, env: string[], command: string[] = []): Promise<number> {
  const t0 = performance.now();
  const id = docker(
    'run',
    '-d',
    '--read-only',
    '--tmpfs',
    '/tmp',
    '-p',
    '127.0.0.1::4242',
    '-e',
    'DELIVERY_SANDBOX_SCENARIO=ci',
    ...env.flatMap((e) => ['-e', e]),
    image,
    ...command,
  );
  try {
    const port = docker('port', id, '4242/tcp').split('\n')[0]!.split(':').at(-1);
    const url = `http://127.0.0.1:${port}/v1/drivers/available?lat=37.7749&lng=-122.4194`;
    for (;;) {
      try {
        const res = await fetch(url, {
          headers: { authorization: 'Bearer sk_test_ci_acme' },
          signal: AbortSignal.timeout(200), // a connection the proxy accepted before the app listened
        });
        await res.arrayBuffer();
        if (res.status === 200) return performance.now() - t0;
      } catch {
        // not listening yet: the proxy closes the connection
      }
      if (performance.now() - t0 > 30_000) throw new Error(`${image}: no answer within 30 s`);
      await sleep(5);
    }
  } finally {
    docker('rm', '-f', id);
  }
}

const flag = process.argv.indexOf('--image');
const image = flag > 0 ? process.argv[flag + 1] : undefined;
if (!image) throw new Error('usage: bench/docker-start.ts --image NAME');
const out: DockerStartBench = {
  image,
  rounds: ROUNDS,
  loadavg: '',
  cached: [],
  uncached: [],
  bare: [],
};
// A pending fetch to a published port that the proxy has not connected yet holds no reference on
// the event loop: without this timer, Node could end the script there (exit code 13).
const keepAlive = setInterval(() => {}, 1000);
for (let i = 0; i < ROUNDS; i++) {
  out.cached.push(await firstAnswer(image, []));
  out.uncached.push(await firstAnswer(image, ['NODE_DISABLE_COMPILE_CACHE=1']));
  out.bare.push(await firstAnswer(image, [], BARE));
}
clearInterval(keepAlive);
out.loadavg = loadavg()
  .map((x) => x.toFixed(2))
  .join(' ');
console.log(JSON.stringify(out));

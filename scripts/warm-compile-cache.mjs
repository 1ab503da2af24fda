// Warms Node's module compile cache for the CLI (the Docker image runs it at build time, with
// NODE_COMPILE_CACHE set, from the folder the image runs it in): starts `dist/cli.js` on a free
// port, makes the first requests a user makes (`POST /v1/orders`, `GET /v1/drivers/available`)
// and the image's health check (`GET /__sandbox/health`, the control plane's first request),
// and stops it with SIGTERM. Node writes the cache as the process exits, with the code compiled up
// to then: the start-up's and the first answers' (docs/decisions/0019-start-up.md).
// Node 22.1+; on Node 20, which has no compile cache, it starts and stops the CLI, nothing more.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import process from 'node:process';

const { fetch } = globalThis;

const child = spawn(
  process.execPath,
  ['dist/cli.js', '--port', '0', '--log-format', 'json', '--log-level', 'silent'],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
let out = '';
for await (const chunk of child.stdout) {
  out += chunk;
  if (out.includes('\n')) break;
}
const { url, accounts } = JSON.parse(out.split('\n')[0]);
const key = accounts[0].api_key;
const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
const answers = [
  await fetch(`${url}/v1/orders`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      pickup: { address: '1 Market St' },
      dropoff: { address: '2 Castro St' },
    }),
  }),
  await fetch(`${url}/v1/drivers/available?lat=37.7749&lng=-122.4194`, { headers }),
  await fetch(`${url}/__sandbox/health`),
];
const exited = once(child, 'exit');
child.kill('SIGTERM');
const [code] = await exited;
const statuses = answers.map((r) => r.status);
if (code !== 0 || statuses.join() !== '201,200,200')
  throw new Error(`warm-up failed: answers ${statuses.join(', ')}, exit code ${code}`);
process.stdout.write(
  `warm-compile-cache: ${process.env.NODE_COMPILE_CACHE ?? '(no NODE_COMPILE_CACHE)'}\n`,
);

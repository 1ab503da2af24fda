/**
 * 1 000 concurrent stream clients (900 location streams, two or more per order, and 100
 * `/__sandbox/stream` clients, the dashboard's) on a 60x clock with 500 moving orders, loopback
 * only, for a bounded 5 s: messages received per second, and the server's CPU and memory (it runs
 * in its own process). Prints one JSON line.
 */
import { fork } from 'node:child_process';
import { WebSocket } from 'ws';

const CLIENTS = 1000;
const SANDBOX_CLIENTS = 100;
const SECONDS = 5;

const server = fork('bench/streams-server.ts', [], {
  execArgv: ['--import', 'tsx'],
  stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
});
const { url, ids } = await new Promise<{ url: string; ids: string[] }>((resolve, reject) => {
  let out = '';
  server.stdout?.on('data', (d: Buffer) => {
    out += d.toString();
    if (out.includes('\n'))
      resolve(JSON.parse(out.split('\n')[0]!) as { url: string; ids: string[] });
  });
  server.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
});
const measure = (): Promise<{ cpu_percent: number; rss_mb: number; heap_mb: number }> =>
  new Promise((resolve) => {
    server.once('message', (m) =>
      resolve(m as { cpu_percent: number; rss_mb: number; heap_mb: number }),
    );
    server.send('measure');
  });

const base = url.replace(/^http/, 'ws');
let messages = 0;
let closed = 0; // location streams whose order was delivered within the window
const sockets = await Promise.all(
  Array.from({ length: CLIENTS }, (_, i) => {
    const path =
      i < SANDBOX_CLIENTS
        ? '/__sandbox/stream'
        : `/v1/orders/${ids[i % ids.length]}/location/stream?access_token=sk_test_bench_streams`;
    return new Promise<WebSocket>((resolve, reject) => {
      const ws = new WebSocket(base + path);
      ws.on('message', () => (messages += 1));
      ws.once('open', () => resolve(ws));
      ws.once('close', () => (closed += 1));
      ws.once('error', reject);
    });
  }),
);
await measure(); // from here
messages = 0;
const t0 = performance.now();
await new Promise((r) => setTimeout(r, SECONDS * 1000));
const seconds = (performance.now() - t0) / 1000;
const received = messages;
const load = await measure();
sockets.forEach((ws) => ws.terminate());
server.disconnect();
process.stdout.write(
  `${JSON.stringify({
    clients: CLIENTS,
    orders: ids.length,
    messages_per_second: received / seconds,
    closed,
    ...load,
  })}\n`,
);

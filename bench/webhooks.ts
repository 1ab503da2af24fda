/**
 * Signed webhook deliveries per second to a local receiver (another process): 5 000 events, each
 * signed and POSTed through the same dispatcher the sandbox uses. Prints one JSON line.
 */
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { createOrder } from '../src/commands/create-order.js';
import { registerEndpoint } from '../src/commands/webhook-endpoints.js';
import { openWorld } from '../test/support/world.js';

const EVENTS = 5000;
const receiver = spawn(process.execPath, ['--import', 'tsx', 'bench/receiver.ts'], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
const url = await new Promise<string>((resolve) => {
  receiver.stdout.on('data', (d: Buffer) => {
    const m = /(http:\/\/\S+)/.exec(d.toString());
    if (m?.[1]) resolve(m[1]);
  });
});

const world = openWorld({
  name: 'bench-webhooks',
  accounts: [{ id: 'acct_bench', api_keys: ['sk_test_bench'] }],
  drivers: { count: 10 },
  clock: { mode: 'manual', start: '2026-01-01T12:00:00.000Z' },
});
registerEndpoint(world, { url });
const account = world.store.accounts.all()[0]!;

// Warm up the connections and the code paths.
for (let i = 0; i < 200; i++)
  createOrder(world, account, { pickup: { address: `w${i}` }, dropoff: { address: `x${i}` } });
await world.webhooks.settle(60_000);

const start = performance.now();
for (let i = 0; i < EVENTS; i++)
  createOrder(world, account, {
    pickup: { address: `${i} A St` },
    dropoff: { address: `${i} B St` },
  });
await world.webhooks.settle(120_000);
const seconds = (performance.now() - start) / 1000;
const succeeded = world.store.webhookAttempts.all().filter((a) => a.status === 'succeeded').length;
receiver.kill('SIGTERM');
console.log(
  JSON.stringify({
    events: EVENTS,
    seconds,
    per_second: EVENTS / seconds,
    succeeded_total: succeeded,
  }),
);

import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { advanceClock } from '../commands/advance-clock.js';
import { createOrder } from '../commands/create-order.js';
import type { World } from '../world/world.js';
import { resolveConfig } from './config.js';
import { SandboxHost } from './sandbox-host.js';
import { SandboxRegistry } from './sandbox-registry.js';
import { tempDir } from '../../test/support/temp-dir.js';

let t = Date.UTC(2026, 0, 1);
const now = (): number => t;
const open: SandboxRegistry[] = [];

afterEach(async () => {
  for (const r of open.splice(0)) {
    await r.close();
    await r.defaultHost.close();
  }
});

/** A server's registry on `data`, its named sandboxes brought back (as `startSandbox` does). */
async function start(data: string): Promise<SandboxRegistry> {
  const config = resolveConfig({ scenario: 'ci', data });
  const r = new SandboxRegistry(config, await SandboxHost.open(config), now);
  await r.restore();
  open.push(r);
  return r;
}

async function stop(r: SandboxRegistry): Promise<void> {
  open.splice(open.indexOf(r), 1);
  await r.close();
  await r.defaultHost.close();
}

/** The files in the sandboxes' directory, each journal counted under its data file. */
const filesIn = (dir: string): string[] => [
  ...new Set(readdirSync(dir).map((f) => f.replace(/\.journal\.\d+$/, ''))),
];

const keysOf = (world: World): string[][] => world.scenario.accounts.map((a) => a.api_keys);
const ordersOf = (world: World): unknown[] => world.store.orders.all().map((o) => o.order);
const order = (world: World) =>
  createOrder(world, world.store.accounts.all()[0]!, {
    pickup: { address: '1 Market St' },
    dropoff: { address: '2 Valencia St' },
  });

describe('named sandboxes with --data', () => {
  it('come back after a restart with their keys, orders, clock and ttl; an expired one does not', async () => {
    const dir = tempDir('sandbox-keep-');
    const data = join(dir, 'state.json');
    const first = await start(data);
    const a = (await first.open('keep-a', { scenario: 'ci', ttl: '1h' })).host;
    const b = (await first.open('keep-b', { scenario: 'two-accounts', ttl: '1h' })).host;
    await first.open('brief', { scenario: 'ci', ttl: '10s' });
    order(a.current);
    order(a.current);
    await advanceClock(a.current, '10m');
    order(b.current);
    await a.current.store.commit();
    await b.current.store.commit();
    const before = {
      a: { keys: keysOf(a.current), orders: ordersOf(a.current), clock: a.current.clock.now() },
      b: { keys: keysOf(b.current), orders: ordersOf(b.current), clock: b.current.clock.now() },
      expires: first.describe('keep-a').expires_at,
    };
    t += 5_000;
    first.get('keep-b'); // a use: its ttl starts again
    await stop(first);
    expect(filesIn(`${data}.sandboxes`).sort()).toEqual([
      'brief.1.json',
      'index.json',
      'keep-a.1.json',
      'keep-b.1.json',
    ]);

    t += 6_000; // 'brief' (10 s) expired while the server was down
    const second = await start(data);
    expect(second.list().map((e) => e.name)).toEqual(['keep-a', 'keep-b']);
    const a2 = second.get('keep-a')!.current;
    const b2 = second.get('keep-b')!.current;
    expect(keysOf(a2)).toEqual(before.a.keys);
    expect(keysOf(b2)).toEqual(before.b.keys);
    expect(ordersOf(a2)).toEqual(before.a.orders);
    expect(ordersOf(b2)).toEqual(before.b.orders);
    expect(a2.clock.now()).toBe(before.a.clock);
    expect(b2.clock.now()).toBe(before.b.clock);
    expect(second.resolveKey(before.a.keys[0]![0]!)).toBe(second.get('keep-a'));
    // Its ttl went on from its last use before the stop (and the get above is a use again).
    expect(before.expires).toBe(new Date(Date.UTC(2026, 0, 1) + 3_600_000).toISOString());
    expect(existsSync(join(`${data}.sandboxes`, 'brief.1.json'))).toBe(false);
    // Ids go on in its own space: a new order repeats none.
    const next = order(a2);
    expect(before.a.orders.map((o) => (o as { order_id: string }).order_id)).not.toContain(
      next.order_id,
    );

    await second.delete('keep-a');
    expect(filesIn(`${data}.sandboxes`).sort()).toEqual(['index.json', 'keep-b.1.json']);
    expect(readdirSync(`${data}.sandboxes`).filter((f) => f.startsWith('keep-a'))).toEqual([]);
    await stop(second);
    const third = await start(data);
    expect(third.list().map((e) => e.name)).toEqual(['keep-b']);
  });

  it('an expiry while the server runs deletes its files and its index entry, as a DELETE does', async () => {
    const dir = tempDir('sandbox-keep-');
    const data = join(dir, 'state.json');
    const r = await start(data);
    await r.open('short', { scenario: 'ci', ttl: '30s' });
    await r.open('long', { scenario: 'ci', ttl: '1h' });
    expect(filesIn(`${data}.sandboxes`).sort()).toEqual([
      'index.json',
      'long.1.json',
      'short.1.json',
    ]);
    t += 31_000;
    await r.sweep();
    expect(filesIn(`${data}.sandboxes`).sort()).toEqual(['index.json', 'long.1.json']);
    await stop(r);
    const again = await start(data);
    expect(again.list().map((e) => e.name)).toEqual(['long']);
  });
});

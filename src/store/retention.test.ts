import { describe, expect, it, vi } from 'vitest';
import { openWorld } from '../../test/support/world.js';
import { advanceClock } from '../commands/advance-clock.js';
import { cancelOrder } from '../commands/cancel-order.js';
import { createOrder } from '../commands/create-order.js';
import type { World } from '../world/world.js';

const T0 = '2026-01-01T12:00:00.000Z';

function open(retention: Record<string, unknown>): { world: World; order: () => string } {
  const world = openWorld({
    name: 'retention-unit',
    accounts: [{ id: 'acct_a', api_keys: ['sk_test_retention_unit'] }],
    drivers: { count: 3 },
    clock: { mode: 'manual', start: T0 },
    retention,
  });
  const account = world.store.accounts.all()[0]!;
  let n = 0;
  return {
    world,
    order: () =>
      createOrder(world, account, {
        pickup: { address: `${++n} Market St` },
        dropoff: { address: `${n} Castro St` },
      }).order_id,
  };
}

describe('retention', () => {
  it('keeps at most the limit of finished orders and events, never an active order', async () => {
    const { world, order } = open({ finished_orders: 100, events: 150 });
    const finished: string[] = [];
    for (let i = 0; i < 400; i++) {
      const id = order();
      finished.push(id);
      cancelOrder(world, { orderId: id, by: 'restaurant', reason: 'closed' });
      await world.store.commit();
    }
    const active = Array.from({ length: 300 }, () => order());
    await world.store.commit();
    const kept = world.store.orders.all().filter((r) => r.order.status === 'cancelled');
    // Pruned past the limit plus its slack (100 records), down to the limit.
    expect(kept.length).toBeGreaterThanOrEqual(100);
    expect(kept.length).toBeLessThanOrEqual(200);
    expect(kept.at(-1)!.order.order_id).toBe(finished.at(-1)); // the newest stay
    for (const id of active) expect(world.store.orders.get(id)).toBeDefined();
    expect(world.store.events.size).toBeLessThanOrEqual(250);
    expect(world.store.events.all().at(-1)!.data.order.order_id).toBe(active.at(-1));
  });

  it('reads the orders a bounded number of times per create while every order stays active', async () => {
    const { world, order } = open({ finished_orders: 100 });
    let read = 0;
    const all = world.store.orders.all.bind(world.store.orders);
    vi.spyOn(world.store.orders, 'all').mockImplementation(() => {
      const items = all();
      read += items.length;
      return items;
    });
    const n = 4000;
    for (let i = 0; i < n; i++) {
      order();
      await world.store.commit();
    }
    // A prune after each 100 creates would have read ~80 000 (n * n / 200); each now waits for a
    // quarter of the orders it had to keep, so the reads add up to a few times the creates.
    expect(read).toBeGreaterThan(0);
    expect(read).toBeLessThanOrEqual(6 * n);
    expect(world.store.orders.size).toBe(n); // none finished: none dropped
    // Finished orders are still dropped down to the limit once the collection grows.
    for (const r of world.store.orders.all().slice(0, 3000))
      cancelOrder(world, { orderId: r.order.order_id, by: 'restaurant', reason: 'closed' });
    for (let i = 0; i < 1500; i++) {
      order();
      await world.store.commit();
    }
    const finished = world.store.orders.all().filter((r) => r.order.status === 'cancelled');
    expect(finished.length).toBeLessThanOrEqual(100 + 100);
  });

  it('forgets idempotency keys after their TTL of virtual time', async () => {
    const { world } = open({ idempotency_ttl: '1h' });
    world.store.idempotency.insert({
      scope_key: 'acct_a:k1',
      fingerprint: 'f',
      status: 201,
      body: {},
      created_at_ms: world.clock.now(),
    });
    await advanceClock(world, '59m');
    expect(world.store.idempotency.get('acct_a:k1')).toBeDefined();
    await advanceClock(world, '2m');
    await advanceClock(world, '3m'); // the next check after a twenty-fourth of the TTL
    expect(world.store.idempotency.get('acct_a:k1')).toBeUndefined();
  });

  it('remembers at most idempotency_keys keys, forgetting the oldest first, within their TTL', async () => {
    const { world } = open({ idempotency_keys: 200 });
    for (let i = 0; i < 1000; i++) {
      world.store.idempotency.insert({
        scope_key: `acct_a:k${i}`,
        fingerprint: 'f',
        status: 201,
        body: {},
        created_at_ms: world.clock.now(),
      });
      await world.store.commit();
    }
    // Pruned once 10 % (at least 100) past the limit: never more than limit + slack.
    expect(world.store.idempotency.size).toBeLessThanOrEqual(300);
    expect(world.store.idempotency.get('acct_a:k999')).toBeDefined();
    expect(world.store.idempotency.get('acct_a:k0')).toBeUndefined();
  });
});

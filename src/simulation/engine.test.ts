import { describe, expect, it } from 'vitest';
import { openWorld } from '../../test/support/world.js';
import { advanceClock } from '../commands/advance-clock.js';
import { advanceOrder } from '../commands/advance-order.js';
import { cancelOrder } from '../commands/cancel-order.js';
import { createOrder } from '../commands/create-order.js';
import type { SendResult } from '../webhooks/send.js';

const OK: SendResult = { status: 200, body: '', error: null, durationMs: 1 };

describe('SimulationEngine under sustained load', () => {
  it('leaves nothing waiting in the scheduler for orders that finished, however many ran', async () => {
    const world = openWorld(
      {
        name: 'engine-bounds',
        accounts: [{ id: 'acct_a', api_keys: ['sk_test_engine_bounds'] }],
        drivers: { count: 40 },
        clock: { mode: 'manual', start: '2026-01-01T12:00:00.000Z' },
        webhooks: { endpoints: [{ url: 'http://receiver.test/hooks' }] },
        retention: { finished_orders: 50, events: 100, deliveries: 100, attempts: 100 },
      },
      { transport: () => Promise.resolve(OK) },
    );
    const account = world.store.accounts.all()[0]!;
    for (let round = 0; round < 10; round++) {
      for (let i = 0; i < 60; i++) {
        const order = createOrder(world, account, {
          pickup: { address: `${round * 60 + i + 1} Market St` },
          dropoff: { address: `${i + 1} Valencia St` },
        });
        // A third are cancelled by the customer while their dispatch still waits.
        if (i % 3 === 0) cancelOrder(world, { orderId: order.order_id, by: 'customer' });
      }
      await advanceClock(world, '2h');
    }
    const active = world.store.orders
      .all()
      .filter((r) => r.order.status !== 'delivered' && r.order.status !== 'cancelled');
    expect(active).toEqual([]);
    // 600 orders ran (each with up to four steps and a retry chain of dispatches); what is left
    // queued is nothing, not one entry per order.
    expect(world.scheduler.pending).toBe(0);
    expect(world.store.orders.size).toBeLessThanOrEqual(50 + 100);
  });
  it('keeps one step waiting per order, whatever replaces it', async () => {
    const world = openWorld({
      name: 'engine-one-step',
      accounts: [{ id: 'acct_a', api_keys: ['sk_test_engine_one_step'] }],
      drivers: { count: 5 },
      clock: { mode: 'manual', start: '2026-01-01T12:00:00.000Z' },
    });
    const account = world.store.accounts.all()[0]!;
    const place = { pickup: { address: '1 Market St' }, dropoff: { address: '2 Castro St' } };
    const order = createOrder(world, account, place);
    expect(world.scheduler.pending).toBe(1); // its dispatch
    // Moved on demand while its dispatch still waits: the dispatch is replaced, not kept.
    advanceOrder(world, order.order_id, 'driver_assigned');
    expect(world.scheduler.pending).toBe(1);
    advanceOrder(world, order.order_id, 'picked_up');
    expect(world.scheduler.pending).toBe(1); // its delivery
    // The clock runs the delivery: nothing is left for a delivered order.
    await advanceClock(world, '2h');
    expect(world.store.orders.get(order.order_id)!.order.status).toBe('delivered');
    expect(world.scheduler.pending).toBe(0);
    // An order whose dispatch ran (its id kept until replaced), then is cancelled.
    const second = createOrder(world, account, place);
    await advanceClock(world, '2m');
    expect(world.store.orders.get(second.order_id)!.order.status).toBe('driver_assigned');
    expect(world.scheduler.pending).toBe(1);
    cancelOrder(world, { orderId: second.order_id, by: 'customer' });
    expect(world.scheduler.pending).toBe(0);
  });
});

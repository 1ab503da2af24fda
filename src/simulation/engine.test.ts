import { describe, expect, it } from 'vitest';
import { openWorld } from '../../test/support/world.js';
import { advanceClock } from '../commands/advance-clock.js';
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
});

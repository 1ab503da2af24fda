import { describe, expect, it } from 'vitest';
import { recordLogs } from '../../test/support/log-lines.js';
import { openWorld } from '../../test/support/world.js';
import { cancelOrder } from '../commands/cancel-order.js';
import { createOrder } from '../commands/create-order.js';
import type { EventName } from './event-bus.js';

const SCENARIO = {
  name: 'bus',
  accounts: [{ id: 'acct_bus', api_keys: ['sk_test_event_bus'] }],
  drivers: { count: 3 },
  clock: { mode: 'manual' as const, start: '2026-01-01T12:00:00.000Z' },
};

describe("a world's event bus", () => {
  it('logs a listener that throws, with the event, and goes on: the others hear it, the order is made', () => {
    const { logger, lines } = recordLogs();
    const world = openWorld(SCENARIO, { logger });
    const heard: EventName[] = [];
    world.bus.subscribe(() => {
      throw new Error('broken listener');
    });
    world.bus.subscribe((e) => heard.push(e.event));
    const account = world.store.accounts.all()[0]!;
    const order = createOrder(world, account, {
      pickup: { address: '1 Market St' },
      dropoff: { address: '2 Valencia St' },
    });
    expect(world.store.orders.get(order.order_id)).toBeDefined();
    expect(heard).toEqual(['order.created']);
    expect(lines).toContainEqual(
      expect.objectContaining({
        msg: 'an event listener failed',
        event: 'order.created',
        err: expect.objectContaining({ message: 'broken listener' }),
      }),
    );
  });

  it('gives a listener subscribed while an event is handed out the next event, not that one', () => {
    const world = openWorld(SCENARIO);
    const heard: string[] = [];
    const off = world.bus.subscribe(() => {
      off();
      world.bus.subscribe((e) => heard.push(e.event));
    });
    const account = world.store.accounts.all()[0]!;
    const order = createOrder(world, account, {
      pickup: { address: '1 Market St' },
      dropoff: { address: '2 Valencia St' },
    });
    cancelOrder(world, { orderId: order.order_id, by: 'customer' });
    expect(heard).toEqual(['order.cancelled']);
  });
});

import { describe, expect, it } from 'vitest';
import { openWorld } from '../../test/support/world.js';
import { outcomeChoice } from '../domain/order-outcome.js';
import { advanceOrder } from './advance-order.js';
import { createOrder } from './create-order.js';

const MINUTE = 60_000;

function open(drivers: number) {
  return openWorld({
    name: 'advance-unit',
    seed: 'mix-0',
    city: { name: 'Advance', center: { lat: 37.7749, lng: -122.4194 }, radius_km: 3 },
    accounts: [{ id: 'acct_adv', api_keys: ['sk_test_advance_unit'] }],
    drivers: { count: drivers },
    clock: { mode: 'manual', start: '2026-01-01T12:00:00.000Z' },
  });
}

const assigned = (world: ReturnType<typeof open>): string[] =>
  world.store.events
    .all()
    .filter((e) => e.event === 'order.driver_assigned')
    .map((e) => e.data.order.driver!.driver_id);

describe('advancing an order on demand', () => {
  it('does not give an order back to the driver who dropped it, as dispatch does not', () => {
    const world = open(8);
    const account = world.store.accounts.all()[0]!;
    const input = { pickup: { address: '1 Market St' }, dropoff: { address: '2 Castro St' } };
    const outcome = outcomeChoice(['driver_reassigned']);
    const order = createOrder(world, account, input, { outcome });
    // Two minutes: the first driver is assigned (30 s), then drops the order on the way.
    world.scheduler.advanceTo(world.clock.now() + 2 * MINUTE);
    expect(order.status).toBe('pending');
    const [first] = assigned(world);
    advanceOrder(world, order.order_id);
    expect(order.status).toBe('driver_assigned');
    expect(assigned(world)).toHaveLength(2);
    expect(order.driver!.driver_id).not.toBe(first);
  });

  it('refuses when the only driver left is the one who dropped it', () => {
    const world = open(1);
    const account = world.store.accounts.all()[0]!;
    const input = { pickup: { address: '1 Market St' }, dropoff: { address: '2 Castro St' } };
    const order = createOrder(world, account, input, {
      outcome: outcomeChoice(['driver_reassigned']),
    });
    world.scheduler.advanceTo(world.clock.now() + 2 * MINUTE);
    expect(order.status).toBe('pending');
    expect(() => advanceOrder(world, order.order_id)).toThrow(
      expect.objectContaining({ reason: 'no_driver_available' }),
    );
    expect(order.status).toBe('pending');
  });
});

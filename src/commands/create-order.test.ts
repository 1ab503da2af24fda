import { describe, expect, it } from 'vitest';
import { openWorld } from '../../test/support/world.js';
import { orderSnapshot } from '../domain/order-snapshot.js';
import { createOrder } from './create-order.js';
import { payOrder } from './pay-order.js';

function open() {
  return openWorld({
    name: 'create-unit',
    seed: 'create-0',
    city: { name: 'Create', center: { lat: 37.7749, lng: -122.4194 }, radius_km: 5 },
    accounts: [{ id: 'acct_create', api_keys: ['sk_test_create_unit'] }],
    drivers: { count: 0 },
    clock: { mode: 'manual', start: '2026-01-01T12:00:00.000Z' },
  });
}

const input = { pickup: { address: '1 Market St' }, dropoff: { address: '2 Castro St' } };

describe('a new order', () => {
  it('shares the frozen defaults of what the request left out, and owns what it gave', () => {
    const world = open();
    const account = world.store.accounts.all()[0]!;
    const a = createOrder(world, account, input);
    const b = createOrder(world, account, input);
    for (const field of ['items', 'metadata', 'payment', 'eta'] as const) {
      expect(a[field], field).toBe(b[field]);
      expect(Object.isFrozen(a[field]), field).toBe(true);
    }
    expect(JSON.parse(JSON.stringify(a))).toMatchObject({
      items: [],
      metadata: {},
      payment: { status: 'unpaid', payment_id: null },
      eta: { pickup_at: null, dropoff_at: null },
    });
    // Nothing changes them in place: an attempt throws instead of changing every order.
    expect(() => (a.items as unknown[]).push({})).toThrow(TypeError);
    expect(() => {
      (a.metadata as Record<string, string>)['x'] = 'y';
    }).toThrow(TypeError);
    // A snapshot shares the frozen array rather than copying it.
    expect(orderSnapshot(a).items).toBe(a.items);

    const items = [{ name: 'Ramen', quantity: 2, unit_price: 1250 }];
    const c = createOrder(world, account, { ...input, items, metadata: { ref: 'r1' } });
    expect(c.items).toEqual(items);
    expect(c.items).not.toBe(items);
    expect(Object.isFrozen(c.items)).toBe(false);
    expect(c.metadata).toEqual({ ref: 'r1' });
    expect(orderSnapshot(c).items).not.toBe(c.items);
  });

  it('gets a payment of its own when paid, leaving the others unpaid', () => {
    const world = open();
    const account = world.store.accounts.all()[0]!;
    const a = createOrder(world, account, input);
    const b = createOrder(world, account, input);
    payOrder(world, account, a.order_id, { payment_method: 'pm_card_visa' });
    expect(a.payment.status).toBe('paid');
    expect(b.payment).toEqual({ status: 'unpaid', payment_id: null });
  });
});

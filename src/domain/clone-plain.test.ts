import { describe, expect, it } from 'vitest';
import { clonePlain } from './clone-plain.js';

describe('clonePlain', () => {
  const order = {
    order_id: 'ord_1',
    status: 'pending',
    timeline: [{ status: 'pending', at: '2026-01-01T12:00:00.000Z' }],
    driver: null,
    eta: { pickup_at: null, dropoff_at: undefined },
    items: [{ name: 'Meal', quantity: 1, unit_price: 1500 }],
    metadata: Object.assign(Object.create(null) as Record<string, unknown>, { k: 'v' }),
  };

  it('copies what structuredClone copies, undefined-valued keys included', () => {
    expect(clonePlain({ order })).toStrictEqual(structuredClone({ order }));
    expect('dropoff_at' in clonePlain(order).eta).toBe(true);
  });

  it('shares nothing with the original: later changes to the order leave the copy as it was', () => {
    const source = structuredClone(order);
    const snapshot = clonePlain(source);
    source.timeline.push({ status: 'driver_assigned', at: 'later' });
    source.eta.pickup_at = null;
    source.items[0]!.quantity = 9;
    expect(snapshot.timeline).toHaveLength(1);
    expect(snapshot.items[0]!.quantity).toBe(1);
    expect(snapshot.eta).not.toBe(source.eta);
  });

  it('hands what is not plain data to structuredClone (a Date stays a Date, copied)', () => {
    const at = new Date(0);
    const copy = clonePlain({ at });
    expect(copy.at).toBeInstanceOf(Date);
    expect(copy.at).not.toBe(at);
    expect(copy.at.getTime()).toBe(0);
  });

  it("keeps an own __proto__ key a key (JSON.parse makes one), never the copy's prototype", () => {
    const parsed = JSON.parse('{"metadata":{"__proto__":{"polluted":"yes"},"k":"v"}}') as {
      metadata: Record<string, unknown>;
    };
    const copy = clonePlain(parsed);
    expect(Object.getPrototypeOf(copy.metadata)).toBe(Object.prototype);
    expect(Object.keys(copy.metadata)).toEqual(['__proto__', 'k']);
    expect(JSON.stringify(copy)).toBe(JSON.stringify(parsed));
    expect(copy).toStrictEqual(structuredClone(parsed));
  });
});

import { describe, expect, it } from 'vitest';
import type { Order } from './api-types.js';
import { keptCopy, orderSnapshot, RECENT_SNAPSHOTS } from './order-snapshot.js';

const anOrder = (): Order =>
  ({
    order_id: 'ord_1',
    status: 'pending',
    pricing: { delivery_fee: 500, tip: 0, total: 500, currency: 'USD' },
    timeline: [{ status: 'pending', at: '2026-01-01T12:00:00.000Z' }],
  }) as unknown as Order;

describe('order snapshots', () => {
  it('are one copy per change of the order, shared with what keeps the order as it was', () => {
    const order = anOrder();
    const snapshot = orderSnapshot(order);
    expect(snapshot).toEqual(order);
    expect(snapshot).not.toBe(order);
    // Only what the lifecycle changes in place is copied: the fields and the arrays.
    expect(snapshot.pricing).toBe(order.pricing);
    expect(snapshot.timeline).not.toBe(order.timeline);
    expect(snapshot.timeline[0]).toBe(order.timeline[0]);
    expect(orderSnapshot(order)).toBe(snapshot);
    expect(keptCopy(order)).toBe(snapshot);
  });

  it('are made again once the order changed, and kept copies no longer share the old one', () => {
    const order = anOrder();
    const before = orderSnapshot(order);
    order.timeline.push({ status: 'driver_assigned', at: '2026-01-01T12:01:00.000Z' });
    const copy = keptCopy(order);
    expect(copy).not.toBe(before);
    expect(copy).toEqual(order);
    expect(before.timeline).toHaveLength(1);
    order.pricing = { ...order.pricing, tip: 200, total: 700 };
    expect(orderSnapshot(order).pricing.tip).toBe(200);
    expect(before.pricing.tip).toBe(0);
    order.status = 'driver_assigned';
    const after = orderSnapshot(order);
    expect(after).not.toBe(before);
    expect(after.status).toBe('driver_assigned');
    expect(before.status).toBe('pending');
  });

  it('copies anything that is not a snapshotted order', () => {
    const order = anOrder(); // never snapshotted
    const copy = keptCopy(order);
    expect(copy).toEqual(order);
    expect(copy).not.toBe(order);
    const answer = { payment_id: 'pay_1', amount: 500 };
    expect(keptCopy(answer)).toEqual(answer);
    expect(keptCopy(answer)).not.toBe(answer);
    expect(keptCopy(null)).toBeNull();
  });

  it('are remembered for the recent orders only, so that no snapshot outlives its event', () => {
    const first = anOrder();
    const snapshot = orderSnapshot(first);
    const others = Array.from({ length: RECENT_SNAPSHOTS - 1 }, () => anOrder());
    for (const other of others) orderSnapshot(other);
    // Still among the last RECENT_SNAPSHOTS: shared.
    expect(keptCopy(first)).toBe(snapshot);
    orderSnapshot(anOrder());
    // One more order: the first one's is forgotten, and what keeps it now gets a copy of its own.
    const copy = keptCopy(first);
    expect(copy).not.toBe(snapshot);
    expect(copy).toEqual(first);
    const again = orderSnapshot(first);
    expect(again).not.toBe(snapshot);
    expect(again).toEqual(snapshot);
    expect(keptCopy(first)).toBe(again);
    // The others but the oldest are still shared.
    expect(keptCopy(others.at(-1))).toBe(orderSnapshot(others.at(-1)!));
  });
});

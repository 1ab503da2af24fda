import type { Order } from './api-types.js';
import { clonePlain } from './clone-plain.js';
import { PerVersion } from './per-version.js';

/**
 * How many orders' latest snapshots are remembered, most recent first. What shares a snapshot is
 * in one request (an event, then the request's idempotent answer), a few orders apart at most.
 */
export const RECENT_SNAPSHOTS = 64;

// Only the recent orders': a snapshot kept for every order there is, with what checks it, was ~0.5
// KB and 6 objects per order that every full GC marked again; creates ran 1.09-1.10x without
// (issue 24). An event holds its snapshot for as long as the event is kept.
const snapshots = new PerVersion<Order>(sharingUnchanged, { recent: RECENT_SNAPSHOTS });

/**
 * An order as it is now, made once per change of the order (`PerVersion`) and shared by whatever
 * keeps the order as it was: the event that change published, and the answer remembered for the
 * request's `Idempotency-Key` (issue 24: two copies of the same order were ~5 % of a keyed create).
 * A snapshot is never changed by anyone who holds it. An order not snapshotted among the last
 * `RECENT_SNAPSHOTS` gets a new one.
 *
 * It copies only what the lifecycle changes in place: the order's own fields (a field is set to a
 * new value or a new object) and its arrays (`timeline` grows by a push). Every nested object is
 * shared with the live order, which never changes one in place (`PerVersion`'s rule, which
 * `src/http/answer-text.test.ts` checks after every way an order changes, published events
 * included). A deep copy of every order at every event was ~4 % of a create, and a copy of the
 * whole order kept per event in memory.
 */
export function orderSnapshot(order: Order): Order {
  return snapshots.of(order);
}

function sharingUnchanged(order: Order): Order {
  const snapshot: Record<string, unknown> = { ...order };
  for (const key in snapshot) {
    const value = snapshot[key];
    // A frozen array (a new order's `items` when it has none) cannot grow: it is shared too.
    if (Array.isArray(value) && !Object.isFrozen(value)) snapshot[key] = value.slice();
  }
  return snapshot as unknown as Order;
}

/**
 * Plain data to keep, unchanged by what happens after: the order's snapshot when `value` is one of
 * the recent orders snapshotted since its last change, else a deep copy (`clonePlain`).
 */
export function keptCopy<T>(value: T): T {
  return (snapshots.kept(value) as T | undefined) ?? clonePlain(value);
}

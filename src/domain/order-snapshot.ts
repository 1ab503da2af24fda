import type { Order } from './api-types.js';
import { clonePlain } from './clone-plain.js';
import { PerVersion } from './per-version.js';

const snapshots = new PerVersion<Order>(clonePlain);

/**
 * A deep copy of an order as it is now, made once per change of the order (`PerVersion`) and
 * shared by whatever keeps the order as it was: the event that change published, and the answer
 * remembered for the request's `Idempotency-Key` (issue 24: two copies of the same order were ~5 %
 * of a keyed create). A snapshot is never changed by anyone who holds it.
 */
export function orderSnapshot(order: Order): Order {
  return snapshots.of(order);
}

/**
 * A deep copy of plain data to keep (`clonePlain`): the order's snapshot when `value` is an order
 * snapshotted since its last change, else a new copy.
 */
export function keptCopy<T>(value: T): T {
  return (snapshots.kept(value) as T | undefined) ?? clonePlain(value);
}

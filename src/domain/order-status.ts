import type { OrderStatus } from './api-types.js';

/**
 * The lifecycle's transition table: from each status, the statuses it may move to.
 *
 * ```
 * pending ──assign──> driver_assigned ──pickup──> picked_up ──deliver──> delivered
 *    └────────cancel───────┴──> cancelled
 * ```
 */
export const TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ['driver_assigned', 'cancelled'],
  driver_assigned: ['picked_up', 'cancelled'],
  picked_up: ['delivered'],
  delivered: [],
  cancelled: [],
};

/** The forward path an order takes when nothing goes wrong. */
export const HAPPY_PATH: readonly OrderStatus[] = [
  'pending',
  'driver_assigned',
  'picked_up',
  'delivered',
];

/** Whether `from` may move straight to `to`. */
export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

/** Whether a customer may still cancel: only before pickup. */
export function isCancellable(status: OrderStatus): boolean {
  return canTransition(status, 'cancelled');
}

/** The next status on the happy path, or `undefined` when there is none. */
export function nextStatus(status: OrderStatus): OrderStatus | undefined {
  const i = HAPPY_PATH.indexOf(status);
  return i >= 0 ? HAPPY_PATH[i + 1] : undefined;
}

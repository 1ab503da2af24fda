import type { OrderStatus } from './api-types.js';

/**
 * The lifecycle's transition table: from each status, the statuses it may move to.
 *
 * ```
 * pending ──assign──> driver_assigned ──pickup──> picked_up ──deliver──> delivered
 *    ▲ └────────cancel───────┴──> cancelled
 *    └────drop────┘
 * ```
 *
 * The drop (`driver_assigned → pending`) is the simulation's alone: a driver who gives the order
 * up on the way to the pickup (`driver_reassigned`, `driver_lost`). Nothing asks for it on demand.
 */
export const TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ['driver_assigned', 'cancelled'],
  driver_assigned: ['picked_up', 'cancelled', 'pending'],
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

/** What the control plane may do to an order in one status (`OrderActions` in openapi/sandbox.yaml). */
export interface OrderActions {
  /**
   * The statuses `POST /__sandbox/orders/{id}/advance` moves it to, nearest first: the rest of the
   * happy path. Without `to` it goes to the first.
   */
  advance_to: OrderStatus[];
  /** Whether `POST /__sandbox/orders/{id}/cancel` cancels it: only before pickup. */
  cancel: boolean;
}

/** What an order in `status` allows, read off the table above. */
export function allowedActions(status: OrderStatus): OrderActions {
  const i = HAPPY_PATH.indexOf(status);
  return {
    advance_to: i < 0 ? [] : HAPPY_PATH.slice(i + 1),
    cancel: isCancellable(status),
  };
}

/** `allowedActions` of every status, by status: the table as the dashboard reads it. */
export function allowedActionsByStatus(): Record<OrderStatus, OrderActions> {
  const statuses = Object.keys(TRANSITIONS) as OrderStatus[];
  return Object.fromEntries(statuses.map((s) => [s, allowedActions(s)])) as Record<
    OrderStatus,
    OrderActions
  >;
}

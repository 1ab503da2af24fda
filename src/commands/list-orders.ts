import type { Order, OrderStatus } from '../domain/api-types.js';
import type { OrderOutcomeChoice } from '../domain/order-outcome.js';
import type { World } from '../world/world.js';

/** Every order of every account, oldest first, optionally of one status or one account. */
export function listOrders(
  world: World,
  filter: { status?: OrderStatus | undefined; account_id?: string | undefined } = {},
): Order[] {
  const { status, account_id } = filter;
  return world.store.orders
    .all()
    .filter(
      (r) =>
        (status === undefined || r.order.status === status) &&
        (account_id === undefined || r.account_id === account_id),
    )
    .map((r) => r.order);
}

/**
 * The per-order outcomes (`Sandbox-Outcome`) of `orders`, by order id; orders created without one
 * are left out. Kept beside the list rather than in each order: the order is exactly what `/v1`
 * shows, and the outcome is never part of it.
 */
export function listOrderOutcomes(
  world: World,
  orders: readonly Order[],
): Record<string, OrderOutcomeChoice> {
  const outcomes: Record<string, OrderOutcomeChoice> = {};
  for (const order of orders) {
    const outcome = world.store.orders.get(order.order_id)?.outcome;
    if (outcome !== undefined) outcomes[order.order_id] = outcome;
  }
  return outcomes;
}

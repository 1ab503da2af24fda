import type { Order, OrderStatus } from '../domain/order.js';
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

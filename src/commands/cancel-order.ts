import { cancellationPolicy, defaultCancellationReason } from '../domain/cancellation-policy.js';
import type { CancelledBy, Order } from '../domain/api-types.js';
import { fail } from '../errors/service-error.js';
import type { AccountRecord } from '../store/state.js';
import type { World } from '../world/world.js';
import { findOrder } from './find-order.js';
import { cancel } from './lifecycle.js';

export interface CancelOrderInput {
  orderId: string;
  /** Who cancels: the customer (`DELETE /v1/orders/{id}`), the restaurant or the system. */
  by: CancelledBy;
  /** Recorded as `cancellation.reason`; default `requested_by_customer` or `cancelled_by_<by>`. */
  reason?: string | null | undefined;
  /** The `/v1` caller, which must own the order. */
  account?: AccountRecord | undefined;
}

/**
 * Cancels an order under the cancellation policy (`domain/cancellation-policy.ts`), for every
 * actor: refused after pickup, a no-op on an order already cancelled. Returns the order.
 */
export function cancelOrder(world: World, input: CancelOrderInput): Order {
  const record = findOrder(world, input.orderId, input.account);
  const { order } = record;
  const decision = cancellationPolicy(
    order,
    input.by,
    world.scenario.fees,
    world.scenario.rules.cancel_after_pickup,
  );
  if (decision.refusal === 'already_cancelled') return order;
  if (decision.refusal === 'not_cancellable') {
    throw fail(
      'order_not_cancellable',
      { id: order.order_id, status: order.status },
      {
        as: decision.code,
      },
    );
  }
  cancel(world, record, {
    cancelled_by: input.by,
    reason: input.reason ?? defaultCancellationReason(input.by),
    fee: decision.fee,
  });
  return order;
}

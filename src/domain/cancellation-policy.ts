import type { CancelledBy, Money, Order } from './api-types.js';
import { isCancellable } from './order-status.js';
import { cancellationFee, type Fees } from './pricing.js';

/** What a scenario says about cancelling after pickup (`rules.cancel_after_pickup`). */
export type CancelAfterPickup = 'invalid_request' | 'forbidden';

export type CancellationDecision =
  /** The order may be cancelled, and `fee` is what the customer then owes. */
  | { allowed: true; fee: Money; refusal: null }
  /** Already cancelled: cancelling again changes nothing and is not an error. */
  | { allowed: false; fee: null; refusal: 'already_cancelled' }
  /** Picked up or delivered: refused, answered with `code`. */
  | { allowed: false; fee: null; refusal: 'not_cancellable'; code: CancelAfterPickup };

/**
 * The cancellation rule, whoever cancels: possible only before pickup; free while pending and
 * always free for the restaurant and the system; once a driver is assigned the customer owes the
 * scenario's share of the delivery fee. A customer's refused cancellation is answered with the
 * scenario's `rules.cancel_after_pickup` code; the control plane's with `invalid_request`.
 *
 * @example cancellationPolicy(order, 'customer', fees, 'invalid_request') // { allowed: true, fee: { amount: 0, … } }
 */
export function cancellationPolicy(
  order: Pick<Order, 'status' | 'pricing'>,
  by: CancelledBy,
  fees: Fees,
  afterPickup: CancelAfterPickup,
): CancellationDecision {
  if (order.status === 'cancelled')
    return { allowed: false, fee: null, refusal: 'already_cancelled' };
  if (!isCancellable(order.status)) {
    return {
      allowed: false,
      fee: null,
      refusal: 'not_cancellable',
      code: by === 'customer' ? afterPickup : 'invalid_request',
    };
  }
  const charged = by === 'customer' && order.status === 'driver_assigned';
  return {
    allowed: true,
    fee: charged
      ? cancellationFee(order.pricing.delivery_fee, fees)
      : { amount: 0, currency: order.pricing.currency },
    refusal: null,
  };
}

/** The `cancellation.reason` recorded when the canceller gives none. */
export function defaultCancellationReason(by: CancelledBy): string {
  return by === 'customer' ? 'requested_by_customer' : `cancelled_by_${by}`;
}

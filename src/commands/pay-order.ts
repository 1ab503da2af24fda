import type { Money, Payment } from '../domain/api-types.js';
import { findPaymentMethod, PAYMENT_METHOD_PATTERN } from '../domain/payment-methods.js';
import { fail } from '../errors/service-error.js';
import type { AccountRecord } from '../store/state.js';
import type { World } from '../world/world.js';
import { findOrder } from './find-order.js';
import { publishEvent } from './publish-event.js';

/** The body of `POST /v1/orders/{id}/payment`, already validated against the OpenAPI schema. */
export interface PaymentInput {
  payment_method: string;
  amount?: number;
  currency?: string;
}

/**
 * Charges what the order owes (`pricing.total`, or the cancellation fee of a cancelled order) to a
 * test payment method; on success marks the order paid and emits `payment.completed`.
 */
export function payOrder(
  world: World,
  account: AccountRecord,
  id: string,
  input: PaymentInput,
): Payment {
  const { order } = findOrder(world, id, account);
  if (order.payment.status === 'paid') {
    throw fail('already_paid', { id, payment_id: order.payment.payment_id ?? '' });
  }
  if (!PAYMENT_METHOD_PATTERN.test(input.payment_method)) {
    throw fail('invalid_payment_method', { got: input.payment_method });
  }
  const method = findPaymentMethod(world.paymentMethods, input.payment_method);
  if (!method) {
    throw fail('unknown_payment_method', {
      got: input.payment_method,
      known: world.paymentMethods.map((m) => m.id),
    });
  }
  const due: Money =
    order.status === 'cancelled'
      ? (order.cancellation?.fee ?? { amount: 0, currency: order.pricing.currency })
      : { amount: order.pricing.total, currency: order.pricing.currency };
  if (due.amount === 0)
    throw fail('nothing_to_pay', { id, cancelled: order.status === 'cancelled' });
  if (input.currency !== undefined && input.currency !== due.currency) {
    throw fail('currency_mismatch', { due: due.currency, got: input.currency });
  }
  if (input.amount !== undefined && input.amount !== due.amount) {
    throw fail('amount_mismatch', { due: due.amount, currency: due.currency, got: input.amount });
  }
  if (method.outcome !== 'succeeded') throw fail(method.outcome, { method: method.id });
  const now = world.clock.iso();
  const payment: Payment = {
    payment_id: world.ids.next('pay'),
    order_id: order.order_id,
    status: 'succeeded',
    amount: due,
    payment_method: method.id,
    created_at: now,
  };
  world.store.payments.insert({ account_id: account.account_id, payment });
  order.payment = { status: 'paid', payment_id: payment.payment_id };
  order.updated_at = now;
  publishEvent(world, 'payment.completed', { order, payment });
  return payment;
}

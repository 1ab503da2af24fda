import type { Money, Payment } from '../domain/order.js';
import { findPaymentMethod, PAYMENT_METHOD_PATTERN } from '../domain/payment-methods.js';
import type { AccountRecord } from '../store/state.js';
import type { SandboxContext } from './context.js';
import { errors } from './errors.js';
import { findOwnedOrder } from './orders.js';
import { publishEvent } from './publish-event.js';

/** The body of `POST /v1/orders/{id}/payment`, already validated against the OpenAPI schema. */
export interface PaymentInput {
  payment_method: string;
  amount?: number;
  currency?: string;
}

const DECLINES: Record<string, string> = {
  card_declined: 'The card was declined',
  insufficient_funds: 'The card has insufficient funds',
  expired_card: 'The card has expired',
};

/**
 * Charges what the order owes (`pricing.total`, or the cancellation fee of a cancelled order) to a
 * test payment method; on success marks the order paid and emits `payment.completed`.
 */
export function payOrder(
  ctx: SandboxContext,
  account: AccountRecord,
  id: string,
  input: PaymentInput,
): Payment {
  const record = findOwnedOrder(ctx, account, id);
  const { order } = record;
  if (order.payment.status === 'paid') {
    throw errors.invalid(
      `The order ${id} is already paid (${order.payment.payment_id ?? ''})`,
      'order_id',
      'already_paid',
    );
  }
  const methods = ctx.paymentMethods.map((m) => m.id).join(', ');
  if (!PAYMENT_METHOD_PATTERN.test(input.payment_method)) {
    throw errors.invalid(
      `payment_method must be a payment method id such as pm_card_visa; got "${input.payment_method.slice(0, 60)}"`,
      'payment_method',
      'invalid_payment_method',
    );
  }
  const method = findPaymentMethod(ctx.paymentMethods, input.payment_method);
  if (!method) {
    throw errors.invalid(
      `No such payment method "${input.payment_method.slice(0, 60)}"; the sandbox's test methods are ${methods}`,
      'payment_method',
      'unknown_payment_method',
    );
  }
  const due: Money =
    order.status === 'cancelled'
      ? (order.cancellation?.fee ?? { amount: 0, currency: order.pricing.currency })
      : { amount: order.pricing.total, currency: order.pricing.currency };
  if (due.amount === 0) {
    throw errors.invalid(
      order.status === 'cancelled'
        ? `The order ${id} was cancelled free of charge; there is nothing to pay`
        : `The order ${id} costs nothing; there is nothing to pay`,
      'order_id',
      'nothing_to_pay',
    );
  }
  if (input.currency !== undefined && input.currency !== due.currency) {
    throw errors.invalid(
      `currency must be ${due.currency} for this order; got ${input.currency}`,
      'currency',
      'currency_mismatch',
    );
  }
  if (input.amount !== undefined && input.amount !== due.amount) {
    throw errors.invalid(
      `amount must be the amount due, ${due.amount} (${due.currency} minor units); got ${input.amount}`,
      'amount',
      'amount_mismatch',
    );
  }
  if (method.outcome !== 'succeeded') {
    throw errors.paymentRequired(
      `${DECLINES[method.outcome] ?? 'The payment failed'} (${method.id}); use pm_card_visa or pm_card_mastercard to pay`,
      method.outcome,
      'payment_method',
    );
  }
  const now = ctx.clock.iso();
  const payment: Payment = {
    payment_id: ctx.ids.next('pay'),
    order_id: order.order_id,
    status: 'succeeded',
    amount: due,
    payment_method: method.id,
    created_at: now,
  };
  ctx.store.payments.insert({ account_id: account.account_id, payment });
  order.payment = { status: 'paid', payment_id: payment.payment_id };
  order.updated_at = now;
  publishEvent(ctx, 'payment.completed', { order, payment });
  return payment;
}

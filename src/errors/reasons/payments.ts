import { type AnyReasonSpec, cut, reason } from '../reason-spec.js';

/**
 * Paying an order: what is due, the payment method, and the test cards' declines.
 */
export const PAYMENT_REASONS = {
  already_paid: reason<{ id: string; payment_id: string }>({
    code: 'invalid_request',
    param: 'order_id',
    surface: 'v1',
    when: 'paying an order that is paid',
    message: (p) => `The order ${p.id} is already paid (${p.payment_id})`,
  }),
  nothing_to_pay: reason<{ id: string; cancelled: boolean }>({
    code: 'invalid_request',
    param: 'order_id',
    surface: 'v1',
    when: 'paying an order that owes nothing (cancelled free of charge)',
    message: (p) =>
      p.cancelled
        ? `The order ${p.id} was cancelled free of charge; there is nothing to pay`
        : `The order ${p.id} costs nothing; there is nothing to pay`,
  }),
  amount_mismatch: reason<{ due: number; currency: string; got: number }>({
    code: 'invalid_request',
    param: 'amount',
    surface: 'v1',
    when: '`amount` is not the amount due',
    message: (p) =>
      `amount must be the amount due, ${p.due} (${p.currency} minor units); got ${p.got}`,
  }),
  currency_mismatch: reason<{ due: string; got: string }>({
    code: 'invalid_request',
    param: 'currency',
    surface: 'v1',
    when: "`currency` is not the order's",
    message: (p) => `currency must be ${p.due} for this order; got ${p.got}`,
  }),
  invalid_payment_method: reason<{ got: string }>({
    code: 'invalid_request',
    param: 'payment_method',
    surface: 'v1',
    when: 'a payment method not shaped `pm_…`',
    message: (p) =>
      `payment_method must be a payment method id such as pm_card_visa; got "${cut(p.got, 60)}"`,
  }),
  unknown_payment_method: reason<{ got: string; known: string[] }>({
    code: 'invalid_request',
    param: 'payment_method',
    surface: 'v1',
    when: 'a `pm_…` that is not one of the test payment methods',
    message: (p) =>
      `No such payment method "${cut(p.got, 60)}"; the sandbox's test methods are ${p.known.join(', ')}`,
  }),
  card_declined: reason<{ method: string }>({
    code: 'payment_required',
    param: 'payment_method',
    surface: 'v1',
    when: '`pm_card_declined`',
    message: (p) =>
      `The card was declined (${p.method}); use pm_card_visa or pm_card_mastercard to pay`,
  }),
  insufficient_funds: reason<{ method: string }>({
    code: 'payment_required',
    param: 'payment_method',
    surface: 'v1',
    when: '`pm_card_insufficient_funds`',
    message: (p) =>
      `The card has insufficient funds (${p.method}); use pm_card_visa or pm_card_mastercard to pay`,
  }),
  expired_card: reason<{ method: string }>({
    code: 'payment_required',
    param: 'payment_method',
    surface: 'v1',
    when: '`pm_card_expired`',
    message: (p) =>
      `The card has expired (${p.method}); use pm_card_visa or pm_card_mastercard to pay`,
  }),
} satisfies Record<string, AnyReasonSpec>;

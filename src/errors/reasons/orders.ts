import { type AnyReasonSpec, cut, reason } from '../reason-spec.js';

/**
 * Orders: finding one, creating it, cancelling it, following its driver.
 */
export const ORDER_REASONS = {
  order_not_found: reason<{ id: string }>({
    code: 'not_found',
    param: 'order_id',
    surface: 'v1',
    when: 'no such order (or an id that is not valid percent-encoding)',
    message: (p) => `No order with id "${cut(p.id, 100)}"; order ids look like ord_…`,
  }),
  account_delinquent: reason<{ account_id: string }>({
    code: 'payment_required',
    param: null,
    surface: 'v1',
    when: 'the account has an unpaid balance (`billing: delinquent`)',
    message: (p) =>
      `The account ${p.account_id} has an unpaid balance and cannot create orders; settle its billing (in the sandbox: set billing: ok in the scenario)`,
  }),
  out_of_service_area: reason<{ km: number; limit: number }>({
    code: 'invalid_request',
    param: 'dropoff',
    surface: 'v1',
    when: 'the dropoff is further from the pickup than the service delivers',
    message: (p) =>
      `The dropoff is ${p.km} km from the pickup; the service delivers up to ${p.limit} km`,
  }),
  order_not_cancellable: reason<{ id: string; status: string }>({
    code: 'invalid_request',
    param: 'order_id',
    surface: 'v1',
    when: 'a cancellation after pickup',
    alternative: {
      code: 'forbidden',
      when: 'a cancellation after pickup, with `rules.cancel_after_pickup: forbidden`',
    },
    message: (p) =>
      `The order ${p.id} is ${p.status}; an order can be cancelled only before the driver picks it up`,
  }),
  no_driver_assigned: reason<{ id: string }>({
    code: 'not_found',
    param: 'order_id',
    surface: 'v1',
    when: 'the location of an order no driver is on yet',
    message: (p) =>
      `The order ${p.id} has no driver yet; its location is available once a driver is assigned`,
  }),
  order_finished: reason<{ id: string; status: string }>({
    code: 'not_found',
    param: 'order_id',
    surface: 'v1',
    when: 'the location of a delivered or cancelled order',
    alternative: {
      code: 'invalid_request',
      when: 'advancing a delivered or cancelled order on the control plane',
    },
    message: (p) =>
      `The order ${p.id} is ${p.status}; it has no live location and no further step any more`,
  }),
} satisfies Record<string, AnyReasonSpec>;

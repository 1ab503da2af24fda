import type { CoverageSource } from './integration-report.js';
import { EVENT_NAMES } from '../events/event-bus.js';

/** One situation a delivery integration must handle, with the stable id CI files refer to. */
export interface CoverageSituation {
  id: string;
  description: string;
  /** What proves it: the client's `/v1` requests (the request journal) or webhook deliveries. */
  source: CoverageSource;
}

const request = (id: string, description: string): CoverageSituation => ({
  id,
  description,
  source: 'requests',
});
const delivery = (id: string, description: string): CoverageSituation => ({
  id,
  description,
  source: 'deliveries',
});

/**
 * The situations a delivery integration must handle, in the order the report lists them. Ids are
 * stable (`--require` files and CI dashboards name them): add new ones, never rename one. Request
 * situations are proven by request ids (`req_…`; `location.tracked` also by the order id, `ord_…`,
 * of a location stream), delivery situations by delivery ids (`dlv_…`).
 * docs/report.md lists them for readers.
 */
export const COVERAGE_CATALOGUE: readonly CoverageSituation[] = [
  request('orders.create.created', 'An order created: POST /v1/orders answered 201.'),
  request(
    'orders.create.invalid_request',
    'A refused order body handled: POST /v1/orders answered 400 invalid_request.',
  ),
  request(
    'orders.create.out_of_service_area',
    'Pickup and dropoff too far apart: 400, reason out_of_service_area.',
  ),
  request(
    'orders.create.payment_required',
    "A delinquent account's order refused: POST /v1/orders answered 402 payment_required.",
  ),
  request('orders.retrieve.found', 'An order read back: GET /v1/orders/{id} answered 200.'),
  request('orders.retrieve.not_found', 'An unknown order: GET /v1/orders/{id} answered 404.'),
  request('orders.cancel.free', 'A free cancellation: DELETE answered 200 with no fee (pending).'),
  request(
    'orders.cancel.fee',
    'A cancellation with a fee: DELETE answered 200 with a fee (a driver was assigned).',
  ),
  request(
    'orders.cancel.after_pickup_refused',
    'A cancellation after pickup refused: reason order_not_cancellable.',
  ),
  request('payment.succeeded', 'An order paid: POST /v1/orders/{id}/payment answered 201.'),
  request('payment.card_declined', 'A declined card handled: 402, reason card_declined.'),
  request(
    'payment.insufficient_funds',
    'Insufficient funds handled: 402, reason insufficient_funds.',
  ),
  request('payment.expired_card', 'An expired card handled: 402, reason expired_card.'),
  request('payment.already_paid', 'A second payment refused: 400, reason already_paid.'),
  request(
    'location.tracked',
    "A driver's position read: GET …/location answered 200, or the order's location stream sent one.",
  ),
  request(
    'location.no_driver_assigned',
    'Location before assignment: 404, reason no_driver_assigned.',
  ),
  request('location.order_finished', 'Location of a finished order: 404, reason order_finished.'),
  request(
    'order.driver_reassigned.handled',
    'A reassigned order read back: GET /v1/orders/{id} answered it after its second order.driver_assigned (a new driver).',
  ),
  request(
    'location.stale.seen',
    'A stale position read: GET …/location answered a report older than the report interval (stale_location).',
  ),
  request(
    'eta.changed.seen',
    'A moved ETA read: GET /v1/orders/{id} answered another ETA than before, same status and driver, without an event.',
  ),
  request(
    'drivers.default_radius',
    'Available drivers searched without radius (the 5 km default): GET /v1/drivers/available answered 200.',
  ),
  request('drivers.custom_radius', 'Available drivers searched with an explicit radius: 200.'),
  request(
    'idempotency.replayed',
    'A retried write replayed: answered with Idempotent-Replayed: true.',
  ),
  request(
    'idempotency.key_reused',
    'A key reused for another body refused: 400, reason idempotency_key_reused.',
  ),
  request('auth.unauthorized', 'A missing or unknown key: 401 unauthorized.'),
  request('auth.forbidden', "A read-only key writing, or another account's order: 403 forbidden."),
  request(
    'api.rate_limited.respected',
    'With API faults on, a 429 answered and the client waited at least Retry-After before retrying.',
  ),
  ...EVENT_NAMES.map((event) =>
    delivery(
      `webhook.${event}.acknowledged`,
      `The ${event} webhook delivered: the receiver answered success.`,
    ),
  ),
  delivery(
    'webhook.duplicate.acknowledged',
    'A duplicate delivery (webhook faults: duplicate_rate) answered 200: the receiver is idempotent.',
  ),
  delivery(
    'webhook.retry.recovered',
    'A delivery that failed (or was dropped) succeeded on a later attempt.',
  ),
];

/** The ids of the catalogue, for checking a `--require` list. */
export const COVERAGE_IDS: ReadonlySet<string> = new Set(COVERAGE_CATALOGUE.map((s) => s.id));

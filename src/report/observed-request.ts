/**
 * The report's input from the client's side: one `/v1` request as the request journal records it
 * (`RequestLedger` makes one of each journal entry). `situationOf` and `classifyRequests` are the
 * whole mapping from requests to coverage ids.
 */
export interface ObservedRequest {
  request_id: string;
  method: string;
  /** The path without the query, e.g. `/v1/orders/ord_1/payment`. */
  path: string;
  /** The query parameters' names (their values are not needed). */
  query: string[];
  /** Virtual time it arrived, epoch ms. */
  at: number;
  status: number;
  /** The error body's `reason`, or null. */
  reason: string | null;
  /** Whether the answer was an idempotent replay (`Idempotent-Replayed: true`). */
  replayed: boolean;
  /** `Retry-After` of the answer, in seconds, when it had one. */
  retry_after_s: number | null;
  /** On a successful cancellation, the fee charged (minor units); otherwise null. */
  cancellation_fee: number | null;
}

const ORDERS = '/v1/orders/';

/**
 * The order id of `path` when it is `/v1/orders/{id}` followed by `suffix` (`''`, `/payment`,
 * `/location`), the id being anything but empty or a `/`: what `^/v1/orders/[^/]+<suffix>$`
 * matches, without a regular expression's run and match array on every request (issue 24).
 */
export function orderPathId(
  path: string,
  suffix: '' | '/payment' | '/location',
): string | undefined {
  if (!path.startsWith(ORDERS) || !path.endsWith(suffix)) return undefined;
  const end = path.length - suffix.length;
  if (end <= ORDERS.length) return undefined;
  // The first `/` after the prefix is the suffix's own (none without one).
  const slash = path.indexOf('/', ORDERS.length);
  return slash === (suffix === '' ? -1 : end) ? path.slice(ORDERS.length, end) : undefined;
}

/** The coverage ids one request proves on its own (rate limiting needs two: below). */
export function situationOf(r: ObservedRequest): string[] {
  const ids: string[] = [];
  if (r.replayed) ids.push('idempotency.replayed');
  if (r.status === 401) ids.push('auth.unauthorized');
  if (r.status === 403 && r.reason !== 'order_not_cancellable') ids.push('auth.forbidden');
  if (r.reason === 'idempotency_key_reused') ids.push('idempotency.key_reused');
  const { method, path, status, reason } = r;
  if (method === 'POST' && path === '/v1/orders') {
    if (status === 201) ids.push('orders.create.created');
    else if (reason === 'out_of_service_area') ids.push('orders.create.out_of_service_area');
    else if (status === 400 && reason !== 'idempotency_key_reused')
      ids.push('orders.create.invalid_request');
    else if (status === 402) ids.push('orders.create.payment_required');
  } else if (orderPathId(path, '') !== undefined) {
    if (method === 'GET' && status === 200) ids.push('orders.retrieve.found');
    if (method === 'GET' && status === 404) ids.push('orders.retrieve.not_found');
    if (method === 'DELETE' && status === 200 && r.cancellation_fee !== null)
      ids.push(r.cancellation_fee > 0 ? 'orders.cancel.fee' : 'orders.cancel.free');
    if (method === 'DELETE' && reason === 'order_not_cancellable')
      ids.push('orders.cancel.after_pickup_refused');
  } else if (method === 'POST' && orderPathId(path, '/payment') !== undefined) {
    if (status === 201) ids.push('payment.succeeded');
    else if (
      reason === 'card_declined' ||
      reason === 'insufficient_funds' ||
      reason === 'expired_card' ||
      reason === 'already_paid'
    )
      ids.push(`payment.${reason}`);
  } else if (method === 'GET' && orderPathId(path, '/location') !== undefined) {
    if (status === 200) ids.push('location.tracked');
    else if (reason === 'no_driver_assigned' || reason === 'order_finished')
      ids.push(`location.${reason}`);
  } else if (method === 'GET' && path === '/v1/drivers/available' && status === 200) {
    ids.push(r.query.includes('radius') ? 'drivers.custom_radius' : 'drivers.default_radius');
  }
  return ids;
}

/**
 * Every coverage id the requests prove, with the request ids that prove each, in order.
 * `api.rate_limited.respected` takes a 429 with `Retry-After` followed by the client's next
 * request to the same method and path no sooner than `Retry-After` later.
 */
export function classifyRequests(requests: readonly ObservedRequest[]): Map<string, string[]> {
  const proof = new Map<string, string[]>();
  const add = (id: string, ...requestIds: string[]): void => {
    const list = proof.get(id) ?? [];
    list.push(...requestIds);
    proof.set(id, list);
  };
  const limited = new Map<string, ObservedRequest>();
  for (const r of [...requests].sort((a, b) => a.at - b.at)) {
    for (const id of situationOf(r)) add(id, r.request_id);
    const route = `${r.method} ${r.path}`;
    const before = limited.get(route);
    if (before && r.at - before.at >= (before.retry_after_s ?? 0) * 1000)
      add('api.rate_limited.respected', before.request_id, r.request_id);
    if (before) limited.delete(route);
    if (r.status === 429 && r.retry_after_s !== null) limited.set(route, r);
  }
  return proof;
}

// Longer than ~250 lines on purpose: one entry per reason, and the list is the point of the file.
/**
 * The one catalogue of errors the sandbox answers: every `reason`, with its code, HTTP status,
 * parameter and message. Code anywhere below HTTP throws by reason (`fail('order_not_found', { id })`);
 * `errorBody` turns the error into JSON. The error table of docs/errors.md and the OpenAPI documents'
 * `reason` enums are generated from (and tested against) this file: add a reason here, nowhere else.
 */

/** The error codes of the service, with their HTTP statuses. */
export const ERROR_STATUS = {
  invalid_request: 400,
  unauthorized: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** Where a reason can be answered: the real service's `/v1` API, or only the control plane. */
export type Surface = 'v1' | 'control';

interface ReasonSpec<P> {
  code: ErrorCode;
  /** Only where it differs from the code's usual status. */
  status?: number;
  /** The request parameter at fault (a function when it depends on the situation). */
  param: string | null | ((p: P) => string | null);
  message: (p: P) => string;
  /** The situation, in a few words, for the table of docs/errors.md. */
  when: string;
  surface: Surface;
  /** Another code the same reason is answered with in one situation (documented here). */
  alternative?: { code: ErrorCode; when: string };
  headers?: Record<string, string>;
}

const spec = <P = Record<string, never>>(s: ReasonSpec<P>): ReasonSpec<P> => s;

const WWW_AUTHENTICATE = { 'WWW-Authenticate': 'Bearer realm="delivery-sandbox"' };
const cut = (s: string, n: number): string => s.slice(0, n);

export const CATALOGUE = {
  // Reading the request.
  malformed_json: spec<{ detail: string }>({
    code: 'invalid_request',
    param: 'body',
    surface: 'v1',
    when: 'the body is not valid JSON',
    message: (p) => `The body is not valid JSON (${p.detail}); send a JSON object`,
  }),
  unsupported_content_type: spec<{ got: string }>({
    code: 'invalid_request',
    param: 'Content-Type',
    surface: 'v1',
    when: 'a body that is not `application/json` (or not UTF-8)',
    message: (p) => `The body must be UTF-8 JSON with Content-Type: application/json; got ${p.got}`,
  }),
  unsupported_content_encoding: spec<{ detail: string }>({
    code: 'invalid_request',
    param: 'Content-Encoding',
    surface: 'v1',
    when: 'an unknown `Content-Encoding`',
    message: (p) => `${p.detail}; send the body uncompressed, or as gzip, deflate or br`,
  }),
  malformed_body: spec<{ detail: string }>({
    code: 'invalid_request',
    param: 'Content-Encoding',
    surface: 'v1',
    when: 'a body that does not decompress',
    message: (p) =>
      `The body could not be decompressed (${p.detail}); send it uncompressed or with the right Content-Encoding`,
  }),
  bad_request: spec<{ detail: string }>({
    code: 'invalid_request',
    param: null,
    surface: 'v1',
    when: 'a request Node or Express could not read for another reason',
    message: (p) => `The request could not be read: ${p.detail}`,
  }),
  body_too_large: spec<{ limit: string }>({
    code: 'invalid_request',
    status: 413,
    param: 'body',
    surface: 'v1',
    when: 'the body is over 1 MiB',
    message: (p) => `The request body is larger than ${p.limit}; send a smaller body`,
  }),
  json_too_deep: spec<{ limit: number }>({
    code: 'invalid_request',
    param: 'body',
    surface: 'v1',
    when: 'a JSON body (or scenario) that nests arrays and objects deeper than the limit (64; 128 for a state)',
    message: (p) =>
      `The JSON nests arrays and objects deeper than ${p.limit} levels; send a flatter body`,
  }),
  inflate_ratio_exceeded: spec<{ ratio: number }>({
    code: 'invalid_request',
    status: 413,
    param: 'Content-Encoding',
    surface: 'v1',
    when: 'a compressed state import that inflates more than 100 times its size (a decompression bomb)',
    message: (p) =>
      `The body inflates to more than ${p.ratio} times its compressed size; send it uncompressed or less compressed`,
  }),
  headers_too_large: spec({
    code: 'invalid_request',
    status: 431,
    param: null,
    surface: 'v1',
    when: "the headers are over Node's 16 KiB (answered before routing)",
    message: () => 'The request headers are larger than 16 KiB; send smaller headers',
  }),
  malformed_http: spec<{ detail: string }>({
    code: 'invalid_request',
    param: null,
    surface: 'v1',
    when: 'bytes that are not HTTP/1.1 (answered before routing)',
    message: (p) => `The request is not valid HTTP/1.1 (${p.detail}); check the client`,
  }),
  expectation_failed: spec<{ got: string }>({
    code: 'invalid_request',
    status: 417,
    param: 'Expect',
    surface: 'v1',
    when: 'an `Expect` header other than `100-continue` (answered before routing)',
    message: (p) =>
      `The sandbox cannot meet Expect: ${cut(p.got, 60)}; send Expect: 100-continue or no Expect header`,
  }),
  missing_host: spec({
    code: 'invalid_request',
    param: 'Host',
    surface: 'v1',
    when: 'an HTTP/1.1 request with no `Host` header',
    message: () =>
      'HTTP/1.1 requests need a Host header; send Host: localhost:<port> (any HTTP client does)',
  }),
  connect_not_supported: spec({
    code: 'invalid_request',
    status: 405,
    param: null,
    surface: 'v1',
    headers: { Allow: 'GET, POST, PUT, PATCH, DELETE' },
    when: '`CONNECT`: the sandbox is not a proxy (answered before routing, then the connection closes)',
    message: () =>
      'CONNECT is not supported: the sandbox is an API, not a proxy; send GET, POST, PUT, PATCH or DELETE',
  }),
  request_timeout: spec<{ seconds: number }>({
    code: 'invalid_request',
    status: 408,
    param: null,
    surface: 'v1',
    when: 'the headers or the body did not arrive in time (`headersTimeoutMs`, `requestTimeoutMs`)',
    message: (p) =>
      `The request did not arrive in time (the limit is ${p.seconds} s); send the whole request at once`,
  }),
  too_many_connections: spec<{ limit: number }>({
    code: 'invalid_request',
    status: 503,
    param: null,
    surface: 'v1',
    headers: { 'Retry-After': '1' },
    when: 'more open connections than `maxConnections` (answered at connection, then closed)',
    message: (p) =>
      `The sandbox already has ${p.limit} open connections (maxConnections); close idle connections or reuse them (keep-alive), then retry`,
  }),
  host_not_allowed: spec<{ host: string }>({
    code: 'forbidden',
    param: 'Host',
    surface: 'v1',
    when: 'a `Host` that is not a loopback name, the bound host or an `--allowed-host` (DNS rebinding)',
    message: (p) =>
      `The Host "${cut(p.host, 100)}" is not allowed: the sandbox answers localhost, 127.0.0.1, [::1] and its bound host; add others with --allowed-host (or DELIVERY_SANDBOX_ALLOWED_HOST)`,
  }),
  cross_site_request: spec<{ header: 'Origin' | 'Content-Type'; got: string; host: string }>({
    code: 'forbidden',
    param: (p) => p.header,
    surface: 'control',
    when: 'a control-plane write from another origin, or with a body that is not JSON (a web page could send it)',
    message: (p) =>
      p.header === 'Origin'
        ? `The control plane refuses requests from other origins: Origin ${cut(p.got, 100)} is not http://${cut(p.host, 100)}; call it from tests and tools (which send no Origin), or from a page the sandbox serves`
        : `Control-plane writes take Content-Type: application/json or no body; got ${cut(p.got, 100)}, which any web page can send cross-site, so it is refused`,
  }),
  stream_origin_not_allowed: spec<{ origin: string; path: string; host: string }>({
    code: 'forbidden',
    param: 'Origin',
    surface: 'v1',
    when: 'a WebSocket stream opened by a page of another origin (for `/v1` streams: not a `--cors-origin` either)',
    message: (p) =>
      p.path.startsWith('/v1/')
        ? `Origin ${cut(p.origin, 100)} may not open streams: the sandbox takes pages of http://${cut(p.host, 100)} and the --cors-origin origins; add this one with --cors-origin`
        : `The control-plane stream takes only pages the sandbox serves: Origin ${cut(p.origin, 100)} is not http://${cut(p.host, 100)}; connect from tests and tools (which send no Origin)`,
  }),
  too_many_streams: spec<{ limit: number }>({
    code: 'invalid_request',
    status: 503,
    param: null,
    surface: 'v1',
    headers: { 'Retry-After': '1' },
    when: 'a WebSocket stream over `streams.maxClients` open streams (answered before the upgrade)',
    message: (p) =>
      `The sandbox already has ${p.limit} open streams (streams.maxClients); close streams you no longer read, then retry`,
  }),
  invalid_idempotency_key: spec<{ length: number }>({
    code: 'invalid_request',
    param: 'Idempotency-Key',
    surface: 'v1',
    when: 'an `Idempotency-Key` that is empty or over 255 characters',
    message: (p) => `Idempotency-Key must be 1 to 255 characters; got ${p.length}`,
  }),
  invalid_outcome: spec<{ value: string; allowed: readonly string[] }>({
    code: 'invalid_request',
    param: 'Sandbox-Outcome',
    surface: 'v1',
    when: 'a `Sandbox-Outcome` header that names no per-order outcome',
    message: (p) =>
      `Sandbox-Outcome "${cut(p.value, 40)}" is not an outcome; use one of ${p.allowed.join(', ')}, or leave the header out for the scenario's normal path`,
  }),
  idempotency_key_reused: spec<{ key: string }>({
    code: 'invalid_request',
    param: 'Idempotency-Key',
    surface: 'v1',
    when: 'the same `Idempotency-Key` on a different request',
    message: (p) =>
      `The Idempotency-Key "${cut(p.key, 40)}" was already used for a different request; use a new key for a new request`,
  }),

  // Routing.
  route_not_found: spec<{ method: string; path: string }>({
    code: 'not_found',
    param: null,
    surface: 'v1',
    when: 'no such route (paths are case-sensitive)',
    message: (p) =>
      `No route ${p.method} ${cut(p.path, 200)}; the routes are listed in /openapi.json`,
  }),
  method_not_allowed: spec<{ method: string; route: string; allowed: string[] }>({
    code: 'not_found',
    param: null,
    surface: 'v1',
    when: 'the path exists with other methods; the `Allow` header lists them',
    message: (p) => `${p.method} is not supported on ${p.route}; use ${p.allowed.join(' or ')}`,
  }),

  // Authentication.
  missing_api_key: spec({
    code: 'unauthorized',
    param: 'Authorization',
    surface: 'v1',
    headers: WWW_AUTHENTICATE,
    when: 'no `Authorization` header',
    message: () =>
      'No API key: send the header Authorization: Bearer <API key> (the sandbox prints its test key at start)',
  }),
  malformed_authorization: spec<{ scheme: string }>({
    code: 'unauthorized',
    param: 'Authorization',
    surface: 'v1',
    headers: WWW_AUTHENTICATE,
    when: 'an `Authorization` header that is not `Bearer <key>`',
    message: (p) =>
      `The Authorization header must be "Bearer <API key>"; got the scheme "${cut(p.scheme, 20)}"`,
  }),
  malformed_api_key: spec<{ live: boolean }>({
    code: 'unauthorized',
    param: 'Authorization',
    surface: 'v1',
    headers: WWW_AUTHENTICATE,
    when: 'a key not shaped like a test key (live keys included)',
    message: (p) =>
      p.live
        ? 'Live keys do not work in the sandbox; use a test key (sk_test_… or rk_test_…)'
        : 'The API key is malformed; test keys look like sk_test_… (read-write) or rk_test_… (read-only)',
  }),
  invalid_api_key: spec<{ key: string }>({
    code: 'unauthorized',
    param: 'Authorization',
    surface: 'v1',
    headers: WWW_AUTHENTICATE,
    when: 'a well-shaped key no account has',
    message: (p) =>
      `No such API key: ${cut(p.key, 12)}…; use a key from the scenario (the start banner prints one)`,
  }),
  read_only_key: spec({
    code: 'forbidden',
    param: 'Authorization',
    surface: 'v1',
    when: 'a read-only `rk_test_…` key used for a write',
    message: () =>
      'This is a read-only key (rk_test_…); use a secret key (sk_test_…) for requests that change data',
  }),
  other_account: spec<{ kind: string; id: string }>({
    code: 'forbidden',
    param: (p) => `${p.kind}_id`,
    surface: 'v1',
    when: "another account's order",
    message: (p) => `The ${p.kind} ${p.id} belongs to another account; use that account's API key`,
  }),
  missing_admin_token: spec({
    code: 'unauthorized',
    param: 'Authorization',
    surface: 'control',
    headers: WWW_AUTHENTICATE,
    when: 'the control plane without the `--admin-token`',
    message: () =>
      'The control plane needs the admin token: send Authorization: Bearer <token> (the value of --admin-token)',
  }),
  invalid_admin_token: spec({
    code: 'unauthorized',
    param: 'Authorization',
    surface: 'control',
    headers: WWW_AUTHENTICATE,
    when: 'the control plane with a wrong admin token',
    message: () =>
      "The admin token sent is not this sandbox's: send Authorization: Bearer <token> with the exact value of its --admin-token (DELIVERY_SANDBOX_ADMIN_TOKEN)",
  }),

  // Orders.
  order_not_found: spec<{ id: string }>({
    code: 'not_found',
    param: 'order_id',
    surface: 'v1',
    when: 'no such order (or an id that is not valid percent-encoding)',
    message: (p) => `No order with id "${cut(p.id, 100)}"; order ids look like ord_…`,
  }),
  account_delinquent: spec<{ account_id: string }>({
    code: 'payment_required',
    param: null,
    surface: 'v1',
    when: 'the account has an unpaid balance (`billing: delinquent`)',
    message: (p) =>
      `The account ${p.account_id} has an unpaid balance and cannot create orders; settle its billing (in the sandbox: set billing: ok in the scenario)`,
  }),
  out_of_service_area: spec<{ km: number; limit: number }>({
    code: 'invalid_request',
    param: 'dropoff',
    surface: 'v1',
    when: 'the dropoff is further from the pickup than the service delivers',
    message: (p) =>
      `The dropoff is ${p.km} km from the pickup; the service delivers up to ${p.limit} km`,
  }),
  order_not_cancellable: spec<{ id: string; status: string }>({
    code: 'invalid_request',
    param: 'order_id',
    surface: 'v1',
    when: 'a cancellation after pickup',
    alternative: { code: 'forbidden', when: 'with `rules.cancel_after_pickup: forbidden`' },
    message: (p) =>
      `The order ${p.id} is ${p.status}; an order can be cancelled only before the driver picks it up`,
  }),
  no_driver_assigned: spec<{ id: string }>({
    code: 'not_found',
    param: 'order_id',
    surface: 'v1',
    when: 'the location of an order no driver is on yet',
    message: (p) =>
      `The order ${p.id} has no driver yet; its location is available once a driver is assigned`,
  }),
  order_finished: spec<{ id: string; status: string }>({
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

  // Payments.
  already_paid: spec<{ id: string; payment_id: string }>({
    code: 'invalid_request',
    param: 'order_id',
    surface: 'v1',
    when: 'paying an order that is paid',
    message: (p) => `The order ${p.id} is already paid (${p.payment_id})`,
  }),
  nothing_to_pay: spec<{ id: string; cancelled: boolean }>({
    code: 'invalid_request',
    param: 'order_id',
    surface: 'v1',
    when: 'paying an order that owes nothing (cancelled free of charge)',
    message: (p) =>
      p.cancelled
        ? `The order ${p.id} was cancelled free of charge; there is nothing to pay`
        : `The order ${p.id} costs nothing; there is nothing to pay`,
  }),
  amount_mismatch: spec<{ due: number; currency: string; got: number }>({
    code: 'invalid_request',
    param: 'amount',
    surface: 'v1',
    when: '`amount` is not the amount due',
    message: (p) =>
      `amount must be the amount due, ${p.due} (${p.currency} minor units); got ${p.got}`,
  }),
  currency_mismatch: spec<{ due: string; got: string }>({
    code: 'invalid_request',
    param: 'currency',
    surface: 'v1',
    when: "`currency` is not the order's",
    message: (p) => `currency must be ${p.due} for this order; got ${p.got}`,
  }),
  invalid_payment_method: spec<{ got: string }>({
    code: 'invalid_request',
    param: 'payment_method',
    surface: 'v1',
    when: 'a payment method not shaped `pm_…`',
    message: (p) =>
      `payment_method must be a payment method id such as pm_card_visa; got "${cut(p.got, 60)}"`,
  }),
  unknown_payment_method: spec<{ got: string; known: string[] }>({
    code: 'invalid_request',
    param: 'payment_method',
    surface: 'v1',
    when: 'a `pm_…` that is not one of the test payment methods',
    message: (p) =>
      `No such payment method "${cut(p.got, 60)}"; the sandbox's test methods are ${p.known.join(', ')}`,
  }),
  card_declined: spec<{ method: string }>({
    code: 'payment_required',
    param: 'payment_method',
    surface: 'v1',
    when: '`pm_card_declined`',
    message: (p) =>
      `The card was declined (${p.method}); use pm_card_visa or pm_card_mastercard to pay`,
  }),
  insufficient_funds: spec<{ method: string }>({
    code: 'payment_required',
    param: 'payment_method',
    surface: 'v1',
    when: '`pm_card_insufficient_funds`',
    message: (p) =>
      `The card has insufficient funds (${p.method}); use pm_card_visa or pm_card_mastercard to pay`,
  }),
  expired_card: spec<{ method: string }>({
    code: 'payment_required',
    param: 'payment_method',
    surface: 'v1',
    when: '`pm_card_expired`',
    message: (p) =>
      `The card has expired (${p.method}); use pm_card_visa or pm_card_mastercard to pay`,
  }),

  // The control plane.
  invalid_transition: spec<{ id: string; from: string; to: string; path: string }>({
    code: 'invalid_request',
    param: 'to',
    surface: 'control',
    when: 'advancing an order backwards, or to `cancelled`',
    message: (p) =>
      p.to === 'cancelled'
        ? 'Use POST /__sandbox/orders/{id}/cancel (or DELETE /v1/orders/{id}) to cancel an order'
        : `The order ${p.id} is ${p.from} and cannot go to ${p.to}; orders only move forward (${p.path})`,
  }),
  no_driver_available: spec({
    code: 'invalid_request',
    param: 'order_id',
    surface: 'control',
    when: 'advancing an order to `driver_assigned` with every driver busy or offline',
    message: () =>
      'No driver is available to assign: every driver is offline or on an order; finish or cancel an order, or add drivers to the scenario',
  }),
  driver_not_found: spec<{ id: string }>({
    code: 'not_found',
    param: 'driver_id',
    surface: 'control',
    when: 'no such driver (a scenario step naming an unknown driver)',
    message: (p) => `No driver with id "${cut(p.id, 100)}"; list them with GET /__sandbox/drivers`,
  }),
  invalid_scenario: spec<{ detail: string }>({
    code: 'invalid_request',
    param: 'scenario',
    surface: 'control',
    when: 'a reset to a scenario that does not exist or does not validate',
    message: (p) => p.detail,
  }),
  too_many_webhook_endpoints: spec<{ limit: number }>({
    code: 'invalid_request',
    param: 'url',
    surface: 'control',
    when: "registering a webhook endpoint past the 100 a sandbox keeps (`POST /__sandbox/webhook-endpoints`, a scenario's `webhooks.endpoints` with the ones kept by a reset, `--webhook-url`)",
    message: (p) =>
      `The sandbox already has ${p.limit} webhook endpoints, the most it keeps; delete one you no longer use (DELETE /__sandbox/webhook-endpoints/{endpoint_id}), then register this one`,
  }),
  endpoint_not_found: spec<{ id: string }>({
    code: 'not_found',
    param: 'endpoint_id',
    surface: 'control',
    when: 'no such webhook endpoint',
    message: (p) =>
      `No webhook endpoint with id "${cut(p.id, 100)}"; list them with GET /__sandbox/webhook-endpoints`,
  }),
  event_not_found: spec<{ id: string }>({
    code: 'not_found',
    param: 'event_id',
    surface: 'control',
    when: 'no such event',
    message: (p) => `No event with id "${cut(p.id, 100)}"; list them with GET /__sandbox/events`,
  }),
  no_webhook_endpoint: spec<{ event: string }>({
    code: 'invalid_request',
    param: 'event_id',
    surface: 'control',
    when: 'redelivering an event no endpoint subscribes to',
    message: (p) =>
      `No webhook endpoint subscribes to ${p.event}; register one with POST /__sandbox/webhook-endpoints`,
  }),
  dashboard_not_built: spec<{ dir: string }>({
    code: 'not_found',
    param: null,
    surface: 'control',
    when: 'the dashboard was asked for but its assets were never built (running from source)',
    message: (p) =>
      `The dashboard's files are not in ${cut(p.dir, 200)}: run \`npm run build\` once (the JSON index of / answers with Accept: application/json)`,
  }),
  // Fault injection (`faults.api`, `Sandbox-Fault`): answers the sandbox gives on purpose.
  invalid_fault_header: spec<{ got: string }>({
    code: 'invalid_request',
    param: 'Sandbox-Fault',
    surface: 'v1',
    when: 'a `Sandbox-Fault` header that is not `500`, `503`, `429` or `timeout`',
    message: (p) =>
      `Sandbox-Fault must be 500, 503, 429 or timeout; got "${cut(p.got, 40)}"; leave the header out for a normal answer`,
  }),
  injected_fault: spec<{ source: string }>({
    code: 'invalid_request',
    status: 500,
    param: null,
    surface: 'v1',
    when: 'an injected server error (`Sandbox-Fault: 500` or a `faults.api` rule)',
    message: (p) =>
      `Injected server error (${p.source}); a real server fails like this now and then: retry with backoff, with the same Idempotency-Key for writes`,
  }),
  service_unavailable: spec<{ source: string; retry_after: number }>({
    code: 'invalid_request',
    status: 503,
    param: null,
    surface: 'v1',
    when: 'an injected outage (`Sandbox-Fault: 503` or a `faults.api` rule), with `Retry-After`',
    message: (p) =>
      `Injected outage (${p.source}): the service is unavailable; retry after ${p.retry_after} s (the Retry-After header)`,
  }),
  rate_limited: spec<{ source: string; retry_after: number }>({
    code: 'invalid_request',
    status: 429,
    param: null,
    surface: 'v1',
    when: 'an injected rate limit (`Sandbox-Fault: 429` or a `faults.api` rule), with `Retry-After`',
    message: (p) =>
      `Injected rate limit (${p.source}): too many requests; wait ${p.retry_after} s (the Retry-After header) before retrying`,
  }),
  // Stopping and resetting: a request that raced either was not carried out, so it is refused.
  shutting_down: spec({
    code: 'invalid_request',
    status: 503,
    param: null,
    surface: 'v1',
    headers: { 'Retry-After': '1' },
    when: 'a request that arrived, or would have been stored, after the sandbox began to stop (SIGTERM, `sandbox.close()`)',
    message: () =>
      'The sandbox is stopping: this request was not carried out and nothing of it was stored; retry in a moment (with the same Idempotency-Key for writes) once it runs again',
  }),
  world_replaced: spec({
    code: 'invalid_request',
    status: 503,
    param: null,
    surface: 'v1',
    headers: { 'Retry-After': '1' },
    when: 'a write whose world was replaced by a reset or a state import while it ran',
    message: () =>
      'The sandbox was reset (or its state imported) while this request ran: its change was not kept; send it again, against the state that runs now',
  }),
  // Importing a state.
  import_in_progress: spec({
    code: 'invalid_request',
    status: 409,
    param: null,
    surface: 'control',
    headers: { 'Retry-After': '1' },
    when: 'a state import while another is running (one at a time), with `Retry-After`',
    message: () =>
      'Another state import is running (one at a time: each may take hundreds of megabytes); retry once it has answered (Retry-After)',
  }),
  import_timed_out: spec<{ seconds: number }>({
    code: 'invalid_request',
    status: 413,
    param: 'body',
    surface: 'control',
    when: 'a state import whose parsing and validation take longer than 60 s',
    message: (p) =>
      `The state could not be parsed and validated within ${p.seconds} s; import a smaller state`,
  }),
  import_failed: spec<{ detail: string }>({
    code: 'invalid_request',
    param: 'body',
    surface: 'control',
    when: 'a state the import worker could not read or hand back',
    message: (p) =>
      `The state could not be imported (${p.detail}); export it again and import that`,
  }),
  // Control-plane lists.
  unknown_cursor: spec<{ param: 'starting_after' | 'ending_before'; id: string }>({
    code: 'invalid_request',
    param: (p) => p.param,
    surface: 'control',
    when: 'a `starting_after` or `ending_before` id the list does not hold (any more)',
    message: (p) =>
      `${p.param}=${cut(p.id, 100)} names no entry of this list (it may have been cleared or dropped as the list is bounded); start again without a cursor`,
  }),
  // Named sandboxes.
  invalid_sandbox_name: spec<{ name: string; rule: string }>({
    code: 'invalid_request',
    param: 'name',
    surface: 'control',
    when: 'a sandbox name that breaks the rule, or `default` (the default sandbox, never created or deleted)',
    message: (p) =>
      p.name === 'default'
        ? '"default" names the default sandbox, which is always there: choose another name for a named sandbox'
        : `The sandbox name "${cut(p.name, 100)}" is not allowed: use ${p.rule}, such as checkout-test-1`,
  }),
  invalid_ttl: spec<{ got: string; min: string; max: string }>({
    code: 'invalid_request',
    param: 'ttl',
    surface: 'control',
    when: 'a sandbox `ttl` that is not a duration from 1 s to 7 days',
    message: (p) =>
      `ttl must be a duration from ${p.min} to ${p.max} of real time since the sandbox's last use, such as "30m" or "2h" (or seconds, 1800); got ${cut(p.got, 40)}`,
  }),
  too_many_sandboxes: spec<{ limit: number }>({
    code: 'invalid_request',
    status: 409,
    param: 'name',
    surface: 'control',
    when: 'creating a named sandbox past `--max-sandboxes` (default 200); nothing existing is touched',
    message: (p) =>
      `The server already holds ${p.limit} named sandboxes, the most it keeps (--max-sandboxes ${p.limit}); delete one you no longer use (DELETE /__sandbox/sandboxes/{name}), or start the server with a higher --max-sandboxes`,
  }),
  sandbox_not_found: spec<{ name: string }>({
    code: 'not_found',
    param: 'name',
    surface: 'control',
    when: 'no named sandbox of that name (never created, deleted, or expired after its `ttl`)',
    message: (p) =>
      `No sandbox named "${cut(p.name, 100)}" (it was never created, was deleted, or expired after its ttl); create it with PUT /__sandbox/sandboxes/${cut(p.name, 100)}, or list them with GET /__sandbox/sandboxes`,
  }),
} as const;

export type Reason = keyof typeof CATALOGUE;

/** The parameters a reason's message takes. */
export type ReasonParams<R extends Reason> =
  (typeof CATALOGUE)[R] extends ReasonSpec<infer P> ? P : never;

/** Every reason, in catalogue order. */
export const REASONS = Object.keys(CATALOGUE) as Reason[];

/*
 * Generated from openapi/v1.yaml by scripts/generate-api-types.mjs: do not edit.
 * Change the document, then regenerate with `npm run generate`.
 */

export interface paths {
  '/v1/orders': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Create a delivery order
     * @description Creates an order in status `pending`. A pickup or dropoff without `location` is geocoded
     *     deterministically to a point inside the scenario's city. Emits `order.created`.
     */
    post: operations['createOrder'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/orders/{order_id}': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The order's identifier (`ord_…`). */
        order_id: components['parameters']['OrderId'];
      };
      cookie?: never;
    };
    /** Retrieve an order */
    get: operations['retrieveOrder'];
    put?: never;
    post?: never;
    /**
     * Cancel an order
     * @description Allowed while `pending` (free) or `driver_assigned` (a cancellation fee applies, by default
     *     50 % of the delivery fee). After pickup it is refused with `400 invalid_request`, reason
     *     `order_not_cancellable` (a scenario may make that `403 forbidden`). Cancelling an already
     *     cancelled order answers `200` with it unchanged and emits nothing. Emits `order.cancelled`.
     */
    delete: operations['cancelOrder'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/orders/{order_id}/location': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The order's identifier (`ord_…`). */
        order_id: components['parameters']['OrderId'];
      };
      cookie?: never;
    };
    /**
     * Get the live driver location for an order
     * @description Available while a driver is on the order (`driver_assigned`, `picked_up`). Otherwise
     *     `404 not_found` with reason `no_driver_assigned` (pending, also between a driver dropping
     *     the order and the next one taking it) or `order_finished` (delivered, cancelled). The
     *     answer is the driver's last report: drivers report every `location.update_interval` of
     *     virtual time (default 10 s), and `updated_at` says when this one was recorded.
     */
    get: operations['getOrderLocation'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/drivers/available': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List available drivers in an area
     * @description Online drivers not on an active order within `radius` km (great-circle) of the centre,
     *     nearest first. At most 100 are returned (`count`); `total` counts all within the radius.
     */
    get: operations['listAvailableDrivers'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/orders/{order_id}/payment': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The order's identifier (`ord_…`). */
        order_id: components['parameters']['OrderId'];
      };
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Pay for an order
     * @description Charges the amount due: `pricing.total`, or the cancellation fee of a cancelled order.
     *     Test payment methods: `pm_card_visa` and `pm_card_mastercard` succeed; `pm_card_declined`,
     *     `pm_card_insufficient_funds` and `pm_card_expired` answer `402 payment_required`.
     *     Emits `payment.completed` on success.
     */
    post: operations['payOrder'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export interface webhooks {
  'order.created': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** A new order was created */
    post: operations['onOrderCreated'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'order.driver_assigned': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A driver accepted the order and is heading to pickup
     * @description Sent again, with another `driver`, when the first driver dropped the order on the way to
     *     the pickup and another accepted it (a reassignment; the order was `pending` in between).
     */
    post: operations['onOrderDriverAssigned'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'order.picked_up': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** The driver picked the order up */
    post: operations['onOrderPickedUp'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'order.delivered': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** The order was delivered */
    post: operations['onOrderDelivered'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'order.cancelled': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** The order was cancelled by the customer, the restaurant or the system */
    post: operations['onOrderCancelled'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'payment.completed': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** A payment completed */
    post: operations['onPaymentCompleted'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export interface components {
  schemas: {
    /**
     * Format: date-time
     * @description ISO 8601 UTC with milliseconds, from the virtual clock.
     * @example 2026-01-01T12:00:00.000Z
     */
    Timestamp: string;
    /**
     * @description ISO 4217 currency code.
     * @example USD
     */
    Currency: string;
    Money: {
      /** @description Minor units (cents). */
      amount: number;
      currency: components['schemas']['Currency'];
    };
    LatLng: {
      lat: number;
      lng: number;
    };
    /**
     * @description pending → driver_assigned → picked_up → delivered, or cancelled before the pickup. An order goes back from driver_assigned to pending, without an event, when its driver drops it on the way to the pickup; a second order.driver_assigned follows, or order.cancelled (reason driver_unavailable).
     * @enum {string}
     */
    OrderStatus: 'pending' | 'driver_assigned' | 'picked_up' | 'delivered' | 'cancelled';
    /** @enum {string} */
    EventName:
      | 'order.created'
      | 'order.driver_assigned'
      | 'order.picked_up'
      | 'order.delivered'
      | 'order.cancelled'
      | 'payment.completed';
    PlaceInput: {
      /** @description Street address. Geocoded deterministically inside the city when `location` is absent. */
      address: string;
      location?: components['schemas']['LatLng'];
      name?: string;
      phone?: string;
      instructions?: string;
    };
    Place: {
      address: string;
      location: components['schemas']['LatLng'];
      name: string | null;
      phone: string | null;
      instructions: string | null;
    };
    Item: {
      name: string;
      quantity: number;
      /** @description Minor units, in the order's currency. */
      unit_price: number;
    };
    /** @description Up to 20 string keys and values of your own, returned as given. */
    Metadata: {
      [key: string]: string;
    };
    CreateOrderRequest: {
      pickup: components['schemas']['PlaceInput'];
      dropoff: components['schemas']['PlaceInput'];
      items?: components['schemas']['Item'][];
      /** @description Tip for the driver, minor units. */
      tip?: number;
      external_reference?: string;
      metadata?: components['schemas']['Metadata'];
    };
    Vehicle: {
      /** @enum {string} */
      type: 'bicycle' | 'scooter' | 'car';
      description: string;
      plate: string | null;
    };
    OrderDriver: {
      driver_id: string;
      name: string;
      phone: string;
      rating: number;
      vehicle: components['schemas']['Vehicle'];
    };
    Pricing: {
      delivery_fee: number;
      tip: number;
      /** @description delivery_fee + tip. */
      total: number;
      currency: components['schemas']['Currency'];
    };
    OrderPayment: {
      /** @enum {string} */
      status: 'unpaid' | 'paid';
      payment_id: string | null;
    };
    Eta: {
      pickup_at: components['schemas']['Timestamp'] | null;
      dropoff_at: components['schemas']['Timestamp'] | null;
    };
    Cancellation: {
      /** @enum {string} */
      cancelled_by: 'customer' | 'restaurant' | 'system';
      reason: string | null;
      fee: components['schemas']['Money'];
      at: components['schemas']['Timestamp'];
    };
    TimelineEntry: {
      status: components['schemas']['OrderStatus'];
      at: components['schemas']['Timestamp'];
    };
    Order: {
      order_id: string;
      status: components['schemas']['OrderStatus'];
      pickup: components['schemas']['Place'];
      dropoff: components['schemas']['Place'];
      items: components['schemas']['Item'][];
      driver: components['schemas']['OrderDriver'] | null;
      /** @description Length of the delivery route from pickup to dropoff. */
      distance_km: number;
      pricing: components['schemas']['Pricing'];
      payment: components['schemas']['OrderPayment'];
      eta: components['schemas']['Eta'];
      cancellation: components['schemas']['Cancellation'] | null;
      timeline: components['schemas']['TimelineEntry'][];
      external_reference: string | null;
      metadata: components['schemas']['Metadata'];
      created_at: components['schemas']['Timestamp'];
      updated_at: components['schemas']['Timestamp'];
    };
    DriverLocation: {
      order_id: string;
      driver_id: string;
      location: components['schemas']['LatLng'];
      /** @description Compass heading, 0 = north, clockwise. */
      heading_deg: number;
      speed_kmh: number;
      /** @enum {string} */
      phase: 'to_pickup' | 'at_pickup' | 'to_dropoff';
      /** @description Distance left to the current target (the pickup, then the dropoff). */
      distance_remaining_km: number;
      /** @description Seconds from `updated_at` until the driver reaches the current target, as estimated when this report was recorded. */
      eta_seconds: number;
      /** @description When the driver's device recorded this report (virtual time). Drivers report every `location.update_interval` of the scenario (default 10 s, `--location-interval`): every read between two reports answers the same report, with the same `updated_at`. A driver whose position went stale (`Sandbox-Outcome: stale_location`) keeps answering its last report, so `updated_at` falls minutes behind the clock before it jumps ahead. */
      updated_at: components['schemas']['Timestamp'];
    };
    AvailableDriver: {
      driver_id: string;
      name: string;
      rating: number;
      vehicle: components['schemas']['Vehicle'];
      location: components['schemas']['LatLng'];
      distance_km: number;
    };
    AvailableDrivers: {
      drivers: components['schemas']['AvailableDriver'][];
      count: number;
      total: number;
      center: components['schemas']['LatLng'];
      radius_km: number;
    };
    PaymentRequest: {
      /** @description A test payment method such as `pm_card_visa` (see docs/accounts.md). */
      payment_method: string;
      /** @description Optional check; when given it must equal the amount due. */
      amount?: number;
      currency?: components['schemas']['Currency'];
    };
    Payment: {
      payment_id: string;
      order_id: string;
      /** @enum {string} */
      status: 'succeeded';
      amount: components['schemas']['Money'];
      payment_method: string;
      created_at: components['schemas']['Timestamp'];
    };
    ErrorDetail: {
      param: string | null;
      message: string;
    };
    ErrorResponse: {
      error: {
        /** @enum {string} */
        code: 'invalid_request' | 'unauthorized' | 'payment_required' | 'forbidden' | 'not_found';
        /** @description What failed, the offending value, and how to fix it. */
        message: string;
        /** @description The request parameter at fault (`pickup.address`, `items[0].quantity`, `lat`, `Authorization`). */
        param: string | null;
        reason: components['schemas']['ErrorReason'];
        /** @description Every validation failure, not just the first. */
        details: components['schemas']['ErrorDetail'][];
        request_id: string;
      };
    };
    OrderEvent: {
      event_id: string;
      event: components['schemas']['EventName'];
      created_at: components['schemas']['Timestamp'];
      /** @constant */
      api_version: 'v1';
      data: {
        order: components['schemas']['Order'];
      };
    };
    PaymentEvent: {
      event_id: string;
      /** @constant */
      event: 'payment.completed';
      created_at: components['schemas']['Timestamp'];
      /** @constant */
      api_version: 'v1';
      data: {
        order: components['schemas']['Order'];
        payment: components['schemas']['Payment'];
      };
    };
    /**
     * @description A finer, machine-readable cause (null for a plain validation failure). Generated from src/errors/catalogue.ts.
     * @enum {string|null}
     */
    ErrorReason:
      | null
      | 'malformed_json'
      | 'unsupported_content_type'
      | 'unsupported_content_encoding'
      | 'malformed_body'
      | 'bad_request'
      | 'body_too_large'
      | 'json_too_deep'
      | 'inflate_ratio_exceeded'
      | 'headers_too_large'
      | 'malformed_http'
      | 'expectation_failed'
      | 'missing_host'
      | 'connect_not_supported'
      | 'upgrade_chunked_body'
      | 'request_timeout'
      | 'too_many_connections'
      | 'host_not_allowed'
      | 'stream_origin_not_allowed'
      | 'too_many_streams'
      | 'invalid_idempotency_key'
      | 'invalid_outcome'
      | 'conflicting_outcomes'
      | 'idempotency_key_reused'
      | 'route_not_found'
      | 'method_not_allowed'
      | 'missing_api_key'
      | 'malformed_authorization'
      | 'malformed_api_key'
      | 'invalid_api_key'
      | 'sandbox_key_gone'
      | 'read_only_key'
      | 'other_account'
      | 'order_not_found'
      | 'account_delinquent'
      | 'out_of_service_area'
      | 'order_not_cancellable'
      | 'no_driver_assigned'
      | 'order_finished'
      | 'already_paid'
      | 'nothing_to_pay'
      | 'amount_mismatch'
      | 'currency_mismatch'
      | 'invalid_payment_method'
      | 'unknown_payment_method'
      | 'card_declined'
      | 'insufficient_funds'
      | 'expired_card'
      | 'invalid_fault_header'
      | 'injected_fault'
      | 'service_unavailable'
      | 'rate_limited'
      | 'shutting_down'
      | 'world_replaced'
      | 'sandbox_full';
  };
  responses: {
    /**
     * @description `invalid_request`: malformed JSON, a wrong Content-Type, unknown fields, wrong types,
     *     out-of-range values, or a state rule (reasons such as `order_not_cancellable`,
     *     `already_paid`, `nothing_to_pay`, `amount_mismatch`, `out_of_service_area`,
     *     `idempotency_key_reused`).
     */
    InvalidRequest: {
      headers: {
        'X-Request-Id': components['headers']['XRequestId'];
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['ErrorResponse'];
      };
    };
    /** @description `unauthorized`: a missing, malformed or unknown API key. */
    Unauthorized: {
      headers: {
        'X-Request-Id': components['headers']['XRequestId'];
        'WWW-Authenticate': components['headers']['WwwAuthenticate'];
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['ErrorResponse'];
      };
    };
    /** @description `payment_required`: a declined test card, or an account whose billing is delinquent. */
    PaymentRequired: {
      headers: {
        'X-Request-Id': components['headers']['XRequestId'];
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['ErrorResponse'];
      };
    };
    /** @description `forbidden`: a read-only key used for a write, or another account's order. */
    Forbidden: {
      headers: {
        'X-Request-Id': components['headers']['XRequestId'];
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['ErrorResponse'];
      };
    };
    /** @description `not_found`: no such order, no driver on it (reason `no_driver_assigned`), or it is finished (reason `order_finished`). */
    NotFound: {
      headers: {
        'X-Request-Id': components['headers']['XRequestId'];
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['ErrorResponse'];
      };
    };
    /** @description The request body is over 1 MiB (code `invalid_request`, reason `body_too_large`). */
    PayloadTooLarge: {
      headers: {
        'X-Request-Id': components['headers']['XRequestId'];
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['ErrorResponse'];
      };
    };
    /** @description Sandbox fault injection only (`Sandbox-Fault: 429` or a `faults.api` rule): reason `rate_limited`. */
    RateLimited: {
      headers: {
        'X-Request-Id': components['headers']['XRequestId'];
        'Retry-After': components['headers']['RetryAfter'];
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['ErrorResponse'];
      };
    };
    /** @description Sandbox fault injection only (`Sandbox-Fault: 500` or a `faults.api` rule): reason `injected_fault`. */
    InjectedServerError: {
      headers: {
        'X-Request-Id': components['headers']['XRequestId'];
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['ErrorResponse'];
      };
    };
    /** @description Sandbox fault injection only (`Sandbox-Fault: 503` or a `faults.api` rule): reason `service_unavailable`. */
    ServiceUnavailable: {
      headers: {
        'X-Request-Id': components['headers']['XRequestId'];
        'Retry-After': components['headers']['RetryAfter'];
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['ErrorResponse'];
      };
    };
  };
  parameters: {
    /** @description The order's identifier (`ord_…`). */
    OrderId: string;
    /**
     * @description Replays the first response for the same key and the same body within 24 hours of virtual
     *     time (header `Idempotent-Replayed: true`), with no second side effect. The same key with a
     *     different body answers `400`, reason `idempotency_key_reused`. Keys are scoped per account.
     */
    IdempotencyKey: string;
    /**
     * @description Sandbox only (the real service ignores it): chooses this order's path through the lifecycle,
     *     so parallel tests need not share a scenario. Recorded on the order in the control plane
     *     (`GET /__sandbox/orders`, `outcomes`), never in the `/v1` body. Deterministic under the seed.
     *     `no_driver`: never assigned; the system cancels at the scenario's `no_driver_timeout`
     *     (reason `no_driver_available`). `restaurant_cancels`: assigned as usual, then cancelled by the
     *     restaurant when the driver reaches the pickup (reason `restaurant_unable_to_prepare`).
     *     `system_cancels`: cancelled by the system at the scenario's `assign_after` (reason
     *     `cancelled_by_system`), never assigned. `slow_driver`: the usual path, the driver three times
     *     slower and waiting three times as long at the pickup. `fast`: dispatched at once, the driver
     *     twice as fast, no wait at the pickup. `driver_reassigned`: the first driver drops the order
     *     on the way to the pickup (the order is `pending` again, `driver` null), and 30 s later
     *     another is assigned (a second `order.driver_assigned` with a new `driver`; the trip
     *     restarts from that driver). `driver_lost`: the driver drops it and nobody replaces them; 2
     *     minutes later the system cancels, reason `driver_unavailable`, no fee. `pickup_delay`: the
     *     restaurant is late; when the driver reaches the pickup the wait becomes 5 to 20 minutes
     *     (seeded) and `eta` moves later. `stale_location`: a quarter into the trip the location
     *     stops updating for 2 to 5 minutes (its `updated_at` stays put), then jumps ahead.
     *     `eta_slip`: traffic half way to the pickup slows the driver to 40 to 70 % (seeded) and
     *     every `eta` moves later. Several combine as a comma list (`driver_reassigned, eta_slip`),
     *     except outcomes that exclude each other (two ways to end early, `slow_driver` with `fast`).
     *     Anything else: `400`, reason `invalid_outcome`. docs/simulation.md tables each outcome's
     *     events and what `/v1` and the streams show.
     */
    SandboxOutcome: string;
    /**
     * @description Sandbox only (the real service ignores it): answer this one request with an injected fault
     *     instead of its real answer, without touching shared state. `500`, `503` and `429` answer
     *     that error in the usual error shape (`503` and `429` with `Retry-After: 1`), reasons
     *     `injected_fault`, `service_unavailable`, `rate_limited`; `timeout` sends no answer at all
     *     until the client gives up (or the server's request time-out passes, then the connection is
     *     closed). Any other value answers `400`, reason `invalid_fault_header`. Rules for every
     *     request are set with `PUT /__sandbox/faults` or the scenario's `faults.api`.
     */
    SandboxFault: '500' | '503' | '429' | 'timeout';
    /** @description `sha256=` and the lowercase hex HMAC-SHA256 of the raw body, keyed with the endpoint secret. */
    WebhookSignature: string;
    WebhookEvent: components['schemas']['EventName'];
    /** @description 1 on the first attempt, counting up on each retry. */
    WebhookAttempt: number;
    WebhookUserAgent: 'Service-Webhooks/1.0';
  };
  requestBodies: never;
  headers: {
    /** @description The request's identifier (`req_…`), also echoed in error bodies. */
    XRequestId: string;
    /** @description `true` when this response is a replay of an earlier request with the same Idempotency-Key. */
    IdempotentReplayed: 'true';
    /** @description The authentication scheme to use. */
    WwwAuthenticate: string;
    /** @description Seconds to wait before retrying. */
    RetryAfter: string;
  };
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  createOrder: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description Replays the first response for the same key and the same body within 24 hours of virtual
         *     time (header `Idempotent-Replayed: true`), with no second side effect. The same key with a
         *     different body answers `400`, reason `idempotency_key_reused`. Keys are scoped per account.
         */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
        /**
         * @description Sandbox only (the real service ignores it): chooses this order's path through the lifecycle,
         *     so parallel tests need not share a scenario. Recorded on the order in the control plane
         *     (`GET /__sandbox/orders`, `outcomes`), never in the `/v1` body. Deterministic under the seed.
         *     `no_driver`: never assigned; the system cancels at the scenario's `no_driver_timeout`
         *     (reason `no_driver_available`). `restaurant_cancels`: assigned as usual, then cancelled by the
         *     restaurant when the driver reaches the pickup (reason `restaurant_unable_to_prepare`).
         *     `system_cancels`: cancelled by the system at the scenario's `assign_after` (reason
         *     `cancelled_by_system`), never assigned. `slow_driver`: the usual path, the driver three times
         *     slower and waiting three times as long at the pickup. `fast`: dispatched at once, the driver
         *     twice as fast, no wait at the pickup. `driver_reassigned`: the first driver drops the order
         *     on the way to the pickup (the order is `pending` again, `driver` null), and 30 s later
         *     another is assigned (a second `order.driver_assigned` with a new `driver`; the trip
         *     restarts from that driver). `driver_lost`: the driver drops it and nobody replaces them; 2
         *     minutes later the system cancels, reason `driver_unavailable`, no fee. `pickup_delay`: the
         *     restaurant is late; when the driver reaches the pickup the wait becomes 5 to 20 minutes
         *     (seeded) and `eta` moves later. `stale_location`: a quarter into the trip the location
         *     stops updating for 2 to 5 minutes (its `updated_at` stays put), then jumps ahead.
         *     `eta_slip`: traffic half way to the pickup slows the driver to 40 to 70 % (seeded) and
         *     every `eta` moves later. Several combine as a comma list (`driver_reassigned, eta_slip`),
         *     except outcomes that exclude each other (two ways to end early, `slow_driver` with `fast`).
         *     Anything else: `400`, reason `invalid_outcome`. docs/simulation.md tables each outcome's
         *     events and what `/v1` and the streams show.
         */
        'Sandbox-Outcome'?: components['parameters']['SandboxOutcome'];
        /**
         * @description Sandbox only (the real service ignores it): answer this one request with an injected fault
         *     instead of its real answer, without touching shared state. `500`, `503` and `429` answer
         *     that error in the usual error shape (`503` and `429` with `Retry-After: 1`), reasons
         *     `injected_fault`, `service_unavailable`, `rate_limited`; `timeout` sends no answer at all
         *     until the client gives up (or the server's request time-out passes, then the connection is
         *     closed). Any other value answers `400`, reason `invalid_fault_header`. Rules for every
         *     request are set with `PUT /__sandbox/faults` or the scenario's `faults.api`.
         */
        'Sandbox-Fault'?: components['parameters']['SandboxFault'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateOrderRequest'];
      };
    };
    responses: {
      /** @description The created order. */
      201: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          'Idempotent-Replayed': components['headers']['IdempotentReplayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Order'];
        };
      };
      400: components['responses']['InvalidRequest'];
      401: components['responses']['Unauthorized'];
      402: components['responses']['PaymentRequired'];
      403: components['responses']['Forbidden'];
      413: components['responses']['PayloadTooLarge'];
      429: components['responses']['RateLimited'];
      500: components['responses']['InjectedServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  retrieveOrder: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description Sandbox only (the real service ignores it): answer this one request with an injected fault
         *     instead of its real answer, without touching shared state. `500`, `503` and `429` answer
         *     that error in the usual error shape (`503` and `429` with `Retry-After: 1`), reasons
         *     `injected_fault`, `service_unavailable`, `rate_limited`; `timeout` sends no answer at all
         *     until the client gives up (or the server's request time-out passes, then the connection is
         *     closed). Any other value answers `400`, reason `invalid_fault_header`. Rules for every
         *     request are set with `PUT /__sandbox/faults` or the scenario's `faults.api`.
         */
        'Sandbox-Fault'?: components['parameters']['SandboxFault'];
      };
      path: {
        /** @description The order's identifier (`ord_…`). */
        order_id: components['parameters']['OrderId'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The order as it is now. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Order'];
        };
      };
      400: components['responses']['InvalidRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      429: components['responses']['RateLimited'];
      500: components['responses']['InjectedServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  cancelOrder: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description Sandbox only (the real service ignores it): answer this one request with an injected fault
         *     instead of its real answer, without touching shared state. `500`, `503` and `429` answer
         *     that error in the usual error shape (`503` and `429` with `Retry-After: 1`), reasons
         *     `injected_fault`, `service_unavailable`, `rate_limited`; `timeout` sends no answer at all
         *     until the client gives up (or the server's request time-out passes, then the connection is
         *     closed). Any other value answers `400`, reason `invalid_fault_header`. Rules for every
         *     request are set with `PUT /__sandbox/faults` or the scenario's `faults.api`.
         */
        'Sandbox-Fault'?: components['parameters']['SandboxFault'];
      };
      path: {
        /** @description The order's identifier (`ord_…`). */
        order_id: components['parameters']['OrderId'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The cancelled order. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Order'];
        };
      };
      400: components['responses']['InvalidRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      429: components['responses']['RateLimited'];
      500: components['responses']['InjectedServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  getOrderLocation: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description Sandbox only (the real service ignores it): answer this one request with an injected fault
         *     instead of its real answer, without touching shared state. `500`, `503` and `429` answer
         *     that error in the usual error shape (`503` and `429` with `Retry-After: 1`), reasons
         *     `injected_fault`, `service_unavailable`, `rate_limited`; `timeout` sends no answer at all
         *     until the client gives up (or the server's request time-out passes, then the connection is
         *     closed). Any other value answers `400`, reason `invalid_fault_header`. Rules for every
         *     request are set with `PUT /__sandbox/faults` or the scenario's `faults.api`.
         */
        'Sandbox-Fault'?: components['parameters']['SandboxFault'];
      };
      path: {
        /** @description The order's identifier (`ord_…`). */
        order_id: components['parameters']['OrderId'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Where the driver is now. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DriverLocation'];
        };
      };
      400: components['responses']['InvalidRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      429: components['responses']['RateLimited'];
      500: components['responses']['InjectedServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  listAvailableDrivers: {
    parameters: {
      query: {
        /** @description Latitude of the search centre. */
        lat: number;
        /** @description Longitude of the search centre. */
        lng: number;
        /** @description Search radius in kilometres. */
        radius?: number;
      };
      header?: {
        /**
         * @description Sandbox only (the real service ignores it): answer this one request with an injected fault
         *     instead of its real answer, without touching shared state. `500`, `503` and `429` answer
         *     that error in the usual error shape (`503` and `429` with `Retry-After: 1`), reasons
         *     `injected_fault`, `service_unavailable`, `rate_limited`; `timeout` sends no answer at all
         *     until the client gives up (or the server's request time-out passes, then the connection is
         *     closed). Any other value answers `400`, reason `invalid_fault_header`. Rules for every
         *     request are set with `PUT /__sandbox/faults` or the scenario's `faults.api`.
         */
        'Sandbox-Fault'?: components['parameters']['SandboxFault'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The available drivers, nearest first. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AvailableDrivers'];
        };
      };
      400: components['responses']['InvalidRequest'];
      401: components['responses']['Unauthorized'];
      429: components['responses']['RateLimited'];
      500: components['responses']['InjectedServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  payOrder: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description Replays the first response for the same key and the same body within 24 hours of virtual
         *     time (header `Idempotent-Replayed: true`), with no second side effect. The same key with a
         *     different body answers `400`, reason `idempotency_key_reused`. Keys are scoped per account.
         */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
        /**
         * @description Sandbox only (the real service ignores it): answer this one request with an injected fault
         *     instead of its real answer, without touching shared state. `500`, `503` and `429` answer
         *     that error in the usual error shape (`503` and `429` with `Retry-After: 1`), reasons
         *     `injected_fault`, `service_unavailable`, `rate_limited`; `timeout` sends no answer at all
         *     until the client gives up (or the server's request time-out passes, then the connection is
         *     closed). Any other value answers `400`, reason `invalid_fault_header`. Rules for every
         *     request are set with `PUT /__sandbox/faults` or the scenario's `faults.api`.
         */
        'Sandbox-Fault'?: components['parameters']['SandboxFault'];
      };
      path: {
        /** @description The order's identifier (`ord_…`). */
        order_id: components['parameters']['OrderId'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['PaymentRequest'];
      };
    };
    responses: {
      /** @description The payment succeeded. */
      201: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          'Idempotent-Replayed': components['headers']['IdempotentReplayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Payment'];
        };
      };
      400: components['responses']['InvalidRequest'];
      401: components['responses']['Unauthorized'];
      402: components['responses']['PaymentRequired'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      413: components['responses']['PayloadTooLarge'];
      429: components['responses']['RateLimited'];
      500: components['responses']['InjectedServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  onOrderCreated: {
    parameters: {
      query?: never;
      header: {
        /** @description `sha256=` and the lowercase hex HMAC-SHA256 of the raw body, keyed with the endpoint secret. */
        'X-Service-Signature': components['parameters']['WebhookSignature'];
        'X-Service-Event': components['parameters']['WebhookEvent'];
        /** @description 1 on the first attempt, counting up on each retry. */
        'X-Service-Delivery-Attempt': components['parameters']['WebhookAttempt'];
        'User-Agent': components['parameters']['WebhookUserAgent'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['OrderEvent'];
      };
    };
    responses: {
      /** @description Processed. Any other status is a failure and is retried. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  onOrderDriverAssigned: {
    parameters: {
      query?: never;
      header: {
        /** @description `sha256=` and the lowercase hex HMAC-SHA256 of the raw body, keyed with the endpoint secret. */
        'X-Service-Signature': components['parameters']['WebhookSignature'];
        'X-Service-Event': components['parameters']['WebhookEvent'];
        /** @description 1 on the first attempt, counting up on each retry. */
        'X-Service-Delivery-Attempt': components['parameters']['WebhookAttempt'];
        'User-Agent': components['parameters']['WebhookUserAgent'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['OrderEvent'];
      };
    };
    responses: {
      /** @description Processed. Any other status is a failure and is retried. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  onOrderPickedUp: {
    parameters: {
      query?: never;
      header: {
        /** @description `sha256=` and the lowercase hex HMAC-SHA256 of the raw body, keyed with the endpoint secret. */
        'X-Service-Signature': components['parameters']['WebhookSignature'];
        'X-Service-Event': components['parameters']['WebhookEvent'];
        /** @description 1 on the first attempt, counting up on each retry. */
        'X-Service-Delivery-Attempt': components['parameters']['WebhookAttempt'];
        'User-Agent': components['parameters']['WebhookUserAgent'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['OrderEvent'];
      };
    };
    responses: {
      /** @description Processed. Any other status is a failure and is retried. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  onOrderDelivered: {
    parameters: {
      query?: never;
      header: {
        /** @description `sha256=` and the lowercase hex HMAC-SHA256 of the raw body, keyed with the endpoint secret. */
        'X-Service-Signature': components['parameters']['WebhookSignature'];
        'X-Service-Event': components['parameters']['WebhookEvent'];
        /** @description 1 on the first attempt, counting up on each retry. */
        'X-Service-Delivery-Attempt': components['parameters']['WebhookAttempt'];
        'User-Agent': components['parameters']['WebhookUserAgent'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['OrderEvent'];
      };
    };
    responses: {
      /** @description Processed. Any other status is a failure and is retried. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  onOrderCancelled: {
    parameters: {
      query?: never;
      header: {
        /** @description `sha256=` and the lowercase hex HMAC-SHA256 of the raw body, keyed with the endpoint secret. */
        'X-Service-Signature': components['parameters']['WebhookSignature'];
        'X-Service-Event': components['parameters']['WebhookEvent'];
        /** @description 1 on the first attempt, counting up on each retry. */
        'X-Service-Delivery-Attempt': components['parameters']['WebhookAttempt'];
        'User-Agent': components['parameters']['WebhookUserAgent'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['OrderEvent'];
      };
    };
    responses: {
      /** @description Processed. Any other status is a failure and is retried. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  onPaymentCompleted: {
    parameters: {
      query?: never;
      header: {
        /** @description `sha256=` and the lowercase hex HMAC-SHA256 of the raw body, keyed with the endpoint secret. */
        'X-Service-Signature': components['parameters']['WebhookSignature'];
        'X-Service-Event': components['parameters']['WebhookEvent'];
        /** @description 1 on the first attempt, counting up on each retry. */
        'X-Service-Delivery-Attempt': components['parameters']['WebhookAttempt'];
        'User-Agent': components['parameters']['WebhookUserAgent'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['PaymentEvent'];
      };
    };
    responses: {
      /** @description Processed. Any other status is a failure and is retried. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
}

/*
 * Generated from the schemas of openapi/v1.yaml, sandbox.yaml and asyncapi.yaml by
 * scripts/generate-dashboard-types.mjs: do not edit. Change a document, then `npm run generate`.
 */

export type paths = Record<string, never>;
export type webhooks = Record<string, never>;
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
      timeline: [
        components['schemas']['TimelineEntry'],
        ...components['schemas']['TimelineEntry'][],
      ];
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
      | 'cross_site_request'
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
      | 'missing_admin_token'
      | 'invalid_admin_token'
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
      | 'invalid_transition'
      | 'no_driver_available'
      | 'driver_not_found'
      | 'trace_not_recording'
      | 'invalid_scenario'
      | 'too_many_webhook_endpoints'
      | 'endpoint_not_found'
      | 'event_not_found'
      | 'no_webhook_endpoint'
      | 'dashboard_not_built'
      | 'invalid_fault_header'
      | 'injected_fault'
      | 'service_unavailable'
      | 'rate_limited'
      | 'shutting_down'
      | 'world_replaced'
      | 'import_in_progress'
      | 'import_timed_out'
      | 'import_failed'
      | 'unknown_cursor'
      | 'invalid_sandbox_name'
      | 'invalid_ttl'
      | 'too_many_sandboxes'
      | 'sandbox_full'
      | 'sandbox_not_found';
    Index: {
      /** @constant */
      name: 'delivery-sandbox';
      version: string;
      scenario: string;
      api: string;
      openapi: string;
      control_plane: string;
      control_plane_openapi: string;
      health: string;
      /** @description Where the developer dashboard is (open it in a browser). */
      dashboard: string;
    };
    OpenApiDocument: {
      openapi: string;
      info: Record<string, never>;
      paths: Record<string, never>;
      components: Record<string, never>;
    };
    Health: {
      /** @constant */
      status: 'ok';
      version: string;
      /** @description The process that answered: `--node-name` (`DELIVERY_SANDBOX_NODE_NAME`), by default the machine's host name. Behind a load balancer, it tells the processes apart. */
      node: string;
      scenario: string;
      clock: components['schemas']['ClockState'];
    };
    ClockState: {
      /** @enum {string} */
      mode: 'realtime' | 'manual';
      speed: number;
      now: components['schemas']['Timestamp'];
    };
    SetClockRequest: {
      /** @enum {string} */
      mode?: 'realtime' | 'manual';
      /** @description Virtual seconds per real second in realtime mode. */
      speed?: number;
    };
    AdvanceClockRequest: {
      /** @description A duration: seconds (`90`), or `"90s"`, `"10m"`, `"1h30m"`, `"2d"`. At most 366 days. */
      by: string | number;
    };
    AdvanceClockResult: {
      now: components['schemas']['Timestamp'];
      fired: (components['schemas']['OrderEvent'] | components['schemas']['PaymentEvent'])[];
    };
    OrderList: {
      /** @description Whether more items lie beyond this page: older ones without a cursor or with ending_before, newer ones with starting_after (docs/persistence.md#pagination). */
      has_more: boolean;
      orders: components['schemas']['Order'][];
      /**
       * @description The outcome each listed order follows, by order id: its `Sandbox-Outcome` (a name, or
       *     the list of a combination), or the one drawn from the scenario's `outcomes` rates (orders
       *     on the normal path are absent). Kept beside the orders: the order itself is exactly
       *     what `/v1` shows, and the outcome is never part of it.
       */
      outcomes: {
        [key: string]: components['schemas']['OrderOutcomeChoice'];
      };
      /**
       * @description What the control plane may do to an order in each status, by status (every status is
       *     listed): an order's own actions are `allowed_actions[order.status]`. Keyed by status
       *     rather than by order, so it stays right for an order whose status changed since the
       *     list was read (the stream's events and the advance and cancel answers carry the order
       *     as `/v1` shows it, without this). From the lifecycle's status table.
       */
      allowed_actions: {
        [key: string]: components['schemas']['OrderActions'];
      };
    };
    IntegrationReport: {
      generated_at: components['schemas']['Timestamp'];
      since: components['schemas']['Timestamp'];
      summary: {
        coverage: {
          total: number;
          covered: number;
          not_covered: number;
          no_data: number;
        };
        /** @description How many violations; null while the report has no request data. */
        violations: number | null;
        /** @description How many requests earned a habit warning. */
        habits: number;
        /** @description `/v1` requests heard since the report started. */
        requests: number;
        probes: {
          passed: number;
          failed: number;
          inconclusive: number;
          not_probed: number;
        };
      };
      coverage: components['schemas']['CoverageEntry'][];
      violations: {
        /** @description Whether request data was available to look for violations. */
        available: boolean;
        note: string | null;
        items: components['schemas']['Violation'][];
      };
      /** @description Client habits worth a warning (`--fail-on habits` fails on them). */
      habits: {
        /** @enum {unknown} */
        habit: 'location_polled_too_often' | 'retry_after_ignored' | 'no_idempotency_key';
        message: string;
        count: number;
        request_ids:
          | []
          | [string]
          | [string, string]
          | [string, string, string]
          | [string, string, string, string]
          | [string, string, string, string, string];
      }[];
      receivers: components['schemas']['ReceiverScorecard'][];
    };
    /** @description Requests of the client that broke the contract, grouped by operation, parameter and rule, with one redacted example (no API key; personal, card-like and phone-like values masked; long values cut). */
    Violation: {
      /** @enum {unknown} */
      rule:
        | 'unknown_field'
        | 'wrong_type'
        | 'missing_field'
        | 'bad_value'
        | 'wrong_content_type'
        | 'read_only_key'
        | 'idempotency_key_changed';
      /** @description What the API told the first request of the group, or what to fix. */
      message: string;
      /** @description The first few requests that broke it. */
      request_ids:
        | []
        | [string]
        | [string, string]
        | [string, string, string]
        | [string, string, string, string]
        | [string, string, string, string, string];
      /** @description The operationId, e.g. `createOrder`. */
      operation: string;
      /** @description The parameter at fault, e.g. `notes`, `pickup.lat`, `Content-Type`. */
      param: string | null;
      count: number;
      example: {
        request_id: string;
        method: string;
        path: string;
        status: number | null;
        /** @description The request body, redacted and cut to 2 KiB. */
        body: string | null;
      };
    };
    CoverageEntry: {
      /** @description A stable id, e.g. `orders.cancel.fee`, `webhook.order.delivered.acknowledged`. */
      id: string;
      description: string;
      /** @enum {unknown} */
      source: 'requests' | 'deliveries';
      /**
       * @description `no_data`: the report has no data of this source yet (request situations before any `/v1` request since the report started).
       * @enum {unknown}
       */
      status: 'covered' | 'not_covered' | 'no_data';
      count: number;
      /** @description The first few request ids (`req_…`) or delivery ids (`dlv_…`) that prove it. */
      evidence:
        | []
        | [string]
        | [string, string]
        | [string, string, string]
        | [string, string, string, string]
        | [string, string, string, string, string];
    };
    ReceiverScorecard: {
      endpoint_id: string;
      url: string;
      /** @description Deliveries started (first attempts, test and manual ones included). */
      deliveries: number;
      /** @description Requests sent, retries and duplicates included (dropped first attempts are never sent). */
      attempts: number;
      first_attempts: number;
      first_attempt_successes: number;
      first_attempt_success_rate: number | null;
      /** @description Answers other than 200, by HTTP status. */
      non_200_by_status: {
        [key: string]: number;
      };
      no_answer: {
        timeout: number;
        connection: number;
      };
      /** @description Real latency of the requests sent (nearest-rank percentiles), against the time-out. */
      latency_ms: {
        p50: number | null;
        p95: number | null;
        max: number | null;
        timeout_ms: number;
      };
      duplicates: {
        sent: number;
        answered_200: number;
      };
      probe: components['schemas']['ProbeResult'] | null;
    };
    ProbeResult: {
      endpoint_id: string;
      url: string;
      probed_at: components['schemas']['Timestamp'];
      /**
       * @description `failed`: a forged request was answered 2xx. `passed`: every forgery refused and the
       *     genuine request accepted. `inconclusive`: no answer, or even the genuine request refused.
       * @enum {unknown}
       */
      status: 'passed' | 'failed' | 'inconclusive';
      message: string;
      cases: [
        {
          /** @enum {unknown} */
          case: 'valid' | 'wrong_signature' | 'altered_body' | 'unsigned';
          /** @enum {unknown} */
          expected: 'accepted' | 'rejected';
          response_status: number | null;
          error: string | null;
          duration_ms: number;
          /** @enum {unknown} */
          verdict: 'ok' | 'wrong' | 'no_answer';
        },
        {
          /** @enum {unknown} */
          case: 'valid' | 'wrong_signature' | 'altered_body' | 'unsigned';
          /** @enum {unknown} */
          expected: 'accepted' | 'rejected';
          response_status: number | null;
          error: string | null;
          duration_ms: number;
          /** @enum {unknown} */
          verdict: 'ok' | 'wrong' | 'no_answer';
        },
        {
          /** @enum {unknown} */
          case: 'valid' | 'wrong_signature' | 'altered_body' | 'unsigned';
          /** @enum {unknown} */
          expected: 'accepted' | 'rejected';
          response_status: number | null;
          error: string | null;
          duration_ms: number;
          /** @enum {unknown} */
          verdict: 'ok' | 'wrong' | 'no_answer';
        },
        {
          /** @enum {unknown} */
          case: 'valid' | 'wrong_signature' | 'altered_body' | 'unsigned';
          /** @enum {unknown} */
          expected: 'accepted' | 'rejected';
          response_status: number | null;
          error: string | null;
          duration_ms: number;
          /** @enum {unknown} */
          verdict: 'ok' | 'wrong' | 'no_answer';
        },
      ];
    };
    /** @description What the control plane may do to an order in one status. */
    OrderActions: {
      /** @description The statuses `POST /__sandbox/orders/{order_id}/advance` moves the order to, nearest first (the rest of the happy path); without `to` it goes to the first. Empty once the order is delivered or cancelled. */
      advance_to: components['schemas']['OrderStatus'][];
      /** @description Whether `POST /__sandbox/orders/{order_id}/cancel` cancels the order: only before pickup (an order already cancelled is answered unchanged). */
      cancel: boolean;
    };
    /**
     * @description A per-order outcome; see the `Sandbox-Outcome` header of `POST /v1/orders`.
     * @enum {string}
     */
    OrderOutcome:
      | 'no_driver'
      | 'restaurant_cancels'
      | 'system_cancels'
      | 'slow_driver'
      | 'fast'
      | 'driver_reassigned'
      | 'driver_lost'
      | 'pickup_delay'
      | 'stale_location'
      | 'eta_slip';
    /** @description The outcome an order follows (`Sandbox-Outcome`, or drawn from the scenario's `outcomes` rates): one name, or the list of a combination (`Sandbox-Outcome: driver_reassigned,eta_slip`). */
    OrderOutcomeChoice:
      | components['schemas']['OrderOutcome']
      | [
          components['schemas']['OrderOutcome'],
          components['schemas']['OrderOutcome'],
          ...components['schemas']['OrderOutcome'][],
        ];
    SandboxDriver: {
      driver_id: string;
      name: string;
      phone: string;
      rating: number;
      vehicle: components['schemas']['Vehicle'];
      /** @enum {string} */
      status: 'available' | 'on_order' | 'offline';
      location: components['schemas']['LatLng'];
      order_id: string | null;
    };
    DriverList: {
      /** @description Whether more items lie beyond this page: older ones without a cursor or with ending_before, newer ones with starting_after (docs/persistence.md#pagination). */
      has_more: boolean;
      drivers: components['schemas']['SandboxDriver'][];
    };
    /** @description [lat, lng] */
    LatLngPair: [number, number];
    City: {
      name: string;
      center: components['schemas']['LatLng'];
      radius_km: number;
      service_radius_km: number;
      /** @description The side of one block of the street grid, in degrees. */
      grid_block_deg: number;
      /** @description The land outline, or null when the sandbox has no map of this city. */
      land: components['schemas']['LatLngPair'][] | null;
      streets: {
        name: string;
        points: components['schemas']['LatLngPair'][];
      }[];
    };
    OrderRoute: {
      order_id: string;
      /** @enum {string} */
      status: 'pending' | 'driver_assigned' | 'picked_up';
      driver_id: string | null;
      pickup: components['schemas']['LatLng'];
      dropoff: components['schemas']['LatLng'];
      to_pickup: components['schemas']['LatLng'][];
      to_dropoff: components['schemas']['LatLng'][];
      /** @description The driver's wait at the pickup, as planned now (a late restaurant's included); null without a driver. */
      wait: components['schemas']['TimeSpan'] | null;
      /** @description When the driver's reports stop updating (`stale_location`); null when they never do. */
      stale: components['schemas']['TimeSpan'] | null;
      /** @description The drivers who dropped the order on the way to the pickup, first first. */
      dropped_by: string[];
    };
    TimeSpan: {
      /** Format: date-time */
      from: string;
      /** Format: date-time */
      until: string;
    };
    RouteList: {
      routes: components['schemas']['OrderRoute'][];
    };
    ResetRequest: {
      /** @description a bundled scenario name such as ci, or the scenario itself as an object, checked against scenarios/schema.json; never a file path (the sandbox reads no file named over HTTP), so to use a scenario file send its content, as the CLI's reset --scenario ./file.yaml does */
      scenario?: string | Record<string, never>;
      /** @description Overrides the scenario's seed. */
      seed?: string | number;
    };
    ResetResult: {
      /** @constant */
      status: 'ok';
      scenario: string;
      seed: string;
      clock: components['schemas']['ClockState'];
      /** @description Every account of the scenario now running, with its API keys (`sk_test_…` read and write, `rk_test_…` only read), so that a client that switched scenario knows which key to use. Only here, behind the admin token; health does not show them. */
      keys: components['schemas']['AccountKeys'][];
    };
    AccountKeys: {
      account_id: string;
      name: string;
      api_keys: string[];
    };
    SandboxRequest: {
      /** @description a bundled scenario name such as ci, or the scenario itself as an object, checked against scenarios/schema.json; never a file path (the sandbox reads no file named over HTTP), so to use a scenario file send its content, as the CLI's reset --scenario ./file.yaml does */
      scenario?: string | Record<string, never>;
      /** @description Overrides the scenario's seed. */
      seed?: string | number;
      /** @description Overrides the scenario's clock; kept by the sandbox's resets. */
      clock?: {
        /** @enum {string} */
        mode?: 'realtime' | 'manual';
        /** @description Virtual seconds per real second in realtime mode. */
        speed?: number;
        /**
         * Format: date-time
         * @description The virtual start time, from 2000-01-01T00:00:00Z to 2200-01-01T00:00:00Z.
         */
        start?: string;
      };
      /** @description Real time since the last use after which the sandbox is gone: seconds (`1800`), or `"30m"`, `"2h"`, `"1d"`; from 1 s to 7 days; default `1h`. */
      ttl?: string | number;
      /** @description Record a trace of this sandbox in memory, downloaded with `GET /__sandbox/sandboxes/{name}/trace` (docs/traces.md). Default false. */
      trace?: boolean;
    };
    SandboxAccount: {
      account_id: string;
      name: string;
      /** @description The account's (first) read-write key in this sandbox, or null when it has none. */
      api_key: string | null;
      /** @description The account's (first) read-only key in this sandbox, or null when it has none. */
      read_only_key: string | null;
    };
    Sandbox: {
      name: string;
      scenario: string;
      seed: string;
      clock: components['schemas']['ClockState'];
      /**
       * Format: date-time
       * @description When it was created (or last replaced), in real (wall-clock) time.
       */
      created_at: string;
      /**
       * Format: date-time
       * @description When it is gone unless used before, in real time (its last use plus its ttl).
       */
      expires_at: string;
      accounts: components['schemas']['SandboxAccount'][];
      /** @description Where to reach it, on the Host the request used. */
      urls: {
        api: string;
        control: string;
        stream: string;
        dashboard: string;
      };
    };
    SandboxList: {
      /** @description Whether more items lie beyond this page: older ones without a cursor or with ending_before, newer ones with starting_after (docs/persistence.md#pagination). */
      has_more: boolean;
      sandboxes: components['schemas']['Sandbox'][];
    };
    WebhookEndpoint: {
      endpoint_id: string;
      url: string;
      /** @description `whsec_…`: in full when created, masked (`whsec_…abcd`) in lists. */
      secret: string;
      events: string[];
      created_at: components['schemas']['Timestamp'];
    };
    WebhookEndpointList: {
      /** @description Whether more items lie beyond this page: older ones without a cursor or with ending_before, newer ones with starting_after (docs/persistence.md#pagination). */
      has_more: boolean;
      endpoints: components['schemas']['WebhookEndpoint'][];
    };
    CreateWebhookEndpointRequest: {
      /** @description An http or https URL (the sandbox also delivers to http://localhost receivers). */
      url: string;
      /** @description The signing secret: whsec_ followed by 8 to 100 letters, digits or underscores, such as whsec_my_test_secret; generated when absent. */
      secret?: string;
      /** @description Events to send; default `["*"]` (all). */
      events?:
        | []
        | [
            | '*'
            | 'order.created'
            | 'order.driver_assigned'
            | 'order.picked_up'
            | 'order.delivered'
            | 'order.cancelled'
            | 'payment.completed',
          ]
        | [
            (
              | '*'
              | 'order.created'
              | 'order.driver_assigned'
              | 'order.picked_up'
              | 'order.delivered'
              | 'order.cancelled'
              | 'payment.completed'
            ),
            (
              | '*'
              | 'order.created'
              | 'order.driver_assigned'
              | 'order.picked_up'
              | 'order.delivered'
              | 'order.cancelled'
              | 'payment.completed'
            ),
          ]
        | [
            (
              | '*'
              | 'order.created'
              | 'order.driver_assigned'
              | 'order.picked_up'
              | 'order.delivered'
              | 'order.cancelled'
              | 'payment.completed'
            ),
            (
              | '*'
              | 'order.created'
              | 'order.driver_assigned'
              | 'order.picked_up'
              | 'order.delivered'
              | 'order.cancelled'
              | 'payment.completed'
            ),
            (
              | '*'
              | 'order.created'
              | 'order.driver_assigned'
              | 'order.picked_up'
              | 'order.delivered'
              | 'order.cancelled'
              | 'payment.completed'
            ),
          ]
        | [
            (
              | '*'
              | 'order.created'
              | 'order.driver_assigned'
              | 'order.picked_up'
              | 'order.delivered'
              | 'order.cancelled'
              | 'payment.completed'
            ),
            (
              | '*'
              | 'order.created'
              | 'order.driver_assigned'
              | 'order.picked_up'
              | 'order.delivered'
              | 'order.cancelled'
              | 'payment.completed'
            ),
            (
              | '*'
              | 'order.created'
              | 'order.driver_assigned'
              | 'order.picked_up'
              | 'order.delivered'
              | 'order.cancelled'
              | 'payment.completed'
            ),
            (
              | '*'
              | 'order.created'
              | 'order.driver_assigned'
              | 'order.picked_up'
              | 'order.delivered'
              | 'order.cancelled'
              | 'payment.completed'
            ),
          ]
        | [
            (
              | '*'
              | 'order.created'
              | 'order.driver_assigned'
              | 'order.picked_up'
              | 'order.delivered'
              | 'order.cancelled'
              | 'payment.completed'
            ),
            (
              | '*'
              | 'order.created'
              | 'order.driver_assigned'
              | 'order.picked_up'
              | 'order.delivered'
              | 'order.cancelled'
              | 'payment.completed'
            ),
            (
              | '*'
              | 'order.created'
              | 'order.driver_assigned'
              | 'order.picked_up'
              | 'order.delivered'
              | 'order.cancelled'
              | 'payment.completed'
            ),
            (
              | '*'
              | 'order.created'
              | 'order.driver_assigned'
              | 'order.picked_up'
              | 'order.delivered'
              | 'order.cancelled'
              | 'payment.completed'
            ),
            (
              | '*'
              | 'order.created'
              | 'order.driver_assigned'
              | 'order.picked_up'
              | 'order.delivered'
              | 'order.cancelled'
              | 'payment.completed'
            ),
          ]
        | [
            (
              | '*'
              | 'order.created'
              | 'order.driver_assigned'
              | 'order.picked_up'
              | 'order.delivered'
              | 'order.cancelled'
              | 'payment.completed'
            ),
            (
              | '*'
              | 'order.created'
              | 'order.driver_assigned'
              | 'order.picked_up'
              | 'order.delivered'
              | 'order.cancelled'
              | 'payment.completed'
            ),
            (
              | '*'
              | 'order.created'
              | 'order.driver_assigned'
              | 'order.picked_up'
              | 'order.delivered'
              | 'order.cancelled'
              | 'payment.completed'
            ),
            (
              | '*'
              | 'order.created'
              | 'order.driver_assigned'
              | 'order.picked_up'
              | 'order.delivered'
              | 'order.cancelled'
              | 'payment.completed'
            ),
            (
              | '*'
              | 'order.created'
              | 'order.driver_assigned'
              | 'order.picked_up'
              | 'order.delivered'
              | 'order.cancelled'
              | 'payment.completed'
            ),
            (
              | '*'
              | 'order.created'
              | 'order.driver_assigned'
              | 'order.picked_up'
              | 'order.delivered'
              | 'order.cancelled'
              | 'payment.completed'
            ),
          ];
    };
    DeliveryAttempt: {
      /** @description This attempt's own id (the list's cursor, a proof in the integration report). The attempts of one delivery, one event to one endpoint, share `event_id` and `endpoint_id`; `attempt` counts them. */
      delivery_id: string;
      event_id: string;
      event: components['schemas']['EventName'];
      order_id: string | null;
      endpoint_id: string;
      url: string;
      /** @description The X-Service-Delivery-Attempt sent. */
      attempt: number;
      /**
       * @description `retrying`: this attempt failed and another is scheduled at `next_attempt_at`; `failed`: it failed and none is.
       * @enum {string}
       */
      status: 'succeeded' | 'failed' | 'retrying';
      response_status: number | null;
      /** @description Why the attempt failed, in words ("answered 204; the service expects 200"). */
      error: string | null;
      /** @description Real time the request took. */
      duration_ms: number;
      request: {
        /** @description Exactly the headers sent. `traceparent` is among them when the request that caused the attempt sent a valid one: the same trace id, a span id of this attempt's own (docs/observability.md). */
        headers: {
          [key: string]: string;
        };
        /** @description The raw body, exactly the bytes signed and sent. */
        body: string;
      };
      /** @description The first 4 KiB of the answer. */
      response_body: string | null;
      attempted_at: components['schemas']['Timestamp'];
      next_attempt_at: components['schemas']['Timestamp'] | null;
      /**
       * @description The injected fault that shaped this attempt, if any.
       * @enum {string|null}
       */
      fault: 'delayed' | 'reordered' | 'dropped' | 'duplicate' | null;
    };
    DeliveryList: {
      /** @description Whether more items lie beyond this page: older ones without a cursor or with ending_before, newer ones with starting_after (docs/persistence.md#pagination). */
      has_more?: boolean;
      deliveries: components['schemas']['DeliveryAttempt'][];
    };
    /** @description In a `PUT`, each part given replaces that part whole; a part left out stays as it is. */
    Faults: {
      webhooks?: components['schemas']['WebhookFaults'];
      /**
       * @description API fault rules on /v1, tried in order: the first whose `operation` matches a request
       *     applies. Draws come from the scenario's seed, so a run is repeatable. A request's
       *     `Sandbox-Fault` header takes precedence over the rules.
       */
      api?: components['schemas']['ApiFaultRule'][];
    };
    ApiFaultRule: {
      /**
       * @description The /v1 operationId the rule applies to; `*` (the default) for every one.
       * @enum {string}
       */
      operation?:
        | '*'
        | 'createOrder'
        | 'retrieveOrder'
        | 'cancelOrder'
        | 'getOrderLocation'
        | 'listAvailableDrivers'
        | 'payOrder';
      /** @description Real milliseconds added before the answer, fixed or a range. */
      latency_ms?:
        | number
        | {
            min: number;
            max: number;
          };
      /**
       * @description The error answered instead of the real one (503 and 429 with Retry-After).
       * @enum {integer}
       */
      error?: 500 | 503 | 429;
      /** @description Share of matching requests answered with `error`; default 1. */
      error_rate?: number;
      /** @description Seconds in Retry-After (503 and 429); default 1. */
      retry_after?: number;
      /** @description Share of matching requests whose connection is closed without an answer. */
      drop_rate?: number;
    };
    JournalBody: {
      /** @description The body as text, cut at the journal's body limit (8 KiB by default). */
      text: string | null;
      /** @description The whole body's length in bytes. */
      size: number;
      truncated: boolean;
    };
    JournalEntry: {
      /** @description The request id, as in `X-Request-Id`. */
      id: string;
      /** @description The world that answered (one more after each reset or import). */
      generation: number;
      /** @description The /v1 operationId, or null for a route the API does not have. */
      operation: string | null;
      method: string;
      path: string;
      query: {
        [key: string]: string | string[];
      };
      /** @description The order in the path, or the order a create made. */
      order_id: string | null;
      request: {
        /** @description Content-Type, Idempotency-Key, User-Agent, Sandbox-Fault, Sandbox-Outcome when sent; never Authorization. */
        headers: {
          [key: string]: string;
        };
        body: components['schemas']['JournalBody'];
      };
      /** @description The status answered; null when nothing was (dropped, held, or the client left first). */
      status: number | null;
      reason: string | null;
      error: null | {
        code: string;
        message: string;
        param: string | null;
        reason: string | null;
        details: components['schemas']['ErrorDetail'][];
      };
      /** @description Seconds of the Retry-After header answered. */
      retry_after: number | null;
      response: {
        /** @description Content-Type, Retry-After, Idempotent-Replayed, WWW-Authenticate, Allow when answered. */
        headers: {
          [key: string]: string;
        };
        body: components['schemas']['JournalBody'];
      };
      /** @description The account of the key used, once the key was known; the key itself is never kept. */
      account_id: string | null;
      /** @enum {string|null} */
      key_mode: 'read_write' | 'read_only' | null;
      /**
       * Format: date-time
       * @description Real time of arrival.
       */
      started_at: string;
      virtual_time: components['schemas']['Timestamp'];
      /** @description Real milliseconds to the answer (or to the connection's end). */
      duration_ms: number;
      fault: null | {
        /** @enum {string} */
        kind: 'latency' | 'error' | 'drop' | 'timeout';
        /** @enum {string} */
        source: 'rule' | 'header';
        /** @description The rule's index in `faults.api`. */
        rule: number | null;
        status: number | null;
        latency_ms: number;
      };
      /** @description The request's W3C `traceparent` (as version 00) when it sent a valid one; null when it sent none or an invalid one (ignored, as the Trace Context spec says). Every webhook attempt the request caused carries the same trace id with a span id of its own (docs/observability.md). */
      traceparent: string | null;
    };
    RequestList: {
      requests: components['schemas']['JournalEntry'][];
      has_more: boolean;
    };
    /** @description An HTTP Archive (HAR) 1.2 document. */
    HarLog: {
      log: {
        /** @constant */
        version: '1.2';
        creator: Record<string, never>;
        entries: Record<string, never>[];
      };
    };
    /** @description Webhook fault injection. Rates are probabilities from 0 to 1, drawn from the scenario's seed. */
    WebhookFaults: {
      /** @description Share of successful deliveries sent a second time. */
      duplicate_rate?: number;
      /** @description Virtual milliseconds added before a first attempt, fixed or a range. */
      delay_ms?:
        | number
        | {
            min: number;
            max: number;
          };
      /** @description Share of events held back until the order's next event has gone out. */
      reorder_rate?: number;
      /** @description Share of first attempts never sent (they count as failed and are retried). */
      drop_first_attempt_rate?: number;
    };
    ScenarioList: {
      scenarios: {
        name: string;
        description: string;
        current: boolean;
      }[];
    };
    /** @description virtual time in epoch milliseconds, from 2000-01-01T00:00:00Z (946684800000) to 2200-01-01T00:00:00Z (7258118400000) */
    ClockTime: number;
    /** @description a time in epoch milliseconds, from 2000-01-01T00:00:00Z (946684800000) to 2300-01-01T00:00:00Z (10413792000000), which leaves schedules room past the clock's last time */
    EpochMillis: number;
    SandboxState: {
      /** @constant */
      version: 1;
      scenario: string;
      seed: string;
      clock?: {
        now: components['schemas']['ClockTime'];
        /** @enum {string} */
        mode: 'realtime' | 'manual';
        speed: number;
      };
      counters: {
        [key: string]: number;
      };
      /** @description The generation of the world that held the state (1 at start, one more at each reset or import), mixed into its ids. An import counts on above it. Optional: states saved without it load as generation 0. */
      generation?: number;
      /** @description In a --data snapshot only: the last journal batch the snapshot contains (docs/persistence.md). Exports never carry it; an import ignores it. */
      journal_seq?: number;
      accounts: {
        account_id: string;
        name: string;
        /** @enum {string} */
        billing: 'ok' | 'delinquent';
        api_keys: string[];
      }[];
      drivers: {
        driver_id: string;
        name: string;
        phone: string;
        rating: number;
        vehicle: components['schemas']['Vehicle'];
        /** @enum {string} */
        status: 'available' | 'on_order' | 'offline';
        location: components['schemas']['LatLng'];
        order_id: string | null;
        speed_factor: number;
        offline_after_trip?: boolean;
      }[];
      orders: {
        account_id: string;
        order: components['schemas']['Order'];
        trip: components['schemas']['Trip'] | null;
        outcome?: components['schemas']['OrderOutcomeChoice'];
        /** @description The drivers who dropped this order (`driver_reassigned`, `driver_lost`), first first. */
        dropped_by?: string[];
      }[];
      payments: {
        account_id: string;
        payment: components['schemas']['Payment'];
      }[];
      events: (components['schemas']['OrderEvent'] | components['schemas']['PaymentEvent'])[];
      idempotency: {
        scope_key: string;
        fingerprint: string;
        status: number;
        body: unknown;
        created_at_ms: components['schemas']['EpochMillis'];
      }[];
      /** @description At most 100, as a sandbox keeps (`too_many_webhook_endpoints`). */
      webhook_endpoints: components['schemas']['WebhookEndpoint'][];
      deliveries: {
        key: string;
        event_id: string;
        endpoint_id: string;
        /** @enum {string} */
        status: 'pending' | 'retrying' | 'succeeded' | 'failed';
        attempts: number;
        next_attempt_at: components['schemas']['EpochMillis'] | null;
      }[];
      webhook_attempts: components['schemas']['DeliveryAttempt'][];
    };
    Trip: {
      driver_id: string;
      speed_kmh: number;
      to_pickup: [components['schemas']['LatLng'], ...components['schemas']['LatLng'][]];
      to_dropoff: [components['schemas']['LatLng'], ...components['schemas']['LatLng'][]];
      assigned_at: components['schemas']['EpochMillis'];
      pickup_arrive_at: components['schemas']['EpochMillis'];
      pickup_depart_at: components['schemas']['EpochMillis'];
      dropoff_arrive_at: components['schemas']['EpochMillis'];
      /** @description `driver_reassigned`, `driver_lost`: when this driver drops the order on the way to the pickup (the order goes back to `pending`). */
      drop_at?: components['schemas']['EpochMillis'];
      /** @description `eta_slip`: from when the driver moves at `slow_factor` of `speed_kmh` (traffic). */
      slow_from?: components['schemas']['EpochMillis'];
      slow_factor?: number;
      /** @description `stale_location`: from then until `stale_until` the reported location stays the one recorded last before `stale_from`, then jumps ahead. */
      stale_from?: components['schemas']['EpochMillis'];
      stale_until?: components['schemas']['EpochMillis'];
      /** @description The ETAs the order showed before they moved (`pickup_delay`, `eta_slip`), each until the moment it moved, oldest first; after the last one the trip's own times are shown. */
      earlier_etas?: {
        until: components['schemas']['EpochMillis'];
        pickup_arrive_at: components['schemas']['EpochMillis'];
        pickup_depart_at: components['schemas']['EpochMillis'];
        dropoff_arrive_at: components['schemas']['EpochMillis'];
      }[];
    };
    AdvanceOrderRequest: {
      /**
       * @description The status to go straight to; omit it for the next step.
       * @enum {string}
       */
      to?: 'driver_assigned' | 'picked_up' | 'delivered';
    };
    CancelOrderRequest: {
      /** @enum {string} */
      by: 'restaurant' | 'system';
      /** @description Recorded as `cancellation.reason`; defaults to `cancelled_by_restaurant` or `cancelled_by_system`. */
      reason?: string;
    };
    EventList: {
      /** @description Whether more items lie beyond this page: older ones without a cursor or with ending_before, newer ones with starting_after (docs/persistence.md#pagination). */
      has_more: boolean;
      events: (components['schemas']['OrderEvent'] | components['schemas']['PaymentEvent'])[];
    };
    StatusMessage: {
      /** @constant */
      type: 'status';
      data: components['schemas']['Order'];
    };
    LocationMessage: {
      /** @constant */
      type: 'location';
      data: components['schemas']['DriverLocation'];
    };
    HelloMessage: {
      /** @constant */
      type: 'hello';
      data: components['schemas']['WorldSummary'];
    };
    EventMessage: {
      /** @constant */
      type: 'event';
      data: components['schemas']['OrderEvent'] | components['schemas']['PaymentEvent'];
    };
    DeliveryMessage: {
      /** @constant */
      type: 'delivery';
      data: components['schemas']['DeliveryAttempt'];
    };
    ClockMessage: {
      /** @constant */
      type: 'clock';
      data: components['schemas']['ClockState'];
    };
    DriversMessage: {
      /** @constant */
      type: 'drivers';
      data: components['schemas']['DriverPosition'][];
    };
    ResetMessage: {
      /** @constant */
      type: 'reset';
      data: components['schemas']['WorldSummary'];
    };
    WorldSummary: {
      /** @description The running scenario's name. */
      scenario: string;
      seed: string;
      clock: components['schemas']['ClockState'];
      /** @description 1 for the sandbox's first world, one more at each reset or state import. */
      generation: number;
    };
    DriverPosition: {
      driver_id: string;
      /** @enum {string} */
      status: 'available' | 'on_order' | 'offline';
      /** @description On an order, the driver's last report (every `location.update_interval`, with the scenario's GPS noise); else where the driver stands. */
      location: components['schemas']['LatLng'];
      order_id: string | null;
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;

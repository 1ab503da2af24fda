/* eslint-disable */
/*
 * Generated from scenarios/schema.json by scripts/generate-types.mjs: do not edit.
 * Change the schema, then regenerate with `npm run generate`.
 */

/**
 * Seconds, or a duration such as 30s, 10m, 1h30m.
 */
export type Duration = number | string;
/**
 * API fault injection on /v1, off by default: rules tried in order, the first whose operation matches a request applies. Draws come from the scenario's seed.
 *
 * @maxItems 50
 */
export type ApiFaults = ApiFaultRule[];
/**
 * A name that later steps use to refer to this order.
 */
export type Ref = string;

/**
 * A scenario: the world a sandbox starts in (accounts and keys, the city, drivers, timing, fees, rules, clock).
 */
export interface ScenarioFile {
  $schema?: string;
  /**
   * Short name, lowercase with dashes.
   */
  name: string;
  description?: string;
  /**
   * Seed of every generated id, driver and random choice. Same seed, same run.
   */
  seed?: string | number;
  /**
   * Locale of the generated drivers: their names, phone numbers, vehicles and plates (faker's locale names). Default en_US.
   */
  locale?: 'en_US' | 'en_GB' | 'fr' | 'de' | 'es';
  city?: {
    name?: string;
    center?: LatLng;
    /**
     * Drivers and geocoded addresses fall inside this circle (on land, in a city the sandbox has a map of), except addresses on a street the map knows, placed at that street. Default 8.
     */
    radius_km?: number;
    /**
     * Largest pickup-to-dropoff distance accepted. Default 30.
     */
    service_radius_km?: number;
  };
  /**
   * @minItems 1
   * @maxItems 100
   */
  accounts: {
    /**
     * The account id, acct_…
     */
    id: string;
    name?: string;
    /**
     * delinquent: creating orders answers 402 payment_required.
     */
    billing?: 'ok' | 'delinquent';
    /**
     * @minItems 1
     *
     * Items: sk_test_… read-write, rk_test_… read-only.
     */
    api_keys: string[];
  }[];
  drivers?: {
    /**
     * How many drivers to generate. Default 50.
     */
    count?: number;
    /**
     * Relative weights of each vehicle type among generated drivers.
     */
    vehicles?: {
      bicycle?: number;
      scooter?: number;
      car?: number;
    };
    /**
     * Drivers to add as written (besides `count` generated ones; `count` defaults to 0 when a list is given).
     *
     * @maxItems 10000
     */
    list?: {
      id?: string;
      name?: string;
      phone?: string;
      rating?: number;
      vehicle?: {
        type: 'bicycle' | 'scooter' | 'car';
        description?: string;
        plate?: string | null;
      };
      location: LatLng;
      status?: 'available' | 'offline';
    }[];
  };
  timing?: {
    /**
     * Delay before dispatch looks for a driver. Default 30s.
     */
    assign_after?: number | string;
    /**
     * Time the driver waits at the pickup. Default 2m.
     */
    pickup_wait?: number | string;
    /**
     * With no driver found by then, the system cancels. Default 10m.
     */
    no_driver_timeout?: number | string;
  };
  dispatch?: {
    /**
     * Search radius around the pickup. Default 5.
     */
    radius_km?: number;
  };
  /**
   * Share of the orders created without a Sandbox-Outcome header that follow each outcome (0 to 1; together at most 1), drawn per order from the seed. Example: { driver_reassigned: 0.05, eta_slip: 0.1 }. Default: none, every order on the normal path.
   */
  outcomes?: {
    no_driver?: number;
    restaurant_cancels?: number;
    system_cancels?: number;
    slow_driver?: number;
    fast?: number;
    driver_reassigned?: number;
    driver_lost?: number;
    pickup_delay?: number;
    stale_location?: number;
    eta_slip?: number;
  };
  /**
   * How drivers report their position.
   */
  location?: {
    /**
     * Virtual time between two position reports of a driver (at least 1s, at most 10m). Reads between two reports see the same point and its recorded time; the streams send at this cadence. Default 10s; --location-interval overrides it.
     */
    update_interval?: number | string;
    /**
     * Seeded GPS noise on reported points, in metres (the trip itself stays on its route). Default 0.
     */
    gps_noise_m?: number;
  };
  /**
   * Speeds by time of day.
   */
  traffic?: {
    /**
     * flat: the same speed all day (default). rush_hour: at the city's local hour (from its longitude, 15 degrees an hour) drivers assigned 07:00-09:59 and 16:00-18:59 go at 60 % of their speed, 12:00-13:59 at 80 %.
     */
    profile?: 'flat' | 'rush_hour';
  };
  fees?: {
    currency?: string;
    base?: number;
    per_km?: number;
    cancellation_percent?: number;
  };
  rules?: {
    /**
     * How a cancellation after pickup is refused: 400 invalid_request (default) or 403 forbidden.
     */
    cancel_after_pickup?: 'invalid_request' | 'forbidden';
  };
  clock?: {
    mode?: 'realtime' | 'manual';
    speed?: number;
    /**
     * Virtual start time, from 2000-01-01T00:00:00Z to 2200-01-01T00:00:00Z; default: the wall clock at start.
     */
    start?: string;
  };
  /**
   * Route geometry to follow instead of the street grid, between two points (each end matched within 50 m, in either direction).
   *
   * @maxItems 1000
   */
  routes?: {
    from: LatLng;
    to: LatLng;
    /**
     * The points between from and to, in order.
     *
     * @maxItems 10000
     */
    path: LatLng[];
  }[];
  webhooks?: {
    /**
     * @maxItems 100
     */
    endpoints?: {
      /**
       * Where to POST events: an http(s) URL such as http://localhost:3000/webhooks.
       */
      url: string;
      /**
       * Signing secret: whsec_ followed by 8 to 100 letters, digits or underscores, such as whsec_my_test_secret; generated from the seed when absent.
       */
      secret?: string;
      /**
       * Events to send; default ["*"] (all).
       *
       * @minItems 1
       */
      events?: (
        | '*'
        | 'order.created'
        | 'order.driver_assigned'
        | 'order.picked_up'
        | 'order.delivered'
        | 'order.cancelled'
        | 'payment.completed'
      )[];
    }[];
    /**
     * Delays before each retry after a failed attempt. Default 5s, 5m, 30m, 2h, 5h, 10h, 10h (8 attempts in all).
     *
     * @maxItems 50
     */
    retry_schedule?: Duration[];
    /**
     * Which answers count as success: exactly 200 (default, as the service says), or any 2xx.
     */
    accept?: '200' | '2xx';
    /**
     * Seconds, or a duration such as 30s, 10m, 1h30m.
     */
    timeout?: number | string;
    /**
     * Requests in flight to one endpoint at once. Default 8.
     */
    max_concurrent_per_endpoint?: number;
    /**
     * Run the signature probe on every endpoint once, at start and when it is registered: one genuine and three forged requests (wrong signature, altered body, unsigned); a receiver that answers 2xx to a forged one fails it in the integration report. Default false.
     */
    probe?: boolean;
  };
  faults?: {
    webhooks?: WebhookFaults;
    api?: ApiFaults;
  };
  /**
   * How much history the sandbox keeps, so its memory and its --data file plateau under sustained load (docs/persistence.md). The oldest records beyond a limit are dropped; active orders and pending deliveries never are. CLI flags and DELIVERY_SANDBOX_RETAIN_* variables override these.
   */
  retention?: {
    /**
     * Delivered and cancelled orders kept (with their payments); the oldest finished ones beyond are dropped. Default 10000.
     */
    finished_orders?: number;
    /**
     * Events kept for GET /__sandbox/events and redelivery; the oldest beyond are dropped. Default 20000.
     */
    events?: number;
    /**
     * Finished webhook delivery records (succeeded or failed) kept; pending and retrying ones are always kept. Default 20000.
     */
    deliveries?: number;
    /**
     * Webhook attempts kept in the delivery log (GET /__sandbox/webhooks/deliveries). Default 10000.
     */
    attempts?: number;
    /**
     * With --data: the journal size in bytes past which it is compacted into a new snapshot. Default 67108864 (64 MiB).
     */
    journal_bytes?: number;
    /**
     * Seconds, or a duration such as 30s, 10m, 1h30m.
     */
    idempotency_ttl?: number | string;
    /**
     * Idempotency keys remembered at most (with their answers); past it the oldest are forgotten before their TTL, so sustained load with unique keys plateaus. Default 10000.
     */
    idempotency_keys?: number;
  };
  /**
   * Orders that exist when the sandbox starts, in any state. Their history is recorded as events (not sent as webhooks).
   *
   * @maxItems 10000
   */
  orders?: {
    ref?: Ref;
    /**
     * Whose order it is; default the first account.
     */
    account?: string;
    /**
     * Default pending.
     */
    status?: 'pending' | 'driver_assigned' | 'picked_up' | 'delivered' | 'cancelled';
    /**
     * Paid with pm_card_visa.
     */
    paid?: boolean;
    /**
     * With status cancelled; default customer.
     */
    cancelled_by?: 'customer' | 'restaurant' | 'system';
    order: OrderBody;
  }[];
  /**
   * Steps the sandbox runs by itself, at a virtual time or after an event.
   *
   * @maxItems 10000
   */
  script?: {
    /**
     * When: an offset from the start ("5m", "1h30m") or an ISO time ("2026-01-01T12:05:00Z").
     */
    at?: string;
    /**
     * When: once an event fires (for the order `order`, if given).
     */
    after?: {
      event:
        | 'order.created'
        | 'order.driver_assigned'
        | 'order.picked_up'
        | 'order.delivered'
        | 'order.cancelled'
        | 'payment.completed';
      order?: Ref;
    };
    /**
     * Seconds, or a duration such as 30s, 10m, 1h30m.
     */
    delay?: number | string;
    do: 'create_order' | 'advance_order' | 'cancel_order' | 'driver_offline' | 'driver_online';
    ref?: Ref;
    account?: string;
    /**
     * create_order: the order body; other actions: the ref (or id) of the order.
     */
    order?: Ref | string | OrderBody;
    to?: 'driver_assigned' | 'picked_up' | 'delivered';
    by?: 'customer' | 'restaurant' | 'system';
    reason?: string;
    driver?: string;
  }[];
}
export interface LatLng {
  lat: number;
  lng: number;
}
/**
 * Webhook fault injection, off by default. Rates are probabilities from 0 to 1, drawn from the scenario's seed.
 */
export interface WebhookFaults {
  /**
   * Share of successful deliveries sent a second time.
   */
  duplicate_rate?: number;
  /**
   * Virtual milliseconds added before a first attempt: a number, or a range { min, max }.
   */
  delay_ms?:
    | number
    | {
        min: number;
        max: number;
      };
  /**
   * Share of events held back until the order's next event has gone out (out-of-order delivery).
   */
  reorder_rate?: number;
  /**
   * Share of first attempts never sent (they count as failed and are retried).
   */
  drop_first_attempt_rate?: number;
}
/**
 * One API fault rule: added latency, an error answer at a rate, or a dropped connection.
 */
export interface ApiFaultRule {
  /**
   * The /v1 operation (its operationId) the rule applies to, or * for every one.
   */
  operation?:
    | '*'
    | 'createOrder'
    | 'retrieveOrder'
    | 'cancelOrder'
    | 'getOrderLocation'
    | 'listAvailableDrivers'
    | 'payOrder';
  /**
   * Real milliseconds added before the answer (what a client's time-out sees): a number, or a range { min, max }.
   */
  latency_ms?:
    | number
    | {
        min: number;
        max: number;
      };
  /**
   * The error to answer instead of the real one: 500, 503 or 429 (503 and 429 with Retry-After).
   */
  error?: 500 | 503 | 429;
  /**
   * Share of matching requests answered with `error`. Default 1 when `error` is given.
   */
  error_rate?: number;
  /**
   * Seconds in the Retry-After header of 503 and 429 answers. Default 1.
   */
  retry_after?: number;
  /**
   * Share of matching requests whose connection is closed without an answer.
   */
  drop_rate?: number;
}
/**
 * An order as POST /v1/orders takes it.
 */
export interface OrderBody {
  pickup: Place;
  dropoff: Place;
  /**
   * @maxItems 100
   */
  items?: {
    name: string;
    quantity: number;
    unit_price: number;
  }[];
  tip?: number;
  external_reference?: string;
  metadata?: Metadata;
}
export interface Place {
  address: string;
  location?: LatLng;
  name?: string;
  phone?: string;
  instructions?: string;
}
/**
 * Up to 20 string keys and values of your own, returned as given.
 */
export interface Metadata {
  [k: string]: string;
}

/**
 * A scenario file once validated: every property the schema gives a default is present.
 */
export interface ScenarioFileWithDefaults {
  $schema?: string;
  /**
   * Short name, lowercase with dashes.
   */
  name: string;
  description: string;
  /**
   * Seed of every generated id, driver and random choice. Same seed, same run.
   */
  seed?: string | number;
  /**
   * Locale of the generated drivers: their names, phone numbers, vehicles and plates (faker's locale names). Default en_US.
   */
  locale: 'en_US' | 'en_GB' | 'fr' | 'de' | 'es';
  city: {
    name: string;
    center: LatLng;
    /**
     * Drivers and geocoded addresses fall inside this circle (on land, in a city the sandbox has a map of), except addresses on a street the map knows, placed at that street. Default 8.
     */
    radius_km: number;
    /**
     * Largest pickup-to-dropoff distance accepted. Default 30.
     */
    service_radius_km: number;
  };
  /**
   * @minItems 1
   * @maxItems 100
   */
  accounts: {
    /**
     * The account id, acct_…
     */
    id: string;
    name?: string;
    /**
     * delinquent: creating orders answers 402 payment_required.
     */
    billing: 'ok' | 'delinquent';
    /**
     * @minItems 1
     *
     * Items: sk_test_… read-write, rk_test_… read-only.
     */
    api_keys: string[];
  }[];
  drivers: {
    /**
     * How many drivers to generate. Default 50.
     */
    count?: number;
    /**
     * Relative weights of each vehicle type among generated drivers.
     */
    vehicles: {
      bicycle: number;
      scooter: number;
      car: number;
    };
    /**
     * Drivers to add as written (besides `count` generated ones; `count` defaults to 0 when a list is given).
     *
     * @maxItems 10000
     */
    list?: {
      id?: string;
      name?: string;
      phone?: string;
      rating?: number;
      vehicle?: {
        type: 'bicycle' | 'scooter' | 'car';
        description?: string;
        plate?: string | null;
      };
      location: LatLng;
      status?: 'available' | 'offline';
    }[];
  };
  timing: {
    /**
     * Delay before dispatch looks for a driver. Default 30s.
     */
    assign_after: number | string;
    /**
     * Time the driver waits at the pickup. Default 2m.
     */
    pickup_wait: number | string;
    /**
     * With no driver found by then, the system cancels. Default 10m.
     */
    no_driver_timeout: number | string;
  };
  dispatch: {
    /**
     * Search radius around the pickup. Default 5.
     */
    radius_km: number;
  };
  /**
   * Share of the orders created without a Sandbox-Outcome header that follow each outcome (0 to 1; together at most 1), drawn per order from the seed. Example: { driver_reassigned: 0.05, eta_slip: 0.1 }. Default: none, every order on the normal path.
   */
  outcomes: {
    no_driver?: number;
    restaurant_cancels?: number;
    system_cancels?: number;
    slow_driver?: number;
    fast?: number;
    driver_reassigned?: number;
    driver_lost?: number;
    pickup_delay?: number;
    stale_location?: number;
    eta_slip?: number;
  };
  /**
   * How drivers report their position.
   */
  location: {
    /**
     * Virtual time between two position reports of a driver (at least 1s, at most 10m). Reads between two reports see the same point and its recorded time; the streams send at this cadence. Default 10s; --location-interval overrides it.
     */
    update_interval: number | string;
    /**
     * Seeded GPS noise on reported points, in metres (the trip itself stays on its route). Default 0.
     */
    gps_noise_m: number;
  };
  /**
   * Speeds by time of day.
   */
  traffic: {
    /**
     * flat: the same speed all day (default). rush_hour: at the city's local hour (from its longitude, 15 degrees an hour) drivers assigned 07:00-09:59 and 16:00-18:59 go at 60 % of their speed, 12:00-13:59 at 80 %.
     */
    profile: 'flat' | 'rush_hour';
  };
  fees: {
    currency: string;
    base: number;
    per_km: number;
    cancellation_percent: number;
  };
  rules: {
    /**
     * How a cancellation after pickup is refused: 400 invalid_request (default) or 403 forbidden.
     */
    cancel_after_pickup: 'invalid_request' | 'forbidden';
  };
  clock: {
    mode: 'realtime' | 'manual';
    speed: number;
    /**
     * Virtual start time, from 2000-01-01T00:00:00Z to 2200-01-01T00:00:00Z; default: the wall clock at start.
     */
    start?: string;
  };
  /**
   * Route geometry to follow instead of the street grid, between two points (each end matched within 50 m, in either direction).
   *
   * @maxItems 1000
   */
  routes: {
    from: LatLng;
    to: LatLng;
    /**
     * The points between from and to, in order.
     *
     * @maxItems 10000
     */
    path: LatLng[];
  }[];
  webhooks: {
    /**
     * @maxItems 100
     */
    endpoints: {
      /**
       * Where to POST events: an http(s) URL such as http://localhost:3000/webhooks.
       */
      url: string;
      /**
       * Signing secret: whsec_ followed by 8 to 100 letters, digits or underscores, such as whsec_my_test_secret; generated from the seed when absent.
       */
      secret?: string;
      /**
       * Events to send; default ["*"] (all).
       *
       * @minItems 1
       */
      events: (
        | '*'
        | 'order.created'
        | 'order.driver_assigned'
        | 'order.picked_up'
        | 'order.delivered'
        | 'order.cancelled'
        | 'payment.completed'
      )[];
    }[];
    /**
     * Delays before each retry after a failed attempt. Default 5s, 5m, 30m, 2h, 5h, 10h, 10h (8 attempts in all).
     *
     * @maxItems 50
     */
    retry_schedule: Duration[];
    /**
     * Which answers count as success: exactly 200 (default, as the service says), or any 2xx.
     */
    accept: '200' | '2xx';
    /**
     * Seconds, or a duration such as 30s, 10m, 1h30m.
     */
    timeout: number | string;
    /**
     * Requests in flight to one endpoint at once. Default 8.
     */
    max_concurrent_per_endpoint: number;
    /**
     * Run the signature probe on every endpoint once, at start and when it is registered: one genuine and three forged requests (wrong signature, altered body, unsigned); a receiver that answers 2xx to a forged one fails it in the integration report. Default false.
     */
    probe: boolean;
  };
  faults: {
    webhooks: WebhookFaults;
    api: ApiFaults;
  };
  /**
   * How much history the sandbox keeps, so its memory and its --data file plateau under sustained load (docs/persistence.md). The oldest records beyond a limit are dropped; active orders and pending deliveries never are. CLI flags and DELIVERY_SANDBOX_RETAIN_* variables override these.
   */
  retention: {
    /**
     * Delivered and cancelled orders kept (with their payments); the oldest finished ones beyond are dropped. Default 10000.
     */
    finished_orders: number;
    /**
     * Events kept for GET /__sandbox/events and redelivery; the oldest beyond are dropped. Default 20000.
     */
    events: number;
    /**
     * Finished webhook delivery records (succeeded or failed) kept; pending and retrying ones are always kept. Default 20000.
     */
    deliveries: number;
    /**
     * Webhook attempts kept in the delivery log (GET /__sandbox/webhooks/deliveries). Default 10000.
     */
    attempts: number;
    /**
     * With --data: the journal size in bytes past which it is compacted into a new snapshot. Default 67108864 (64 MiB).
     */
    journal_bytes: number;
    /**
     * Seconds, or a duration such as 30s, 10m, 1h30m.
     */
    idempotency_ttl: number | string;
    /**
     * Idempotency keys remembered at most (with their answers); past it the oldest are forgotten before their TTL, so sustained load with unique keys plateaus. Default 10000.
     */
    idempotency_keys: number;
  };
  /**
   * Orders that exist when the sandbox starts, in any state. Their history is recorded as events (not sent as webhooks).
   *
   * @maxItems 10000
   */
  orders: {
    ref?: Ref;
    /**
     * Whose order it is; default the first account.
     */
    account?: string;
    /**
     * Default pending.
     */
    status?: 'pending' | 'driver_assigned' | 'picked_up' | 'delivered' | 'cancelled';
    /**
     * Paid with pm_card_visa.
     */
    paid?: boolean;
    /**
     * With status cancelled; default customer.
     */
    cancelled_by?: 'customer' | 'restaurant' | 'system';
    order: OrderBody;
  }[];
  /**
   * Steps the sandbox runs by itself, at a virtual time or after an event.
   *
   * @maxItems 10000
   */
  script: {
    /**
     * When: an offset from the start ("5m", "1h30m") or an ISO time ("2026-01-01T12:05:00Z").
     */
    at?: string;
    /**
     * When: once an event fires (for the order `order`, if given).
     */
    after?: {
      event:
        | 'order.created'
        | 'order.driver_assigned'
        | 'order.picked_up'
        | 'order.delivered'
        | 'order.cancelled'
        | 'payment.completed';
      order?: Ref;
    };
    /**
     * Seconds, or a duration such as 30s, 10m, 1h30m.
     */
    delay?: number | string;
    do: 'create_order' | 'advance_order' | 'cancel_order' | 'driver_offline' | 'driver_online';
    ref?: Ref;
    account?: string;
    /**
     * create_order: the order body; other actions: the ref (or id) of the order.
     */
    order?: Ref | string | OrderBody;
    to?: 'driver_assigned' | 'picked_up' | 'delivered';
    by?: 'customer' | 'restaurant' | 'system';
    reason?: string;
    driver?: string;
  }[];
}

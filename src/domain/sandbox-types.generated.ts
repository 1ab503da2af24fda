/*
 * Generated from openapi/sandbox.yaml (with the /v1 schemas of openapi/v1.yaml merged in) by
 * scripts/generate-sandbox-types.mjs: do not edit. Change a document, then `npm run generate`.
 */

export interface paths {
  '/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Where everything is */
    get: operations['sandboxIndex'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/dashboard/{file}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A file of the dashboard (its script and style, with a content hash in the name) */
    get: operations['dashboardAsset'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/openapi.json': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The /v1 OpenAPI 3.1 document (with its webhooks section) */
    get: operations['v1OpenApiDocument'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/__sandbox/openapi.json': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** This document */
    get: operations['sandboxOpenApiDocument'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/__sandbox/health': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Liveness and what is running
     * @description Used by the Docker `HEALTHCHECK`. Never needs the admin token.
     */
    get: operations['sandboxHealth'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/__sandbox/metrics': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Prometheus metrics of the server
     * @description The Prometheus text exposition format (docs/observability.md): requests by route template and
     *     status, webhook attempts by outcome, pending retries, orders by status (those three per
     *     sandbox, labelled `sandbox`), the named sandboxes, and the process's event-loop lag and heap.
     *     Server-wide: under a sandbox's path (`/__sandbox/sandboxes/{name}/metrics`) it answers the
     *     same text, so scrape this one path once. Needs the admin token when one is set.
     */
    get: operations['sandboxMetrics'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/__sandbox/clock': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** How virtual time runs, and what time it is */
    get: operations['sandboxGetClock'];
    /**
     * Switch between realtime and manual, or change the speed
     * @description `realtime` runs `speed` virtual seconds per real second; `manual` stands still until
     *     `POST /__sandbox/clock/advance`. Virtual time does not jump when the mode changes.
     */
    put: operations['sandboxSetClock'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/__sandbox/clock/advance': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Move virtual time forward, running everything due on the way
     * @description Runs every dispatch, pickup, delivery and timeout that falls due, in time order, each at
     *     its own virtual time, then sets the clock to the target. Answers the new time and every
     *     event that fired, oldest first. Works in either clock mode (in `realtime` it is a jump).
     */
    post: operations['sandboxAdvanceClock'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/__sandbox/orders': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The orders of every account, a page at a time (newest last) */
    get: operations['sandboxListOrders'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/__sandbox/drivers': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The drivers with their live position, a page at a time */
    get: operations['sandboxListDrivers'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/__sandbox/world': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * What runs now, with every account's keys
     * @description The same answer as a reset or a state import gives, without changing anything.
     */
    get: operations['sandboxDescribeWorld'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/__sandbox/city': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The scenario's city as a map draws it */
    get: operations['sandboxGetCity'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/__sandbox/routes': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Every active order's pickup, dropoff and driver's route */
    get: operations['sandboxListRoutes'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/__sandbox/reset': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Back to a fresh scenario state
     * @description Discards every order, payment and event and starts again from the scenario (by default
     *     the one running) and seed (by default the scenario's, or the one given at start). The
     *     clock restarts from the scenario's start time.
     */
    post: operations['sandboxReset'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/__sandbox/webhook-endpoints': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The registered webhook endpoints (secrets masked) */
    get: operations['sandboxListWebhookEndpoints'];
    put?: never;
    /**
     * Register a webhook endpoint
     * @description Every event the endpoint subscribes to (`events`, default all) is POSTed to `url`, signed
     *     with `secret` (generated from the seed when not given; shown in full only in this answer).
     */
    post: operations['sandboxCreateWebhookEndpoint'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/__sandbox/webhook-endpoints/{endpoint_id}': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        endpoint_id: components['parameters']['EndpointId'];
      };
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Remove a webhook endpoint
     * @description Its pending retries stop; its attempts stay in the delivery log.
     */
    delete: operations['sandboxDeleteWebhookEndpoint'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/__sandbox/webhook-endpoints/{endpoint_id}/test': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        endpoint_id: components['parameters']['EndpointId'];
      };
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send a test delivery now
     * @description One signed `order.created` event about a sample order (`ord_test…`, not stored) to this
     *     endpoint, once, without retries. Answers the attempt as the delivery log records it.
     */
    post: operations['sandboxTestWebhookEndpoint'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/__sandbox/webhook-endpoints/{endpoint_id}/probe': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        endpoint_id: components['parameters']['EndpointId'];
      };
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Probe the receiver's signature check
     * @description Sends four requests at once, each about its own sample order (`ord_test…`, external_reference
     *     `signature-probe`, not stored, not in the delivery log): one correctly signed (the control),
     *     one signed with another secret, one whose body was altered after signing, and one unsigned.
     *     A receiver that answers 2xx to any forged request fails the probe: a forged webhook would be
     *     accepted in production. The result is kept in the integration report
     *     (`GET /__sandbox/report`, `receivers[].probe`). A scenario with `webhooks.probe: true` probes
     *     every endpoint at start and when it is registered.
     */
    post: operations['sandboxProbeWebhookEndpoint'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/__sandbox/report': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The integration report
     * @description What the integration proved since the sandbox started or the report was last reset (a
     *     `POST /__sandbox/reset` keeps it): the coverage of the situations a delivery integration
     *     must handle, the client's contract violations, and a scorecard per webhook receiver with its
     *     signature probe. Request situations and violations need the request journal: until it feeds
     *     the report they are `no_data` and `available: false`. See docs/report.md.
     */
    get: operations['sandboxReport'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/__sandbox/report/reset': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Start a fresh integration report (the world is left as it is) */
    post: operations['sandboxResetReport'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/__sandbox/webhook-deliveries': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The delivery log, a page of attempts at a time (newest last)
     * @description Keeps the latest `retention.attempts` attempts (default 10 000; docs/persistence.md).
     */
    get: operations['sandboxListWebhookDeliveries'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/__sandbox/events/{event_id}/redeliver': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        event_id: string;
      };
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send an event again, now
     * @description One attempt, with the same event id and body, to every endpoint that subscribes to the event
     *     now; the attempt number continues from the last one. Works on exhausted (`failed`)
     *     deliveries, and for events that fired before an endpoint was registered.
     */
    post: operations['sandboxRedeliverEvent'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/__sandbox/faults': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The fault injection in force */
    get: operations['sandboxGetFaults'];
    /**
     * Replace the fault injection
     * @description Each part given replaces that part whole; a part left out stays. `{ "webhooks": {} }`
     *     switches webhook faults off, `{ "api": [] }` API faults. See docs/requests-and-faults.md.
     */
    put: operations['sandboxSetFaults'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/__sandbox/requests': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The request journal, newest last
     * @description The last `/v1` requests (1 000 by default, `--journal-size`; bounded by bytes too) with
     *     their answers: operation, path, query, the headers that matter, bodies (cut at 8 KiB,
     *     flagged `truncated`), status, error, `Retry-After`, the key's account and mode (never the
     *     key), times and the injected fault if any. The control plane is not journaled. The journal
     *     survives `POST /__sandbox/reset` (each entry names its `generation`).
     *
     *     Pages: without a cursor the newest `limit` entries, `has_more` when older exist;
     *     `ending_before=<id>` pages back; `starting_after=<id>` answers the entries after that one,
     *     oldest first, for tailing (`has_more` when newer remain). An id the journal no longer holds
     *     answers `400`, reason `unknown_cursor`.
     */
    get: operations['sandboxListRequests'];
    put?: never;
    post?: never;
    /** Empty the request journal */
    delete: operations['sandboxClearRequests'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/__sandbox/requests.har': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The request journal as HAR 1.2
     * @description Every entry (filtered like the list) as an HTTP Archive 1.2 log, oldest first, for browser
     *     dev tools (Network → Import) and other HTTP tools. Entries carry the journal's own fields
     *     as `_request_id`, `_operation`, `_generation`, `_virtual_time`, `_account_id`, `_fault`. An
     *     unanswered request (dropped, held, abandoned) has status 0.
     */
    get: operations['sandboxExportRequestsHar'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/__sandbox/scenarios': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The bundled scenarios */
    get: operations['sandboxListScenarios'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/__sandbox/trace': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The trace recorded so far
     * @description The sandbox's trace (`--trace FILE`, or a named sandbox's `trace: true`) as recorded so far:
     *     a gzipped JSON-lines stream, one record a line (docs/traces.md). Until the sandbox stops,
     *     the stream has no gzip trailer (`gzip -dc` reads it and warns "unexpected end of file";
     *     `delivery-sandbox show-trace` and `replay` read it as is). Secrets are masked. `404
     *     trace_not_recording` when the sandbox records no trace.
     */
    get: operations['sandboxDownloadTrace'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/__sandbox/state': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Export the whole state
     * @description Everything the sandbox holds, as one JSON document: accounts, drivers, orders (with their
     *     trips), payments, events, idempotency keys, webhook endpoints (with secrets), deliveries,
     *     the delivery log, id counters and the clock. `PUT` it back to restore it.
     *     The body is streamed, serialised a record at a time, so `/v1` keeps answering during a
     *     large export; records added meanwhile are not in it (docs/persistence.md).
     */
    get: operations['sandboxExportState'];
    /**
     * Replace the whole state with an exported one
     * @description Orders resume where they were, at the exported clock time; pending webhook retries are
     *     rescheduled. The running scenario's settings (timing, fees, rules, faults) stay, and its
     *     script does not run again. The body may be up to 256 MiB (other bodies: 1 MiB); a larger
     *     one answers 413. It may nest 128 levels deep (other bodies: 64) and, compressed, inflate
     *     to 100 times its size; one import runs at a time (another answers 409 with Retry-After).
     */
    put: operations['sandboxImportState'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/__sandbox/orders/{order_id}/advance': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        order_id: components['parameters']['OrderId'];
      };
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Move an order along its lifecycle now
     * @description Without `to`, the order takes its next step (`pending → driver_assigned → picked_up →
     *     delivered`); with `to`, it goes straight there, running every step in between with its
     *     events. Assignment takes the nearest available driver (within the dispatch radius if there
     *     is one, else the nearest anywhere). An order already at `to` is returned unchanged.
     */
    post: operations['sandboxAdvanceOrder'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/__sandbox/orders/{order_id}/cancel': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        order_id: components['parameters']['OrderId'];
      };
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Cancel an order as the restaurant or the system
     * @description Free of charge for the customer. Allowed while `pending` or `driver_assigned`; an already
     *     cancelled order is returned unchanged. Emits `order.cancelled`.
     */
    post: operations['sandboxCancelOrder'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/__sandbox/events': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The events emitted, a page at a time (newest last) */
    get: operations['sandboxListEvents'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/__sandbox/sandboxes': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The named sandboxes, a page at a time (oldest first)
     * @description Every live named sandbox of this server (docs/sandboxes.md), in the order they were
     *     created. Listing is not a use: no sandbox's `ttl` starts again.
     */
    get: operations['sandboxListSandboxes'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/__sandbox/sandboxes/{name}': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A named sandbox's name: 1 to 40 of a-z, 0-9 and '-', starting with a letter or digit; `default` is the default sandbox's. */
        name: components['parameters']['SandboxName'];
      };
      cookie?: never;
    };
    /**
     * One named sandbox
     * @description Reading it is a use, so its `ttl` starts again.
     */
    get: operations['sandboxGetSandbox'];
    /**
     * Create a named sandbox, or replace it with a fresh one
     * @description A whole world of its own (accounts and keys, orders, drivers, clock, webhook endpoints,
     *     deliveries, faults, journal, report, idempotency keys), built from the body: `201` when it
     *     is new, `200` when it replaced one of the same name (whose world is disposed and whose
     *     keys are dead). Its accounts get keys of their own, `sk_test_sb-<name>_<random>` (and
     *     `rk_test_sb-<name>_<random>` in place of a read-only key). The server's `--webhook-url`
     *     endpoints are the default sandbox's only: a named sandbox starts with its scenario's own.
     *     Over `--max-sandboxes` (default 200) the answer is `409 too_many_sandboxes` and nothing
     *     existing is touched. Without a `scenario` it starts as the default sandbox did: the
     *     server's scenario, with its `--seed`, `--clock` and `--speed` unless the body sets them.
     */
    put: operations['sandboxPutSandbox'];
    post?: never;
    /**
     * Dispose of a named sandbox now
     * @description Its keys are dead at once; its timers and webhook retries stop.
     */
    delete: operations['sandboxDeleteSandbox'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/__sandbox/sandboxes/{name}/openapi.json': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A named sandbox's name: 1 to 40 of a-z, 0-9 and '-', starting with a letter or digit; `default` is the default sandbox's. */
        name: components['parameters']['SandboxName'];
      };
      cookie?: never;
    };
    /**
     * This document
     * @description `GET /__sandbox/openapi.json` of the sandbox `name` (`default`: the default sandbox);
     *     `404 sandbox_not_found` when no sandbox has that name.
     */
    get: operations['sandboxOpenApiDocumentInSandbox'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/__sandbox/sandboxes/{name}/health': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A named sandbox's name: 1 to 40 of a-z, 0-9 and '-', starting with a letter or digit; `default` is the default sandbox's. */
        name: components['parameters']['SandboxName'];
      };
      cookie?: never;
    };
    /**
     * Liveness and what is running
     * @description `GET /__sandbox/health` of the sandbox `name` (`default`: the default sandbox);
     *     `404 sandbox_not_found` when no sandbox has that name.
     *
     *     Used by the Docker `HEALTHCHECK`. Never needs the admin token.
     */
    get: operations['sandboxHealthInSandbox'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/__sandbox/sandboxes/{name}/metrics': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A named sandbox's name: 1 to 40 of a-z, 0-9 and '-', starting with a letter or digit; `default` is the default sandbox's. */
        name: components['parameters']['SandboxName'];
      };
      cookie?: never;
    };
    /**
     * Prometheus metrics of the server
     * @description `GET /__sandbox/metrics` of the sandbox `name` (`default`: the default sandbox);
     *     `404 sandbox_not_found` when no sandbox has that name.
     *
     *     The Prometheus text exposition format (docs/observability.md): requests by route template and
     *     status, webhook attempts by outcome, pending retries, orders by status (those three per
     *     sandbox, labelled `sandbox`), the named sandboxes, and the process's event-loop lag and heap.
     *     Server-wide: under a sandbox's path (`/__sandbox/sandboxes/{name}/metrics`) it answers the
     *     same text, so scrape this one path once. Needs the admin token when one is set.
     */
    get: operations['sandboxMetricsInSandbox'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/__sandbox/sandboxes/{name}/clock': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A named sandbox's name: 1 to 40 of a-z, 0-9 and '-', starting with a letter or digit; `default` is the default sandbox's. */
        name: components['parameters']['SandboxName'];
      };
      cookie?: never;
    };
    /**
     * How virtual time runs, and what time it is
     * @description `GET /__sandbox/clock` of the sandbox `name` (`default`: the default sandbox);
     *     `404 sandbox_not_found` when no sandbox has that name.
     */
    get: operations['sandboxGetClockInSandbox'];
    /**
     * Switch between realtime and manual, or change the speed
     * @description `PUT /__sandbox/clock` of the sandbox `name` (`default`: the default sandbox);
     *     `404 sandbox_not_found` when no sandbox has that name.
     *
     *     `realtime` runs `speed` virtual seconds per real second; `manual` stands still until
     *     `POST /__sandbox/clock/advance`. Virtual time does not jump when the mode changes.
     */
    put: operations['sandboxSetClockInSandbox'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/__sandbox/sandboxes/{name}/clock/advance': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A named sandbox's name: 1 to 40 of a-z, 0-9 and '-', starting with a letter or digit; `default` is the default sandbox's. */
        name: components['parameters']['SandboxName'];
      };
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Move virtual time forward, running everything due on the way
     * @description `POST /__sandbox/clock/advance` of the sandbox `name` (`default`: the default sandbox);
     *     `404 sandbox_not_found` when no sandbox has that name.
     *
     *     Runs every dispatch, pickup, delivery and timeout that falls due, in time order, each at
     *     its own virtual time, then sets the clock to the target. Answers the new time and every
     *     event that fired, oldest first. Works in either clock mode (in `realtime` it is a jump).
     */
    post: operations['sandboxAdvanceClockInSandbox'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/__sandbox/sandboxes/{name}/orders': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A named sandbox's name: 1 to 40 of a-z, 0-9 and '-', starting with a letter or digit; `default` is the default sandbox's. */
        name: components['parameters']['SandboxName'];
      };
      cookie?: never;
    };
    /**
     * The orders of every account, a page at a time (newest last)
     * @description `GET /__sandbox/orders` of the sandbox `name` (`default`: the default sandbox);
     *     `404 sandbox_not_found` when no sandbox has that name.
     */
    get: operations['sandboxListOrdersInSandbox'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/__sandbox/sandboxes/{name}/drivers': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A named sandbox's name: 1 to 40 of a-z, 0-9 and '-', starting with a letter or digit; `default` is the default sandbox's. */
        name: components['parameters']['SandboxName'];
      };
      cookie?: never;
    };
    /**
     * The drivers with their live position, a page at a time
     * @description `GET /__sandbox/drivers` of the sandbox `name` (`default`: the default sandbox);
     *     `404 sandbox_not_found` when no sandbox has that name.
     */
    get: operations['sandboxListDriversInSandbox'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/__sandbox/sandboxes/{name}/world': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A named sandbox's name: 1 to 40 of a-z, 0-9 and '-', starting with a letter or digit; `default` is the default sandbox's. */
        name: components['parameters']['SandboxName'];
      };
      cookie?: never;
    };
    /**
     * What runs now, with every account's keys
     * @description `GET /__sandbox/world` of the sandbox `name` (`default`: the default sandbox);
     *     `404 sandbox_not_found` when no sandbox has that name.
     *
     *     The same answer as a reset or a state import gives, without changing anything.
     */
    get: operations['sandboxDescribeWorldInSandbox'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/__sandbox/sandboxes/{name}/city': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A named sandbox's name: 1 to 40 of a-z, 0-9 and '-', starting with a letter or digit; `default` is the default sandbox's. */
        name: components['parameters']['SandboxName'];
      };
      cookie?: never;
    };
    /**
     * The scenario's city as a map draws it
     * @description `GET /__sandbox/city` of the sandbox `name` (`default`: the default sandbox);
     *     `404 sandbox_not_found` when no sandbox has that name.
     */
    get: operations['sandboxGetCityInSandbox'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/__sandbox/sandboxes/{name}/routes': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A named sandbox's name: 1 to 40 of a-z, 0-9 and '-', starting with a letter or digit; `default` is the default sandbox's. */
        name: components['parameters']['SandboxName'];
      };
      cookie?: never;
    };
    /**
     * Every active order's pickup, dropoff and driver's route
     * @description `GET /__sandbox/routes` of the sandbox `name` (`default`: the default sandbox);
     *     `404 sandbox_not_found` when no sandbox has that name.
     */
    get: operations['sandboxListRoutesInSandbox'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/__sandbox/sandboxes/{name}/reset': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A named sandbox's name: 1 to 40 of a-z, 0-9 and '-', starting with a letter or digit; `default` is the default sandbox's. */
        name: components['parameters']['SandboxName'];
      };
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Back to a fresh scenario state
     * @description `POST /__sandbox/reset` of the sandbox `name` (`default`: the default sandbox);
     *     `404 sandbox_not_found` when no sandbox has that name.
     *
     *     Discards every order, payment and event and starts again from the scenario (by default
     *     the one running) and seed (by default the scenario's, or the one given at start). The
     *     clock restarts from the scenario's start time.
     */
    post: operations['sandboxResetInSandbox'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/__sandbox/sandboxes/{name}/webhook-endpoints': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A named sandbox's name: 1 to 40 of a-z, 0-9 and '-', starting with a letter or digit; `default` is the default sandbox's. */
        name: components['parameters']['SandboxName'];
      };
      cookie?: never;
    };
    /**
     * The registered webhook endpoints (secrets masked)
     * @description `GET /__sandbox/webhook-endpoints` of the sandbox `name` (`default`: the default sandbox);
     *     `404 sandbox_not_found` when no sandbox has that name.
     */
    get: operations['sandboxListWebhookEndpointsInSandbox'];
    put?: never;
    /**
     * Register a webhook endpoint
     * @description `POST /__sandbox/webhook-endpoints` of the sandbox `name` (`default`: the default sandbox);
     *     `404 sandbox_not_found` when no sandbox has that name.
     *
     *     Every event the endpoint subscribes to (`events`, default all) is POSTed to `url`, signed
     *     with `secret` (generated from the seed when not given; shown in full only in this answer).
     */
    post: operations['sandboxCreateWebhookEndpointInSandbox'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/__sandbox/sandboxes/{name}/webhook-endpoints/{endpoint_id}': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A named sandbox's name: 1 to 40 of a-z, 0-9 and '-', starting with a letter or digit; `default` is the default sandbox's. */
        name: components['parameters']['SandboxName'];
        endpoint_id: components['parameters']['EndpointId'];
      };
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Remove a webhook endpoint
     * @description `DELETE /__sandbox/webhook-endpoints/{endpoint_id}` of the sandbox `name` (`default`: the default sandbox);
     *     `404 sandbox_not_found` when no sandbox has that name.
     *
     *     Its pending retries stop; its attempts stay in the delivery log.
     */
    delete: operations['sandboxDeleteWebhookEndpointInSandbox'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/__sandbox/sandboxes/{name}/webhook-endpoints/{endpoint_id}/test': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A named sandbox's name: 1 to 40 of a-z, 0-9 and '-', starting with a letter or digit; `default` is the default sandbox's. */
        name: components['parameters']['SandboxName'];
        endpoint_id: components['parameters']['EndpointId'];
      };
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send a test delivery now
     * @description `POST /__sandbox/webhook-endpoints/{endpoint_id}/test` of the sandbox `name` (`default`: the default sandbox);
     *     `404 sandbox_not_found` when no sandbox has that name.
     *
     *     One signed `order.created` event about a sample order (`ord_test…`, not stored) to this
     *     endpoint, once, without retries. Answers the attempt as the delivery log records it.
     */
    post: operations['sandboxTestWebhookEndpointInSandbox'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/__sandbox/sandboxes/{name}/webhook-endpoints/{endpoint_id}/probe': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A named sandbox's name: 1 to 40 of a-z, 0-9 and '-', starting with a letter or digit; `default` is the default sandbox's. */
        name: components['parameters']['SandboxName'];
        endpoint_id: components['parameters']['EndpointId'];
      };
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Probe the receiver's signature check
     * @description `POST /__sandbox/webhook-endpoints/{endpoint_id}/probe` of the sandbox `name` (`default`: the default sandbox);
     *     `404 sandbox_not_found` when no sandbox has that name.
     *
     *     Sends four requests at once, each about its own sample order (`ord_test…`, external_reference
     *     `signature-probe`, not stored, not in the delivery log): one correctly signed (the control),
     *     one signed with another secret, one whose body was altered after signing, and one unsigned.
     *     A receiver that answers 2xx to any forged request fails the probe: a forged webhook would be
     *     accepted in production. The result is kept in the integration report
     *     (`GET /__sandbox/report`, `receivers[].probe`). A scenario with `webhooks.probe: true` probes
     *     every endpoint at start and when it is registered.
     */
    post: operations['sandboxProbeWebhookEndpointInSandbox'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/__sandbox/sandboxes/{name}/report': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A named sandbox's name: 1 to 40 of a-z, 0-9 and '-', starting with a letter or digit; `default` is the default sandbox's. */
        name: components['parameters']['SandboxName'];
      };
      cookie?: never;
    };
    /**
     * The integration report
     * @description `GET /__sandbox/report` of the sandbox `name` (`default`: the default sandbox);
     *     `404 sandbox_not_found` when no sandbox has that name.
     *
     *     What the integration proved since the sandbox started or the report was last reset (a
     *     `POST /__sandbox/reset` keeps it): the coverage of the situations a delivery integration
     *     must handle, the client's contract violations, and a scorecard per webhook receiver with its
     *     signature probe. Request situations and violations need the request journal: until it feeds
     *     the report they are `no_data` and `available: false`. See docs/report.md.
     */
    get: operations['sandboxReportInSandbox'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/__sandbox/sandboxes/{name}/report/reset': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A named sandbox's name: 1 to 40 of a-z, 0-9 and '-', starting with a letter or digit; `default` is the default sandbox's. */
        name: components['parameters']['SandboxName'];
      };
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Start a fresh integration report (the world is left as it is)
     * @description `POST /__sandbox/report/reset` of the sandbox `name` (`default`: the default sandbox);
     *     `404 sandbox_not_found` when no sandbox has that name.
     */
    post: operations['sandboxResetReportInSandbox'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/__sandbox/sandboxes/{name}/webhook-deliveries': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A named sandbox's name: 1 to 40 of a-z, 0-9 and '-', starting with a letter or digit; `default` is the default sandbox's. */
        name: components['parameters']['SandboxName'];
      };
      cookie?: never;
    };
    /**
     * The delivery log, a page of attempts at a time (newest last)
     * @description `GET /__sandbox/webhook-deliveries` of the sandbox `name` (`default`: the default sandbox);
     *     `404 sandbox_not_found` when no sandbox has that name.
     *
     *     Keeps the latest `retention.attempts` attempts (default 10 000; docs/persistence.md).
     */
    get: operations['sandboxListWebhookDeliveriesInSandbox'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/__sandbox/sandboxes/{name}/events/{event_id}/redeliver': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A named sandbox's name: 1 to 40 of a-z, 0-9 and '-', starting with a letter or digit; `default` is the default sandbox's. */
        name: components['parameters']['SandboxName'];
        event_id: string;
      };
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send an event again, now
     * @description `POST /__sandbox/events/{event_id}/redeliver` of the sandbox `name` (`default`: the default sandbox);
     *     `404 sandbox_not_found` when no sandbox has that name.
     *
     *     One attempt, with the same event id and body, to every endpoint that subscribes to the event
     *     now; the attempt number continues from the last one. Works on exhausted (`failed`)
     *     deliveries, and for events that fired before an endpoint was registered.
     */
    post: operations['sandboxRedeliverEventInSandbox'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/__sandbox/sandboxes/{name}/faults': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A named sandbox's name: 1 to 40 of a-z, 0-9 and '-', starting with a letter or digit; `default` is the default sandbox's. */
        name: components['parameters']['SandboxName'];
      };
      cookie?: never;
    };
    /**
     * The fault injection in force
     * @description `GET /__sandbox/faults` of the sandbox `name` (`default`: the default sandbox);
     *     `404 sandbox_not_found` when no sandbox has that name.
     */
    get: operations['sandboxGetFaultsInSandbox'];
    /**
     * Replace the fault injection
     * @description `PUT /__sandbox/faults` of the sandbox `name` (`default`: the default sandbox);
     *     `404 sandbox_not_found` when no sandbox has that name.
     *
     *     Each part given replaces that part whole; a part left out stays. `{ "webhooks": {} }`
     *     switches webhook faults off, `{ "api": [] }` API faults. See docs/requests-and-faults.md.
     */
    put: operations['sandboxSetFaultsInSandbox'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/__sandbox/sandboxes/{name}/requests': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A named sandbox's name: 1 to 40 of a-z, 0-9 and '-', starting with a letter or digit; `default` is the default sandbox's. */
        name: components['parameters']['SandboxName'];
      };
      cookie?: never;
    };
    /**
     * The request journal, newest last
     * @description `GET /__sandbox/requests` of the sandbox `name` (`default`: the default sandbox);
     *     `404 sandbox_not_found` when no sandbox has that name.
     *
     *     The last `/v1` requests (1 000 by default, `--journal-size`; bounded by bytes too) with
     *     their answers: operation, path, query, the headers that matter, bodies (cut at 8 KiB,
     *     flagged `truncated`), status, error, `Retry-After`, the key's account and mode (never the
     *     key), times and the injected fault if any. The control plane is not journaled. The journal
     *     survives `POST /__sandbox/reset` (each entry names its `generation`).
     *
     *     Pages: without a cursor the newest `limit` entries, `has_more` when older exist;
     *     `ending_before=<id>` pages back; `starting_after=<id>` answers the entries after that one,
     *     oldest first, for tailing (`has_more` when newer remain). An id the journal no longer holds
     *     answers `400`, reason `unknown_cursor`.
     */
    get: operations['sandboxListRequestsInSandbox'];
    put?: never;
    post?: never;
    /**
     * Empty the request journal
     * @description `DELETE /__sandbox/requests` of the sandbox `name` (`default`: the default sandbox);
     *     `404 sandbox_not_found` when no sandbox has that name.
     */
    delete: operations['sandboxClearRequestsInSandbox'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/__sandbox/sandboxes/{name}/requests.har': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A named sandbox's name: 1 to 40 of a-z, 0-9 and '-', starting with a letter or digit; `default` is the default sandbox's. */
        name: components['parameters']['SandboxName'];
      };
      cookie?: never;
    };
    /**
     * The request journal as HAR 1.2
     * @description `GET /__sandbox/requests.har` of the sandbox `name` (`default`: the default sandbox);
     *     `404 sandbox_not_found` when no sandbox has that name.
     *
     *     Every entry (filtered like the list) as an HTTP Archive 1.2 log, oldest first, for browser
     *     dev tools (Network → Import) and other HTTP tools. Entries carry the journal's own fields
     *     as `_request_id`, `_operation`, `_generation`, `_virtual_time`, `_account_id`, `_fault`. An
     *     unanswered request (dropped, held, abandoned) has status 0.
     */
    get: operations['sandboxExportRequestsHarInSandbox'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/__sandbox/sandboxes/{name}/scenarios': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A named sandbox's name: 1 to 40 of a-z, 0-9 and '-', starting with a letter or digit; `default` is the default sandbox's. */
        name: components['parameters']['SandboxName'];
      };
      cookie?: never;
    };
    /**
     * The bundled scenarios
     * @description `GET /__sandbox/scenarios` of the sandbox `name` (`default`: the default sandbox);
     *     `404 sandbox_not_found` when no sandbox has that name.
     */
    get: operations['sandboxListScenariosInSandbox'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/__sandbox/sandboxes/{name}/trace': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A named sandbox's name: 1 to 40 of a-z, 0-9 and '-', starting with a letter or digit; `default` is the default sandbox's. */
        name: components['parameters']['SandboxName'];
      };
      cookie?: never;
    };
    /**
     * The trace recorded so far
     * @description `GET /__sandbox/trace` of the sandbox `name` (`default`: the default sandbox);
     *     `404 sandbox_not_found` when no sandbox has that name.
     *
     *     The sandbox's trace (`--trace FILE`, or a named sandbox's `trace: true`) as recorded so far:
     *     a gzipped JSON-lines stream, one record a line (docs/traces.md). Until the sandbox stops,
     *     the stream has no gzip trailer (`gzip -dc` reads it and warns "unexpected end of file";
     *     `delivery-sandbox show-trace` and `replay` read it as is). Secrets are masked. `404
     *     trace_not_recording` when the sandbox records no trace.
     */
    get: operations['sandboxDownloadTraceInSandbox'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/__sandbox/sandboxes/{name}/state': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A named sandbox's name: 1 to 40 of a-z, 0-9 and '-', starting with a letter or digit; `default` is the default sandbox's. */
        name: components['parameters']['SandboxName'];
      };
      cookie?: never;
    };
    /**
     * Export the whole state
     * @description `GET /__sandbox/state` of the sandbox `name` (`default`: the default sandbox);
     *     `404 sandbox_not_found` when no sandbox has that name.
     *
     *     Everything the sandbox holds, as one JSON document: accounts, drivers, orders (with their
     *     trips), payments, events, idempotency keys, webhook endpoints (with secrets), deliveries,
     *     the delivery log, id counters and the clock. `PUT` it back to restore it.
     *     The body is streamed, serialised a record at a time, so `/v1` keeps answering during a
     *     large export; records added meanwhile are not in it (docs/persistence.md).
     */
    get: operations['sandboxExportStateInSandbox'];
    /**
     * Replace the whole state with an exported one
     * @description `PUT /__sandbox/state` of the sandbox `name` (`default`: the default sandbox);
     *     `404 sandbox_not_found` when no sandbox has that name.
     *
     *     Orders resume where they were, at the exported clock time; pending webhook retries are
     *     rescheduled. The running scenario's settings (timing, fees, rules, faults) stay, and its
     *     script does not run again. The body may be up to 256 MiB (other bodies: 1 MiB); a larger
     *     one answers 413. It may nest 128 levels deep (other bodies: 64) and, compressed, inflate
     *     to 100 times its size; one import runs at a time (another answers 409 with Retry-After).
     */
    put: operations['sandboxImportStateInSandbox'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/__sandbox/sandboxes/{name}/orders/{order_id}/advance': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A named sandbox's name: 1 to 40 of a-z, 0-9 and '-', starting with a letter or digit; `default` is the default sandbox's. */
        name: components['parameters']['SandboxName'];
        order_id: components['parameters']['OrderId'];
      };
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Move an order along its lifecycle now
     * @description `POST /__sandbox/orders/{order_id}/advance` of the sandbox `name` (`default`: the default sandbox);
     *     `404 sandbox_not_found` when no sandbox has that name.
     *
     *     Without `to`, the order takes its next step (`pending → driver_assigned → picked_up →
     *     delivered`); with `to`, it goes straight there, running every step in between with its
     *     events. Assignment takes the nearest available driver (within the dispatch radius if there
     *     is one, else the nearest anywhere). An order already at `to` is returned unchanged.
     */
    post: operations['sandboxAdvanceOrderInSandbox'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/__sandbox/sandboxes/{name}/orders/{order_id}/cancel': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A named sandbox's name: 1 to 40 of a-z, 0-9 and '-', starting with a letter or digit; `default` is the default sandbox's. */
        name: components['parameters']['SandboxName'];
        order_id: components['parameters']['OrderId'];
      };
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Cancel an order as the restaurant or the system
     * @description `POST /__sandbox/orders/{order_id}/cancel` of the sandbox `name` (`default`: the default sandbox);
     *     `404 sandbox_not_found` when no sandbox has that name.
     *
     *     Free of charge for the customer. Allowed while `pending` or `driver_assigned`; an already
     *     cancelled order is returned unchanged. Emits `order.cancelled`.
     */
    post: operations['sandboxCancelOrderInSandbox'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/__sandbox/sandboxes/{name}/events': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A named sandbox's name: 1 to 40 of a-z, 0-9 and '-', starting with a letter or digit; `default` is the default sandbox's. */
        name: components['parameters']['SandboxName'];
      };
      cookie?: never;
    };
    /**
     * The events emitted, a page at a time (newest last)
     * @description `GET /__sandbox/events` of the sandbox `name` (`default`: the default sandbox);
     *     `404 sandbox_not_found` when no sandbox has that name.
     */
    get: operations['sandboxListEventsInSandbox'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
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
        request_ids: string[];
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
      request_ids: string[];
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
      evidence: string[];
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
      cases: {
        /** @enum {unknown} */
        case: 'valid' | 'wrong_signature' | 'altered_body' | 'unsigned';
        /** @enum {unknown} */
        expected: 'accepted' | 'rejected';
        response_status: number | null;
        error: string | null;
        duration_ms: number;
        /** @enum {unknown} */
        verdict: 'ok' | 'wrong' | 'no_answer';
      }[];
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
      components['schemas']['OrderOutcome'] | components['schemas']['OrderOutcome'][];
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
    LatLngPair: number[];
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
      events?: (
        | '*'
        | 'order.created'
        | 'order.driver_assigned'
        | 'order.picked_up'
        | 'order.delivered'
        | 'order.cancelled'
        | 'payment.completed'
      )[];
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
      to_pickup: components['schemas']['LatLng'][];
      to_dropoff: components['schemas']['LatLng'][];
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
  };
  responses: {
    /** @description An error, in the same shape as `/v1` errors. */
    Error: {
      headers: {
        'X-Request-Id': components['headers']['XRequestId'];
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['ErrorResponse'];
      };
    };
    /** @description The sandbox is stopping (`shutting_down`), or a reset or state import replaced the world this write ran on (`world_replaced`): nothing of the request was kept; retry after `Retry-After` seconds. */
    Stopping: {
      headers: {
        /** @description Seconds to wait before retrying. */
        'Retry-After'?: number;
        'X-Request-Id': components['headers']['XRequestId'];
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['ErrorResponse'];
      };
    };
  };
  parameters: {
    /** @description How many items to answer, 1 to 1000; default 100. */
    Limit: number;
    /** @description An item's id: answers the items after it, oldest first, up to `limit` (to tail a list); `has_more` then says whether newer ones remain. An id not (or no longer) in the list is a 400. */
    StartingAfter: string;
    /** @description An item's id: answers the `limit` items just before it (to page back to older ones); `has_more` then says whether older ones remain. An id not (or no longer) in the list is a 400. */
    EndingBefore: string;
    EndpointId: string;
    OrderId: string;
    /** @description A named sandbox's name: 1 to 40 of a-z, 0-9 and '-', starting with a letter or digit; `default` is the default sandbox's. */
    SandboxName: string;
  };
  requestBodies: never;
  headers: {
    /** @description The request's identifier (`req_…`). */
    XRequestId: string;
  };
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  sandboxIndex: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Links to the API, its documents and the control plane. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Index'];
          /** @description The developer dashboard, when the request's `Accept` prefers HTML (as a browser's does); any other client gets the JSON index. Served with a strict Content-Security-Policy and `Cache-Control: no-cache`. See docs/dashboard.md. */
          'text/html': string;
        };
      };
      404: components['responses']['Error'];
      503: components['responses']['Stopping'];
    };
  };
  dashboardAsset: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        file: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The file, `Cache-Control: public, max-age=31536000, immutable` (a new build has new names). The page names them; there is no listing. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'text/javascript': string;
          'text/css': string;
        };
      };
      404: components['responses']['Error'];
      503: components['responses']['Stopping'];
    };
  };
  v1OpenApiDocument: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The document. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenApiDocument'];
        };
      };
      503: components['responses']['Stopping'];
    };
  };
  sandboxOpenApiDocument: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The document. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenApiDocument'];
        };
      };
      503: components['responses']['Stopping'];
    };
  };
  sandboxHealth: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The sandbox is up. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Health'];
        };
      };
      503: components['responses']['Stopping'];
    };
  };
  sandboxMetrics: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The metrics. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'text/plain; version=0.0.4': string;
        };
      };
      401: components['responses']['Error'];
      503: components['responses']['Stopping'];
    };
  };
  sandboxGetClock: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The clock. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ClockState'];
        };
      };
      401: components['responses']['Error'];
      503: components['responses']['Stopping'];
    };
  };
  sandboxSetClock: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['SetClockRequest'];
      };
    };
    responses: {
      /** @description The clock after the change. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ClockState'];
        };
      };
      400: components['responses']['Error'];
      401: components['responses']['Error'];
      403: components['responses']['Error'];
      413: components['responses']['Error'];
      503: components['responses']['Stopping'];
    };
  };
  sandboxAdvanceClock: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['AdvanceClockRequest'];
      };
    };
    responses: {
      /** @description What fired. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AdvanceClockResult'];
        };
      };
      400: components['responses']['Error'];
      401: components['responses']['Error'];
      403: components['responses']['Error'];
      413: components['responses']['Error'];
      503: components['responses']['Stopping'];
    };
  };
  sandboxListOrders: {
    parameters: {
      query?: {
        /** @description How many items to answer, 1 to 1000; default 100. */
        limit?: components['parameters']['Limit'];
        /** @description An item's id: answers the items after it, oldest first, up to `limit` (to tail a list); `has_more` then says whether newer ones remain. An id not (or no longer) in the list is a 400. */
        starting_after?: components['parameters']['StartingAfter'];
        /** @description An item's id: answers the `limit` items just before it (to page back to older ones); `has_more` then says whether older ones remain. An id not (or no longer) in the list is a 400. */
        ending_before?: components['parameters']['EndingBefore'];
        status?: components['schemas']['OrderStatus'];
        account_id?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /**
       * @description The orders, as `/v1` shows them, and the per-order outcome (`Sandbox-Outcome`) of those
       *     created with one.
       */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OrderList'];
        };
      };
      400: components['responses']['Error'];
      401: components['responses']['Error'];
      503: components['responses']['Stopping'];
    };
  };
  sandboxListDrivers: {
    parameters: {
      query?: {
        /** @description How many items to answer, 1 to 1000; default 100. */
        limit?: components['parameters']['Limit'];
        /** @description An item's id: answers the items after it, oldest first, up to `limit` (to tail a list); `has_more` then says whether newer ones remain. An id not (or no longer) in the list is a 400. */
        starting_after?: components['parameters']['StartingAfter'];
        /** @description An item's id: answers the `limit` items just before it (to page back to older ones); `has_more` then says whether older ones remain. An id not (or no longer) in the list is a 400. */
        ending_before?: components['parameters']['EndingBefore'];
        status?: 'available' | 'on_order' | 'offline';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The drivers; those on an order are where their trip puts them now. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DriverList'];
        };
      };
      400: components['responses']['Error'];
      401: components['responses']['Error'];
      503: components['responses']['Stopping'];
    };
  };
  sandboxDescribeWorld: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The scenario, its seed, the clock and every account's API keys. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ResetResult'];
        };
      };
      401: components['responses']['Error'];
      503: components['responses']['Stopping'];
    };
  };
  sandboxGetCity: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Its centre and radii, the street grid that routes without supplied geometry follow, and, where the sandbox has a map of the city, its land outline and main streets. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['City'];
        };
      };
      401: components['responses']['Error'];
      503: components['responses']['Stopping'];
    };
  };
  sandboxListRoutes: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Orders not yet delivered or cancelled, oldest first (at most one per driver plus the pending ones). The routes are empty until a driver is assigned. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['RouteList'];
        };
      };
      401: components['responses']['Error'];
      503: components['responses']['Stopping'];
    };
  };
  sandboxReset: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: {
      content: {
        'application/json': components['schemas']['ResetRequest'];
      };
    };
    responses: {
      /** @description What runs now. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ResetResult'];
        };
      };
      400: components['responses']['Error'];
      401: components['responses']['Error'];
      403: components['responses']['Error'];
      413: components['responses']['Error'];
      503: components['responses']['Stopping'];
    };
  };
  sandboxListWebhookEndpoints: {
    parameters: {
      query?: {
        /** @description How many items to answer, 1 to 1000; default 100. */
        limit?: components['parameters']['Limit'];
        /** @description An item's id: answers the items after it, oldest first, up to `limit` (to tail a list); `has_more` then says whether newer ones remain. An id not (or no longer) in the list is a 400. */
        starting_after?: components['parameters']['StartingAfter'];
        /** @description An item's id: answers the `limit` items just before it (to page back to older ones); `has_more` then says whether older ones remain. An id not (or no longer) in the list is a 400. */
        ending_before?: components['parameters']['EndingBefore'];
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The endpoints, oldest first. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookEndpointList'];
        };
      };
      400: components['responses']['Error'];
      401: components['responses']['Error'];
      503: components['responses']['Stopping'];
    };
  };
  sandboxCreateWebhookEndpoint: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateWebhookEndpointRequest'];
      };
    };
    responses: {
      /** @description The endpoint, with its secret. */
      201: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookEndpoint'];
        };
      };
      400: components['responses']['Error'];
      401: components['responses']['Error'];
      403: components['responses']['Error'];
      413: components['responses']['Error'];
      503: components['responses']['Stopping'];
    };
  };
  sandboxDeleteWebhookEndpoint: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        endpoint_id: components['parameters']['EndpointId'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The removed endpoint (secret masked). */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookEndpoint'];
        };
      };
      401: components['responses']['Error'];
      403: components['responses']['Error'];
      404: components['responses']['Error'];
      503: components['responses']['Stopping'];
    };
  };
  sandboxTestWebhookEndpoint: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        endpoint_id: components['parameters']['EndpointId'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The attempt (it may have failed; see `status` and `error`). */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DeliveryAttempt'];
        };
      };
      401: components['responses']['Error'];
      403: components['responses']['Error'];
      404: components['responses']['Error'];
      503: components['responses']['Stopping'];
    };
  };
  sandboxProbeWebhookEndpoint: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        endpoint_id: components['parameters']['EndpointId'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The verdict and each request's answer. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ProbeResult'];
        };
      };
      401: components['responses']['Error'];
      403: components['responses']['Error'];
      404: components['responses']['Error'];
      503: components['responses']['Stopping'];
    };
  };
  sandboxReport: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The report. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['IntegrationReport'];
        };
      };
      401: components['responses']['Error'];
      403: components['responses']['Error'];
      503: components['responses']['Stopping'];
    };
  };
  sandboxResetReport: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The report, empty again. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['IntegrationReport'];
        };
      };
      401: components['responses']['Error'];
      403: components['responses']['Error'];
      503: components['responses']['Stopping'];
    };
  };
  sandboxListWebhookDeliveries: {
    parameters: {
      query?: {
        /** @description How many items to answer, 1 to 1000; default 100. */
        limit?: components['parameters']['Limit'];
        /** @description An item's id: answers the items after it, oldest first, up to `limit` (to tail a list); `has_more` then says whether newer ones remain. An id not (or no longer) in the list is a 400. */
        starting_after?: components['parameters']['StartingAfter'];
        /** @description An item's id: answers the `limit` items just before it (to page back to older ones); `has_more` then says whether older ones remain. An id not (or no longer) in the list is a 400. */
        ending_before?: components['parameters']['EndingBefore'];
        order_id?: string;
        event?: components['schemas']['EventName'];
        event_id?: string;
        endpoint_id?: string;
        status?: 'succeeded' | 'failed' | 'retrying';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The attempts. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DeliveryList'];
        };
      };
      400: components['responses']['Error'];
      401: components['responses']['Error'];
      503: components['responses']['Stopping'];
    };
  };
  sandboxRedeliverEvent: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        event_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The attempts made. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DeliveryList'];
        };
      };
      400: components['responses']['Error'];
      401: components['responses']['Error'];
      403: components['responses']['Error'];
      404: components['responses']['Error'];
      503: components['responses']['Stopping'];
    };
  };
  sandboxGetFaults: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The faults (all off by default). */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Faults'];
        };
      };
      401: components['responses']['Error'];
      503: components['responses']['Stopping'];
    };
  };
  sandboxSetFaults: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['Faults'];
      };
    };
    responses: {
      /** @description The faults now in force. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Faults'];
        };
      };
      400: components['responses']['Error'];
      401: components['responses']['Error'];
      403: components['responses']['Error'];
      413: components['responses']['Error'];
      503: components['responses']['Stopping'];
    };
  };
  sandboxListRequests: {
    parameters: {
      query?: {
        limit?: number;
        starting_after?: string;
        ending_before?: string;
        /** @description A /v1 operationId (`createOrder`, `retrieveOrder`, …). */
        operation?: string;
        /** @description An exact status (`404`) or a class (`4xx`). */
        status?: string;
        order_id?: string;
        account_id?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of entries, newest last. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['RequestList'];
        };
      };
      400: components['responses']['Error'];
      401: components['responses']['Error'];
      503: components['responses']['Stopping'];
    };
  };
  sandboxClearRequests: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description How many entries were dropped. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            cleared: number;
          };
        };
      };
      401: components['responses']['Error'];
      403: components['responses']['Error'];
      503: components['responses']['Stopping'];
    };
  };
  sandboxExportRequestsHar: {
    parameters: {
      query?: {
        /** @description A /v1 operationId (`createOrder`, `retrieveOrder`, …). */
        operation?: string;
        /** @description An exact status (`404`) or a class (`4xx`). */
        status?: string;
        order_id?: string;
        account_id?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The HAR log. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['HarLog'];
        };
      };
      400: components['responses']['Error'];
      401: components['responses']['Error'];
      503: components['responses']['Stopping'];
    };
  };
  sandboxListScenarios: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Each bundled scenario, and which one is running. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ScenarioList'];
        };
      };
      401: components['responses']['Error'];
      503: components['responses']['Stopping'];
    };
  };
  sandboxDownloadTrace: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The trace so far. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/gzip': string;
        };
      };
      401: components['responses']['Error'];
      404: components['responses']['Error'];
      503: components['responses']['Stopping'];
    };
  };
  sandboxExportState: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The state. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SandboxState'];
        };
      };
      401: components['responses']['Error'];
      503: components['responses']['Stopping'];
    };
  };
  sandboxImportState: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['SandboxState'];
      };
    };
    responses: {
      /** @description What runs now. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ResetResult'];
        };
      };
      400: components['responses']['Error'];
      401: components['responses']['Error'];
      403: components['responses']['Error'];
      409: components['responses']['Error'];
      413: components['responses']['Error'];
      503: components['responses']['Stopping'];
    };
  };
  sandboxAdvanceOrder: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        order_id: components['parameters']['OrderId'];
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        'application/json': components['schemas']['AdvanceOrderRequest'];
      };
    };
    responses: {
      /** @description The order as `/v1` shows it after the advance. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Order'];
        };
      };
      400: components['responses']['Error'];
      401: components['responses']['Error'];
      403: components['responses']['Error'];
      404: components['responses']['Error'];
      413: components['responses']['Error'];
      503: components['responses']['Stopping'];
    };
  };
  sandboxCancelOrder: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        order_id: components['parameters']['OrderId'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CancelOrderRequest'];
      };
    };
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
      400: components['responses']['Error'];
      401: components['responses']['Error'];
      403: components['responses']['Error'];
      404: components['responses']['Error'];
      413: components['responses']['Error'];
      503: components['responses']['Stopping'];
    };
  };
  sandboxListEvents: {
    parameters: {
      query?: {
        /** @description How many items to answer, 1 to 1000; default 100. */
        limit?: components['parameters']['Limit'];
        /** @description An item's id: answers the items after it, oldest first, up to `limit` (to tail a list); `has_more` then says whether newer ones remain. An id not (or no longer) in the list is a 400. */
        starting_after?: components['parameters']['StartingAfter'];
        /** @description An item's id: answers the `limit` items just before it (to page back to older ones); `has_more` then says whether older ones remain. An id not (or no longer) in the list is a 400. */
        ending_before?: components['parameters']['EndingBefore'];
        /** @description Only the events of this order. */
        order_id?: string;
        /** @description Only events of this name. */
        event?: components['schemas']['EventName'];
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The events, oldest first. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['EventList'];
        };
      };
      400: components['responses']['Error'];
      401: components['responses']['Error'];
      503: components['responses']['Stopping'];
    };
  };
  sandboxListSandboxes: {
    parameters: {
      query?: {
        /** @description How many items to answer, 1 to 1000; default 100. */
        limit?: components['parameters']['Limit'];
        /** @description An item's id: answers the items after it, oldest first, up to `limit` (to tail a list); `has_more` then says whether newer ones remain. An id not (or no longer) in the list is a 400. */
        starting_after?: components['parameters']['StartingAfter'];
        /** @description An item's id: answers the `limit` items just before it (to page back to older ones); `has_more` then says whether older ones remain. An id not (or no longer) in the list is a 400. */
        ending_before?: components['parameters']['EndingBefore'];
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The sandboxes, oldest first. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SandboxList'];
        };
      };
      400: components['responses']['Error'];
      401: components['responses']['Error'];
      503: components['responses']['Stopping'];
    };
  };
  sandboxGetSandbox: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A named sandbox's name: 1 to 40 of a-z, 0-9 and '-', starting with a letter or digit; `default` is the default sandbox's. */
        name: components['parameters']['SandboxName'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The sandbox. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Sandbox'];
        };
      };
      400: components['responses']['Error'];
      401: components['responses']['Error'];
      404: components['responses']['Error'];
      503: components['responses']['Stopping'];
    };
  };
  sandboxPutSandbox: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A named sandbox's name: 1 to 40 of a-z, 0-9 and '-', starting with a letter or digit; `default` is the default sandbox's. */
        name: components['parameters']['SandboxName'];
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        'application/json': components['schemas']['SandboxRequest'];
      };
    };
    responses: {
      /** @description The sandbox, replaced by a fresh one. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Sandbox'];
        };
      };
      /** @description The sandbox, created. */
      201: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Sandbox'];
        };
      };
      400: components['responses']['Error'];
      401: components['responses']['Error'];
      403: components['responses']['Error'];
      409: components['responses']['Error'];
      413: components['responses']['Error'];
      503: components['responses']['Stopping'];
    };
  };
  sandboxDeleteSandbox: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A named sandbox's name: 1 to 40 of a-z, 0-9 and '-', starting with a letter or digit; `default` is the default sandbox's. */
        name: components['parameters']['SandboxName'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Disposed. */
      204: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content?: never;
      };
      400: components['responses']['Error'];
      401: components['responses']['Error'];
      403: components['responses']['Error'];
      404: components['responses']['Error'];
      503: components['responses']['Stopping'];
    };
  };
  sandboxOpenApiDocumentInSandbox: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A named sandbox's name: 1 to 40 of a-z, 0-9 and '-', starting with a letter or digit; `default` is the default sandbox's. */
        name: components['parameters']['SandboxName'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The document. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenApiDocument'];
        };
      };
      404: components['responses']['Error'];
      503: components['responses']['Stopping'];
    };
  };
  sandboxHealthInSandbox: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A named sandbox's name: 1 to 40 of a-z, 0-9 and '-', starting with a letter or digit; `default` is the default sandbox's. */
        name: components['parameters']['SandboxName'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The sandbox is up. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Health'];
        };
      };
      404: components['responses']['Error'];
      503: components['responses']['Stopping'];
    };
  };
  sandboxMetricsInSandbox: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A named sandbox's name: 1 to 40 of a-z, 0-9 and '-', starting with a letter or digit; `default` is the default sandbox's. */
        name: components['parameters']['SandboxName'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The metrics. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'text/plain; version=0.0.4': string;
        };
      };
      401: components['responses']['Error'];
      404: components['responses']['Error'];
      503: components['responses']['Stopping'];
    };
  };
  sandboxGetClockInSandbox: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A named sandbox's name: 1 to 40 of a-z, 0-9 and '-', starting with a letter or digit; `default` is the default sandbox's. */
        name: components['parameters']['SandboxName'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The clock. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ClockState'];
        };
      };
      401: components['responses']['Error'];
      404: components['responses']['Error'];
      503: components['responses']['Stopping'];
    };
  };
  sandboxSetClockInSandbox: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A named sandbox's name: 1 to 40 of a-z, 0-9 and '-', starting with a letter or digit; `default` is the default sandbox's. */
        name: components['parameters']['SandboxName'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['SetClockRequest'];
      };
    };
    responses: {
      /** @description The clock after the change. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ClockState'];
        };
      };
      400: components['responses']['Error'];
      401: components['responses']['Error'];
      403: components['responses']['Error'];
      404: components['responses']['Error'];
      413: components['responses']['Error'];
      503: components['responses']['Stopping'];
    };
  };
  sandboxAdvanceClockInSandbox: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A named sandbox's name: 1 to 40 of a-z, 0-9 and '-', starting with a letter or digit; `default` is the default sandbox's. */
        name: components['parameters']['SandboxName'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['AdvanceClockRequest'];
      };
    };
    responses: {
      /** @description What fired. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AdvanceClockResult'];
        };
      };
      400: components['responses']['Error'];
      401: components['responses']['Error'];
      403: components['responses']['Error'];
      404: components['responses']['Error'];
      413: components['responses']['Error'];
      503: components['responses']['Stopping'];
    };
  };
  sandboxListOrdersInSandbox: {
    parameters: {
      query?: {
        /** @description How many items to answer, 1 to 1000; default 100. */
        limit?: components['parameters']['Limit'];
        /** @description An item's id: answers the items after it, oldest first, up to `limit` (to tail a list); `has_more` then says whether newer ones remain. An id not (or no longer) in the list is a 400. */
        starting_after?: components['parameters']['StartingAfter'];
        /** @description An item's id: answers the `limit` items just before it (to page back to older ones); `has_more` then says whether older ones remain. An id not (or no longer) in the list is a 400. */
        ending_before?: components['parameters']['EndingBefore'];
        status?: components['schemas']['OrderStatus'];
        account_id?: string;
      };
      header?: never;
      path: {
        /** @description A named sandbox's name: 1 to 40 of a-z, 0-9 and '-', starting with a letter or digit; `default` is the default sandbox's. */
        name: components['parameters']['SandboxName'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /**
       * @description The orders, as `/v1` shows them, and the per-order outcome (`Sandbox-Outcome`) of those
       *     created with one.
       */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OrderList'];
        };
      };
      400: components['responses']['Error'];
      401: components['responses']['Error'];
      404: components['responses']['Error'];
      503: components['responses']['Stopping'];
    };
  };
  sandboxListDriversInSandbox: {
    parameters: {
      query?: {
        /** @description How many items to answer, 1 to 1000; default 100. */
        limit?: components['parameters']['Limit'];
        /** @description An item's id: answers the items after it, oldest first, up to `limit` (to tail a list); `has_more` then says whether newer ones remain. An id not (or no longer) in the list is a 400. */
        starting_after?: components['parameters']['StartingAfter'];
        /** @description An item's id: answers the `limit` items just before it (to page back to older ones); `has_more` then says whether older ones remain. An id not (or no longer) in the list is a 400. */
        ending_before?: components['parameters']['EndingBefore'];
        status?: 'available' | 'on_order' | 'offline';
      };
      header?: never;
      path: {
        /** @description A named sandbox's name: 1 to 40 of a-z, 0-9 and '-', starting with a letter or digit; `default` is the default sandbox's. */
        name: components['parameters']['SandboxName'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The drivers; those on an order are where their trip puts them now. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DriverList'];
        };
      };
      400: components['responses']['Error'];
      401: components['responses']['Error'];
      404: components['responses']['Error'];
      503: components['responses']['Stopping'];
    };
  };
  sandboxDescribeWorldInSandbox: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A named sandbox's name: 1 to 40 of a-z, 0-9 and '-', starting with a letter or digit; `default` is the default sandbox's. */
        name: components['parameters']['SandboxName'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The scenario, its seed, the clock and every account's API keys. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ResetResult'];
        };
      };
      401: components['responses']['Error'];
      404: components['responses']['Error'];
      503: components['responses']['Stopping'];
    };
  };
  sandboxGetCityInSandbox: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A named sandbox's name: 1 to 40 of a-z, 0-9 and '-', starting with a letter or digit; `default` is the default sandbox's. */
        name: components['parameters']['SandboxName'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Its centre and radii, the street grid that routes without supplied geometry follow, and, where the sandbox has a map of the city, its land outline and main streets. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['City'];
        };
      };
      401: components['responses']['Error'];
      404: components['responses']['Error'];
      503: components['responses']['Stopping'];
    };
  };
  sandboxListRoutesInSandbox: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A named sandbox's name: 1 to 40 of a-z, 0-9 and '-', starting with a letter or digit; `default` is the default sandbox's. */
        name: components['parameters']['SandboxName'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Orders not yet delivered or cancelled, oldest first (at most one per driver plus the pending ones). The routes are empty until a driver is assigned. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['RouteList'];
        };
      };
      401: components['responses']['Error'];
      404: components['responses']['Error'];
      503: components['responses']['Stopping'];
    };
  };
  sandboxResetInSandbox: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A named sandbox's name: 1 to 40 of a-z, 0-9 and '-', starting with a letter or digit; `default` is the default sandbox's. */
        name: components['parameters']['SandboxName'];
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        'application/json': components['schemas']['ResetRequest'];
      };
    };
    responses: {
      /** @description What runs now. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ResetResult'];
        };
      };
      400: components['responses']['Error'];
      401: components['responses']['Error'];
      403: components['responses']['Error'];
      404: components['responses']['Error'];
      413: components['responses']['Error'];
      503: components['responses']['Stopping'];
    };
  };
  sandboxListWebhookEndpointsInSandbox: {
    parameters: {
      query?: {
        /** @description How many items to answer, 1 to 1000; default 100. */
        limit?: components['parameters']['Limit'];
        /** @description An item's id: answers the items after it, oldest first, up to `limit` (to tail a list); `has_more` then says whether newer ones remain. An id not (or no longer) in the list is a 400. */
        starting_after?: components['parameters']['StartingAfter'];
        /** @description An item's id: answers the `limit` items just before it (to page back to older ones); `has_more` then says whether older ones remain. An id not (or no longer) in the list is a 400. */
        ending_before?: components['parameters']['EndingBefore'];
      };
      header?: never;
      path: {
        /** @description A named sandbox's name: 1 to 40 of a-z, 0-9 and '-', starting with a letter or digit; `default` is the default sandbox's. */
        name: components['parameters']['SandboxName'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The endpoints, oldest first. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookEndpointList'];
        };
      };
      400: components['responses']['Error'];
      401: components['responses']['Error'];
      404: components['responses']['Error'];
      503: components['responses']['Stopping'];
    };
  };
  sandboxCreateWebhookEndpointInSandbox: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A named sandbox's name: 1 to 40 of a-z, 0-9 and '-', starting with a letter or digit; `default` is the default sandbox's. */
        name: components['parameters']['SandboxName'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateWebhookEndpointRequest'];
      };
    };
    responses: {
      /** @description The endpoint, with its secret. */
      201: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookEndpoint'];
        };
      };
      400: components['responses']['Error'];
      401: components['responses']['Error'];
      403: components['responses']['Error'];
      404: components['responses']['Error'];
      413: components['responses']['Error'];
      503: components['responses']['Stopping'];
    };
  };
  sandboxDeleteWebhookEndpointInSandbox: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A named sandbox's name: 1 to 40 of a-z, 0-9 and '-', starting with a letter or digit; `default` is the default sandbox's. */
        name: components['parameters']['SandboxName'];
        endpoint_id: components['parameters']['EndpointId'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The removed endpoint (secret masked). */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookEndpoint'];
        };
      };
      401: components['responses']['Error'];
      403: components['responses']['Error'];
      404: components['responses']['Error'];
      503: components['responses']['Stopping'];
    };
  };
  sandboxTestWebhookEndpointInSandbox: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A named sandbox's name: 1 to 40 of a-z, 0-9 and '-', starting with a letter or digit; `default` is the default sandbox's. */
        name: components['parameters']['SandboxName'];
        endpoint_id: components['parameters']['EndpointId'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The attempt (it may have failed; see `status` and `error`). */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DeliveryAttempt'];
        };
      };
      401: components['responses']['Error'];
      403: components['responses']['Error'];
      404: components['responses']['Error'];
      503: components['responses']['Stopping'];
    };
  };
  sandboxProbeWebhookEndpointInSandbox: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A named sandbox's name: 1 to 40 of a-z, 0-9 and '-', starting with a letter or digit; `default` is the default sandbox's. */
        name: components['parameters']['SandboxName'];
        endpoint_id: components['parameters']['EndpointId'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The verdict and each request's answer. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ProbeResult'];
        };
      };
      401: components['responses']['Error'];
      403: components['responses']['Error'];
      404: components['responses']['Error'];
      503: components['responses']['Stopping'];
    };
  };
  sandboxReportInSandbox: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A named sandbox's name: 1 to 40 of a-z, 0-9 and '-', starting with a letter or digit; `default` is the default sandbox's. */
        name: components['parameters']['SandboxName'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The report. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['IntegrationReport'];
        };
      };
      401: components['responses']['Error'];
      403: components['responses']['Error'];
      404: components['responses']['Error'];
      503: components['responses']['Stopping'];
    };
  };
  sandboxResetReportInSandbox: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A named sandbox's name: 1 to 40 of a-z, 0-9 and '-', starting with a letter or digit; `default` is the default sandbox's. */
        name: components['parameters']['SandboxName'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The report, empty again. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['IntegrationReport'];
        };
      };
      401: components['responses']['Error'];
      403: components['responses']['Error'];
      404: components['responses']['Error'];
      503: components['responses']['Stopping'];
    };
  };
  sandboxListWebhookDeliveriesInSandbox: {
    parameters: {
      query?: {
        /** @description How many items to answer, 1 to 1000; default 100. */
        limit?: components['parameters']['Limit'];
        /** @description An item's id: answers the items after it, oldest first, up to `limit` (to tail a list); `has_more` then says whether newer ones remain. An id not (or no longer) in the list is a 400. */
        starting_after?: components['parameters']['StartingAfter'];
        /** @description An item's id: answers the `limit` items just before it (to page back to older ones); `has_more` then says whether older ones remain. An id not (or no longer) in the list is a 400. */
        ending_before?: components['parameters']['EndingBefore'];
        order_id?: string;
        event?: components['schemas']['EventName'];
        event_id?: string;
        endpoint_id?: string;
        status?: 'succeeded' | 'failed' | 'retrying';
      };
      header?: never;
      path: {
        /** @description A named sandbox's name: 1 to 40 of a-z, 0-9 and '-', starting with a letter or digit; `default` is the default sandbox's. */
        name: components['parameters']['SandboxName'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The attempts. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DeliveryList'];
        };
      };
      400: components['responses']['Error'];
      401: components['responses']['Error'];
      404: components['responses']['Error'];
      503: components['responses']['Stopping'];
    };
  };
  sandboxRedeliverEventInSandbox: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A named sandbox's name: 1 to 40 of a-z, 0-9 and '-', starting with a letter or digit; `default` is the default sandbox's. */
        name: components['parameters']['SandboxName'];
        event_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The attempts made. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DeliveryList'];
        };
      };
      400: components['responses']['Error'];
      401: components['responses']['Error'];
      403: components['responses']['Error'];
      404: components['responses']['Error'];
      503: components['responses']['Stopping'];
    };
  };
  sandboxGetFaultsInSandbox: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A named sandbox's name: 1 to 40 of a-z, 0-9 and '-', starting with a letter or digit; `default` is the default sandbox's. */
        name: components['parameters']['SandboxName'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The faults (all off by default). */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Faults'];
        };
      };
      401: components['responses']['Error'];
      404: components['responses']['Error'];
      503: components['responses']['Stopping'];
    };
  };
  sandboxSetFaultsInSandbox: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A named sandbox's name: 1 to 40 of a-z, 0-9 and '-', starting with a letter or digit; `default` is the default sandbox's. */
        name: components['parameters']['SandboxName'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['Faults'];
      };
    };
    responses: {
      /** @description The faults now in force. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Faults'];
        };
      };
      400: components['responses']['Error'];
      401: components['responses']['Error'];
      403: components['responses']['Error'];
      404: components['responses']['Error'];
      413: components['responses']['Error'];
      503: components['responses']['Stopping'];
    };
  };
  sandboxListRequestsInSandbox: {
    parameters: {
      query?: {
        limit?: number;
        starting_after?: string;
        ending_before?: string;
        /** @description A /v1 operationId (`createOrder`, `retrieveOrder`, …). */
        operation?: string;
        /** @description An exact status (`404`) or a class (`4xx`). */
        status?: string;
        order_id?: string;
        account_id?: string;
      };
      header?: never;
      path: {
        /** @description A named sandbox's name: 1 to 40 of a-z, 0-9 and '-', starting with a letter or digit; `default` is the default sandbox's. */
        name: components['parameters']['SandboxName'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of entries, newest last. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['RequestList'];
        };
      };
      400: components['responses']['Error'];
      401: components['responses']['Error'];
      404: components['responses']['Error'];
      503: components['responses']['Stopping'];
    };
  };
  sandboxClearRequestsInSandbox: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A named sandbox's name: 1 to 40 of a-z, 0-9 and '-', starting with a letter or digit; `default` is the default sandbox's. */
        name: components['parameters']['SandboxName'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description How many entries were dropped. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            cleared: number;
          };
        };
      };
      401: components['responses']['Error'];
      403: components['responses']['Error'];
      404: components['responses']['Error'];
      503: components['responses']['Stopping'];
    };
  };
  sandboxExportRequestsHarInSandbox: {
    parameters: {
      query?: {
        /** @description A /v1 operationId (`createOrder`, `retrieveOrder`, …). */
        operation?: string;
        /** @description An exact status (`404`) or a class (`4xx`). */
        status?: string;
        order_id?: string;
        account_id?: string;
      };
      header?: never;
      path: {
        /** @description A named sandbox's name: 1 to 40 of a-z, 0-9 and '-', starting with a letter or digit; `default` is the default sandbox's. */
        name: components['parameters']['SandboxName'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The HAR log. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['HarLog'];
        };
      };
      400: components['responses']['Error'];
      401: components['responses']['Error'];
      404: components['responses']['Error'];
      503: components['responses']['Stopping'];
    };
  };
  sandboxListScenariosInSandbox: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A named sandbox's name: 1 to 40 of a-z, 0-9 and '-', starting with a letter or digit; `default` is the default sandbox's. */
        name: components['parameters']['SandboxName'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Each bundled scenario, and which one is running. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ScenarioList'];
        };
      };
      401: components['responses']['Error'];
      404: components['responses']['Error'];
      503: components['responses']['Stopping'];
    };
  };
  sandboxDownloadTraceInSandbox: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A named sandbox's name: 1 to 40 of a-z, 0-9 and '-', starting with a letter or digit; `default` is the default sandbox's. */
        name: components['parameters']['SandboxName'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The trace so far. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/gzip': string;
        };
      };
      401: components['responses']['Error'];
      404: components['responses']['Error'];
      503: components['responses']['Stopping'];
    };
  };
  sandboxExportStateInSandbox: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A named sandbox's name: 1 to 40 of a-z, 0-9 and '-', starting with a letter or digit; `default` is the default sandbox's. */
        name: components['parameters']['SandboxName'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The state. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SandboxState'];
        };
      };
      401: components['responses']['Error'];
      404: components['responses']['Error'];
      503: components['responses']['Stopping'];
    };
  };
  sandboxImportStateInSandbox: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A named sandbox's name: 1 to 40 of a-z, 0-9 and '-', starting with a letter or digit; `default` is the default sandbox's. */
        name: components['parameters']['SandboxName'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['SandboxState'];
      };
    };
    responses: {
      /** @description What runs now. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ResetResult'];
        };
      };
      400: components['responses']['Error'];
      401: components['responses']['Error'];
      403: components['responses']['Error'];
      404: components['responses']['Error'];
      409: components['responses']['Error'];
      413: components['responses']['Error'];
      503: components['responses']['Stopping'];
    };
  };
  sandboxAdvanceOrderInSandbox: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A named sandbox's name: 1 to 40 of a-z, 0-9 and '-', starting with a letter or digit; `default` is the default sandbox's. */
        name: components['parameters']['SandboxName'];
        order_id: components['parameters']['OrderId'];
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        'application/json': components['schemas']['AdvanceOrderRequest'];
      };
    };
    responses: {
      /** @description The order as `/v1` shows it after the advance. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Order'];
        };
      };
      400: components['responses']['Error'];
      401: components['responses']['Error'];
      403: components['responses']['Error'];
      404: components['responses']['Error'];
      413: components['responses']['Error'];
      503: components['responses']['Stopping'];
    };
  };
  sandboxCancelOrderInSandbox: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A named sandbox's name: 1 to 40 of a-z, 0-9 and '-', starting with a letter or digit; `default` is the default sandbox's. */
        name: components['parameters']['SandboxName'];
        order_id: components['parameters']['OrderId'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CancelOrderRequest'];
      };
    };
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
      400: components['responses']['Error'];
      401: components['responses']['Error'];
      403: components['responses']['Error'];
      404: components['responses']['Error'];
      413: components['responses']['Error'];
      503: components['responses']['Stopping'];
    };
  };
  sandboxListEventsInSandbox: {
    parameters: {
      query?: {
        /** @description How many items to answer, 1 to 1000; default 100. */
        limit?: components['parameters']['Limit'];
        /** @description An item's id: answers the items after it, oldest first, up to `limit` (to tail a list); `has_more` then says whether newer ones remain. An id not (or no longer) in the list is a 400. */
        starting_after?: components['parameters']['StartingAfter'];
        /** @description An item's id: answers the `limit` items just before it (to page back to older ones); `has_more` then says whether older ones remain. An id not (or no longer) in the list is a 400. */
        ending_before?: components['parameters']['EndingBefore'];
        /** @description Only the events of this order. */
        order_id?: string;
        /** @description Only events of this name. */
        event?: components['schemas']['EventName'];
      };
      header?: never;
      path: {
        /** @description A named sandbox's name: 1 to 40 of a-z, 0-9 and '-', starting with a letter or digit; `default` is the default sandbox's. */
        name: components['parameters']['SandboxName'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The events, oldest first. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['EventList'];
        };
      };
      400: components['responses']['Error'];
      401: components['responses']['Error'];
      404: components['responses']['Error'];
      503: components['responses']['Stopping'];
    };
  };
}

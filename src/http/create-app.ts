import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { messageClasses, type MessageClasses } from './message-classes.js';
import express from 'express';
import type { Logger } from 'pino';
import './locals.js';
import type { AppHost } from './app-host.js';
import { parseTraceparent } from '../domain/traceparent.js';
import { withCause } from '../events/request-cause.js';
import { loadAsyncApiDocument } from './asyncapi-document.js';
import { fastReads } from './fast-reads.js';
import { fastWrites } from './fast-writes.js';
import { adminAuth, unknownSandbox } from './middleware/admin-auth.js';
import { injectApiFaults } from './middleware/api-faults.js';
import { errorHandler } from './middleware/error-handler.js';
import { journalRequests } from './middleware/journal.js';
import { RouteResolver } from './middleware/not-found.js';
import { chooseSandbox, refuseGoneSandbox } from './middleware/choose-sandbox.js';
import { countRequests } from './middleware/count-requests.js';
import { begin } from './middleware/prelude.js';
import { requestGuard, type AccessOptions } from './middleware/request-guard.js';
import { loadOpenApiDocument } from './openapi-document.js';
import { OperationMatcher } from './operation-matcher.js';
import { expressSteps, type RequestStep } from './pipeline.js';
import { compileRequestValidators, type RequestValidators } from './request-validators.js';
import { RequestTally } from './request-tally.js';
import { driversRoutes } from './routes/drivers.js';
import { ordersRoutes } from './routes/orders.js';
import { dashboardRoutes } from './routes/dashboard.js';
import { paymentsRoutes } from './routes/payments.js';
import { sandboxDashboardReads } from './routes/sandbox/dashboard-reads.js';
import { sandboxClockRoutes } from './routes/sandbox/clock.js';
import { sandboxEventsRoutes } from './routes/sandbox/events.js';
import { healthRoutes } from './routes/sandbox/health.js';
import { metricsRoutes } from './routes/sandbox/metrics.js';
import { sandboxOrdersRoutes } from './routes/sandbox/orders.js';
import { sandboxReportRoutes } from './routes/sandbox/report.js';
import { sandboxRequestsRoutes } from './routes/sandbox/requests.js';
import { sandboxTraceRoutes } from './routes/sandbox/trace.js';
import { sandboxResetRoutes } from './routes/sandbox/reset.js';
import { sandboxSandboxesRoutes } from './routes/sandbox/sandboxes.js';
import { sandboxStateRoutes } from './routes/sandbox/state.js';
import { sandboxWebhookRoutes } from './routes/sandbox/webhooks.js';
import { sandboxWorldRoutes } from './routes/sandbox/world.js';

/** Options of `createApp` beyond what every sandbox sets. */
export interface AppOptions {
  /**
   * Tests only: steps run after the list's own, on the Express chain and the fast path alike
   * (test/pipeline.test.ts shows that a step added to the list runs on both).
   */
  testSteps?: readonly RequestStep[];
}

/**
 * The HTTP application: the `/v1` API, the `/__sandbox` control plane and the OpenAPI documents.
 * Every request works on its sandbox's current world, both chosen once when it arrives (the
 * `world` step, src/http/middleware/choose-sandbox.ts): `host` is the default sandbox's, which
 * holds the named ones. Every failure,
 * including malformed JSON, oversized bodies and unknown routes, answers JSON. `access` says which
 * Host names and web origins may call it (docs/security.md); `holdMs` how long a request faulted
 * with `Sandbox-Fault: timeout` is held (the server's request time-out).
 *
 * Every request first takes one ordered list of steps (src/http/pipeline.ts): a step added there
 * runs on the Express chain and on the fast path of the hottest requests (`GET /v1/orders/{id}`,
 * its `/location`, `GET /v1/drivers/available`, and `POST /v1/orders` with a plain JSON body),
 * which are answered in front of Express when they need nothing more than the plain path
 * (src/http/fast-reads.ts, src/http/fast-writes.ts).
 */
export function createApp(
  host: AppHost,
  logger: Logger,
  access: AccessOptions,
  faults: { holdMs: number },
  options: AppOptions = {},
): AppListener {
  const v1Doc = loadOpenApiDocument('v1');
  const sandboxDoc = loadOpenApiDocument('sandbox');
  const v1 = compileRequestValidators(v1Doc, 'v1');
  const routes = new RouteResolver([v1Doc, sandboxDoc]);
  const operations = new OperationMatcher(v1Doc);

  const app = express();
  app.disable('x-powered-by');
  // Paths are exact: `/V1/ORDERS` is not `/v1/orders`, and `/__SANDBOX` is not the control plane.
  app.set('case sensitive routing', true);
  // Conditional GETs would answer 304 with no body, which a client of the real API never sees.
  app.set('etag', false);
  // Without an ETag or Last-Modified Express still finds `If-None-Match: *` "fresh" and answers
  // 304: no response of the sandbox is ever fresh in a client's cache.
  Object.defineProperty(app.request, 'fresh', { configurable: true, get: () => false });
  const requests = new RequestTally();
  const steps: readonly RequestStep[] = [
    chooseSandbox(host),
    countRequests(requests, [v1Doc, sandboxDoc]),
    begin(logger),
    refuseGoneSandbox(),
    journalRequests(operations),
    requestGuard(access, routes),
    injectApiFaults(operations, faults.holdMs),
    ...(options.testSteps ?? []),
  ];
  app.use(expressSteps(steps));

  // The /v1 routes first and on the app itself: Express tries each layer in turn, so the API's
  // requests match without passing the documents' routes or entering a nested router.
  ordersRoutes(app, v1);
  paymentsRoutes(app, v1);
  driversRoutes(app, v1);

  app.get('/openapi.json', (_req, res) => {
    res.json(v1Doc);
  });
  app.get('/__sandbox/openapi.json', (_req, res) => {
    res.json(sandboxDoc);
  });
  // The WebSocket streams and the webhooks, which OpenAPI describes poorly.
  const asyncApiDoc = loadAsyncApiDocument();
  app.get('/asyncapi.json', (_req, res) => {
    res.json(asyncApiDoc);
  });
  app.use(dashboardRoutes());
  app.get('/', (_req, res) => {
    res.json({
      name: 'delivery-sandbox',
      version: host.version,
      scenario: res.locals.world.scenario.name,
      api: '/v1',
      openapi: '/openapi.json',
      control_plane: '/__sandbox',
      control_plane_openapi: '/__sandbox/openapi.json',
      health: '/__sandbox/health',
      dashboard: '/ (with Accept: text/html, as a browser sends)',
    });
  });

  // The control plane's routes, built on its first request rather than at start-up: they are
  // most of the app's routes (each named sandbox's prefix too), and compiling their paths was
  // ~20 ms of a start that answers /v1 first (docs/decisions/0020-start-up-work.md).
  let controlPlane: express.Router | undefined;
  app.use((req, res, next) => {
    controlPlane ??= controlPlaneRoutes(host, compileRequestValidators(sandboxDoc, 'sandbox'));
    controlPlane(req, res, next);
  });

  app.use(routes.handler());
  app.use(errorHandler(logger, routes));
  const reads = fastReads(steps, logger, v1, operations);
  const writes = fastWrites(steps, logger, v1, operations);
  const serve = (req: IncomingMessage, res: ServerResponse): void => {
    if (!reads(req, res) && !writes(req, res)) void app(req, res);
  };
  // A request with a valid W3C `traceparent` is handled as its cause: what it publishes, now or
  // after an await (an advance's lifecycle steps), carries its trace into the webhooks. An invalid
  // one is ignored, as the spec says (docs/observability.md).
  const listener: RequestListener = (req, res) => {
    const cause = parseTraceparent(req.headers.traceparent);
    if (cause === undefined) serve(req, res);
    else withCause(cause, serve, req, res);
  };
  return Object.assign(listener, { messageClasses: messageClasses(app), requests });
}

/** The `/__sandbox` routes, in the order they are tried (the admin token first). */
function controlPlaneRoutes(host: AppHost, control: RequestValidators): express.Router {
  const router = express.Router({ caseSensitive: true });
  router.use(adminAuth(host.adminToken));
  router.use(unknownSandbox());
  router.use(healthRoutes(host.version, host.nodeName));
  router.use(metricsRoutes(host));
  router.use(sandboxOrdersRoutes(control));
  router.use(sandboxEventsRoutes(control));
  router.use(sandboxClockRoutes(control));
  router.use(sandboxWebhookRoutes(control));
  router.use(sandboxWorldRoutes(control));
  router.use(sandboxDashboardReads());
  router.use(sandboxResetRoutes(control));
  router.use(sandboxStateRoutes());
  router.use(sandboxSandboxesRoutes(control, host));
  router.use(sandboxReportRoutes());
  router.use(sandboxRequestsRoutes(control, host.version));
  router.use(sandboxTraceRoutes());

  return router;
}

/**
 * The app's request listener, with the request and response classes to serve it with and the
 * requests it answered (for `GET /__sandbox/metrics`).
 */
export type AppListener = RequestListener & {
  readonly messageClasses: MessageClasses;
  readonly requests: RequestTally;
};

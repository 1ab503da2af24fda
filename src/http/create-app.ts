import express, { type Express } from 'express';
import './locals.js';
import type { AppDeps } from './app-deps.js';
import { adminAuth } from './middleware/admin-auth.js';
import { createAuthenticator } from './middleware/authenticate.js';
import { errorHandler } from './middleware/error-handler.js';
import { RouteResolver } from './middleware/not-found.js';
import { prelude } from './middleware/prelude.js';
import { loadOpenApiDocument } from './openapi-document.js';
import { compileRequestValidators } from './request-validators.js';
import { driversRoutes } from './routes/drivers.js';
import { ordersRoutes } from './routes/orders.js';
import { paymentsRoutes } from './routes/payments.js';
import { sandboxEventsRoutes } from './routes/sandbox/events.js';
import { healthRoutes } from './routes/sandbox/health.js';
import { sandboxOrdersRoutes } from './routes/sandbox/orders.js';
import { sandboxClockRoutes } from './routes/sandbox/clock.js';
import { sandboxResetRoutes } from './routes/sandbox/reset.js';
import { sandboxWorldRoutes } from './routes/sandbox/world.js';
import { sandboxWebhookRoutes } from './routes/sandbox/webhooks.js';
import { sandboxStateRoutes } from './routes/sandbox/state.js';

/**
 * The HTTP application: the `/v1` API, the `/__sandbox` control plane and the OpenAPI documents.
 * Every failure, including malformed JSON, oversized bodies and unknown routes, answers JSON.
 */
export function createApp(deps: AppDeps): Express {
  const { context: ctx, logger } = deps;
  const v1Doc = loadOpenApiDocument('v1');
  const sandboxDoc = loadOpenApiDocument('sandbox');
  const v1 = compileRequestValidators(v1Doc, 'v1');
  const control = compileRequestValidators(sandboxDoc, 'sandbox');
  const auth = createAuthenticator(ctx);

  const routes = new RouteResolver([v1Doc, sandboxDoc]);

  const app = express();
  app.disable('x-powered-by');
  // Paths are exact: `/V1/ORDERS` is not `/v1/orders`, and `/__SANDBOX` is not the control plane.
  app.set('case sensitive routing', true);
  // Conditional GETs would answer 304 with no body, which a client of the real API never sees.
  app.set('etag', false);
  app.use(prelude(ctx, logger, routes));

  app.get('/openapi.json', (_req, res) => {
    res.json(v1Doc);
  });
  app.get('/__sandbox/openapi.json', (_req, res) => {
    res.json(sandboxDoc);
  });
  app.get('/', (_req, res) => {
    res.json({
      name: 'delivery-sandbox',
      version: deps.version,
      scenario: ctx.scenario.name,
      api: '/v1',
      openapi: '/openapi.json',
      control_plane: '/__sandbox',
      control_plane_openapi: '/__sandbox/openapi.json',
      health: '/__sandbox/health',
    });
  });

  app.use(ordersRoutes(ctx, v1, auth));
  app.use(paymentsRoutes(ctx, v1, auth));
  app.use(driversRoutes(ctx, v1, auth));

  app.use(adminAuth(deps.adminToken));
  app.use(healthRoutes(ctx, deps.version));
  app.use(sandboxOrdersRoutes(ctx, control, deps.webhooks));
  app.use(sandboxEventsRoutes(ctx, control));
  app.use(sandboxClockRoutes(ctx, control, deps.webhooks));
  app.use(sandboxWebhookRoutes(ctx, control, deps.webhooks));
  app.use(sandboxWorldRoutes(ctx, control));
  app.use(sandboxResetRoutes(ctx, control, deps.reset));
  app.use(sandboxStateRoutes(ctx, control, deps.state));

  app.use(routes.handler());
  app.use(errorHandler(logger, routes));
  return app;
}

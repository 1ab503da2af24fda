import type { Router } from 'express';
import type { AppHost } from '../../app-host.js';
import { createRouter } from '../../router.js';

/**
 * `GET /__sandbox/metrics`: the server's Prometheus metrics (docs/observability.md), behind the
 * admin token like every control route. Server-wide: `server` is the default sandbox's host, so
 * under a sandbox's path it answers the same text.
 */
export function metricsRoutes(server: AppHost): Router {
  const router = createRouter();
  router.get('/__sandbox/metrics', async (_req, res, next) => {
    const metrics = server.metrics;
    // A bare app (tests) has none: the route is then unknown, as anywhere else.
    if (!metrics) return next();
    const text = await metrics.text();
    res.type(metrics.contentType).send(text);
  });
  return router;
}

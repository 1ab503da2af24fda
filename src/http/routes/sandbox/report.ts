import type { Router } from 'express';
import { probeEndpoint } from '../../../commands/probe-endpoint.js';
import { createRouter } from '../../router.js';

/**
 * The request's sandbox's integration report (`GET /__sandbox/report`, `POST /__sandbox/report/reset`) and the
 * signature probe of an endpoint (`POST /__sandbox/webhook-endpoints/{id}/probe`).
 */
export function sandboxReportRoutes(): Router {
  const router = createRouter();

  router.get('/__sandbox/report', (_req, res) => {
    res.json(res.locals.host.report());
  });

  router.post('/__sandbox/report/reset', (_req, res) => {
    res.json(res.locals.host.resetReport());
  });

  router.post('/__sandbox/webhook-endpoints/:endpoint_id/probe', async (req, res) => {
    res.json(await probeEndpoint(res.locals.world, req.params.endpoint_id));
  });

  return router;
}

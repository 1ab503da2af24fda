import type { Router } from 'express';
import { probeEndpoint } from '../../../commands/probe-endpoint.js';
import type { AppHost } from '../../app-host.js';
import { createRouter } from '../../router.js';

/**
 * The integration report (`GET /__sandbox/report`, `POST /__sandbox/report/reset`) and the
 * signature probe of an endpoint (`POST /__sandbox/webhook-endpoints/{id}/probe`).
 */
export function sandboxReportRoutes(host: AppHost): Router {
  const router = createRouter();

  router.get('/__sandbox/report', (_req, res) => {
    res.json(host.report());
  });

  router.post('/__sandbox/report/reset', (_req, res) => {
    res.json(host.resetReport());
  });

  router.post('/__sandbox/webhook-endpoints/:endpoint_id/probe', async (req, res) => {
    res.json(await probeEndpoint(res.locals.world, req.params.endpoint_id));
  });

  return router;
}

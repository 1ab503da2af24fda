import type { Router } from 'express';
import { describeWorld } from '../../../commands/describe-world.js';
import { createRouter } from '../../router.js';

/**
 * `GET /__sandbox/health`: used by Docker's HEALTHCHECK and by scripts waiting for start-up. `node`
 * names the process, so that a request through a load balancer says which one answered.
 */
export function healthRoutes(version: string, node: string): Router {
  const router = createRouter();
  router.get('/__sandbox/health', (_req, res) => {
    const { scenario, clock } = describeWorld(res.locals.world);
    res.json({ status: 'ok', version, node, scenario, clock });
  });
  return router;
}

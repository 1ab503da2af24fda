import type { Router } from 'express';
import { describeWorld } from '../../../commands/describe-world.js';
import { createRouter } from '../../router.js';

/** `GET /__sandbox/health`: used by Docker's HEALTHCHECK and by scripts waiting for start-up. */
export function healthRoutes(version: string): Router {
  const router = createRouter();
  router.get('/__sandbox/health', (_req, res) => {
    const { scenario, clock } = describeWorld(res.locals.world);
    res.json({ status: 'ok', version, scenario, clock });
  });
  return router;
}

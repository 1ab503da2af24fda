import type { Router } from 'express';
import { describeCity } from '../../../commands/describe-city.js';
import { describeWorld } from '../../../commands/describe-world.js';
import { listRoutes } from '../../../commands/list-routes.js';
import { createRouter } from '../../router.js';

/**
 * What the dashboard reads besides the lists: what runs (scenario, seed, clock, every account's
 * keys), the city's geometry and every active order's route.
 */
export function sandboxDashboardReads(): Router {
  const router = createRouter();
  router.get('/__sandbox/world', (_req, res) => {
    res.json(describeWorld(res.locals.world));
  });
  router.get('/__sandbox/city', (_req, res) => {
    res.json(describeCity(res.locals.world));
  });
  router.get('/__sandbox/routes', (_req, res) => {
    res.json({ routes: listRoutes(res.locals.world) });
  });
  return router;
}

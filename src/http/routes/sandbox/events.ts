import type { Router } from 'express';
import { listEvents } from '../../../commands/list-events.js';
import { validateQuery } from '../../middleware/validate.js';
import type { RequestValidators } from '../../request-validators.js';
import { createRouter } from '../../router.js';

/** `GET /__sandbox/events`: every event emitted, oldest first, optionally by order or name. */
export function sandboxEventsRoutes(validators: RequestValidators): Router {
  const router = createRouter();
  router.get('/__sandbox/events', validateQuery(validators, 'sandboxListEvents'), (_req, res) => {
    res.json({ events: listEvents(res.locals.world, res.locals.query) });
  });
  return router;
}

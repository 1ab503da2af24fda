import type { Router } from 'express';
import { listEvents } from '../../../commands/list-events.js';
import { validateQuery } from '../../middleware/validate.js';
import type { RequestValidators } from '../../request-validators.js';
import { createRouter } from '../../router.js';
import { sendPage } from '../../send-page.js';

/** `GET /__sandbox/events`: every event emitted, oldest first, optionally by order or name. */
export function sandboxEventsRoutes(validators: RequestValidators): Router {
  const router = createRouter();
  router.get('/__sandbox/events', validateQuery(validators, 'sandboxListEvents'), (_req, res) => {
    sendPage(res, 'events', listEvents(res.locals.world, res.locals.query), (e) => e.event_id);
  });
  return router;
}

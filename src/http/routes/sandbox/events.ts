import type { Router } from 'express';
import { createRouter } from '../../router.js';
import type { SandboxContext } from '../../../service/context.js';
import { validateQuery } from '../../middleware/validate.js';
import type { RequestValidators } from '../../request-validators.js';

/** `GET /__sandbox/events`: every event emitted, oldest first, optionally by order or name. */
export function sandboxEventsRoutes(ctx: SandboxContext, validators: RequestValidators): Router {
  const router = createRouter();
  router.get('/__sandbox/events', validateQuery(validators, 'sandboxListEvents'), (_req, res) => {
    const { order_id, event } = res.locals.query as { order_id?: string; event?: string };
    const events = ctx.store.events
      .all()
      .filter(
        (e) =>
          (order_id === undefined || e.data.order.order_id === order_id) &&
          (event === undefined || e.event === event),
      );
    res.json({ events });
  });
  return router;
}

import type { RequestHandler, Router } from 'express';
import { createRouter } from '../router.js';
import { sendJson } from '../send-json.js';
import type { SandboxContext } from '../../service/context.js';
import { availableDrivers } from '../../service/drivers.js';
import { validateQuery } from '../middleware/validate.js';
import type { RequestValidators } from '../request-validators.js';

/** `GET /v1/drivers/available`. */
export function driversRoutes(
  ctx: SandboxContext,
  validators: RequestValidators,
  auth: (opts: { requireWrite: boolean }) => RequestHandler,
): Router {
  const router = createRouter();
  router.get(
    '/v1/drivers/available',
    auth({ requireWrite: false }),
    validateQuery(validators, 'listAvailableDrivers'),
    (_req, res) => {
      sendJson(
        res,
        availableDrivers(ctx, res.locals.query as { lat: number; lng: number; radius: number }),
      );
    },
  );
  return router;
}

import type { IRouter } from 'express';
import { auth } from '../middleware/authenticate.js';
import { validateQuery } from '../middleware/validate.js';
import type { RequestValidators } from '../request-validators.js';
import { availableDriversText } from '../drivers-text.js';
import { sendJsonText } from '../send-json.js';

/** `GET /v1/drivers/available`, registered on `router` (the app: see ordersRoutes). */
export function driversRoutes(router: IRouter, validators: RequestValidators): void {
  router.get(
    '/v1/drivers/available',
    auth.read,
    validateQuery(validators, 'listAvailableDrivers'),
    (_req, res) => {
      const query = res.locals.query as { lat: number; lng: number; radius: number };
      sendJsonText(res, availableDriversText(res.locals.world, query));
    },
  );
}

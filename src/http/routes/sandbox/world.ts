import type { Router } from 'express';
import { listDrivers } from '../../../commands/list-drivers.js';
import { listOrderOutcomes, listOrders } from '../../../commands/list-orders.js';
import type { OrderStatus } from '../../../domain/order.js';
import type { DriverStatus } from '../../../store/state.js';
import { validateQuery } from '../../middleware/validate.js';
import type { RequestValidators } from '../../request-validators.js';
import { createRouter } from '../../router.js';

/** Inspection: every order of every account, and every driver where it is now. */
export function sandboxWorldRoutes(validators: RequestValidators): Router {
  const router = createRouter();

  router.get('/__sandbox/orders', validateQuery(validators, 'sandboxListOrders'), (_req, res) => {
    const filter = res.locals.query as { status?: OrderStatus; account_id?: string };
    const orders = listOrders(res.locals.world, filter);
    res.json({ orders, outcomes: listOrderOutcomes(res.locals.world, orders) });
  });

  router.get('/__sandbox/drivers', validateQuery(validators, 'sandboxListDrivers'), (_req, res) => {
    const filter = res.locals.query as { status?: DriverStatus };
    res.json({ drivers: listDrivers(res.locals.world, filter) });
  });

  return router;
}

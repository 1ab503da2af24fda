import type { Router } from 'express';
import { listDrivers } from '../../../commands/list-drivers.js';
import { listOrderOutcomes, listOrders } from '../../../commands/list-orders.js';
import type { OrderStatus } from '../../../domain/order.js';
import { allowedActionsByStatus } from '../../../domain/order-status.js';
import type { DriverStatus } from '../../../store/state.js';
import { validateQuery } from '../../middleware/validate.js';
import type { RequestValidators } from '../../request-validators.js';
import { createRouter } from '../../router.js';
import { sendPage } from '../../send-page.js';

/**
 * Inspection: the orders of every account (with what each status allows, for the dashboard's
 * buttons) and the drivers where they are now, a page at a time.
 */
export function sandboxWorldRoutes(validators: RequestValidators): Router {
  const router = createRouter();

  router.get('/__sandbox/orders', validateQuery(validators, 'sandboxListOrders'), (_req, res) => {
    const filter = res.locals.query as { status?: OrderStatus; account_id?: string };
    const world = res.locals.world;
    sendPage(
      res,
      'orders',
      listOrders(world, filter),
      (o) => o.order_id,
      (page) => ({
        outcomes: listOrderOutcomes(world, page),
        allowed_actions: allowedActionsByStatus(),
      }),
    );
  });

  router.get('/__sandbox/drivers', validateQuery(validators, 'sandboxListDrivers'), (_req, res) => {
    const filter = res.locals.query as { status?: DriverStatus };
    sendPage(res, 'drivers', listDrivers(res.locals.world, filter), (d) => d.driver_id);
  });

  return router;
}

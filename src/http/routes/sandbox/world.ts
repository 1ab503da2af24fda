import type { Router } from 'express';
import type { SandboxContext } from '../../../service/context.js';
import { listDrivers } from '../../../service/drivers.js';
import { validateQuery } from '../../middleware/validate.js';
import type { RequestValidators } from '../../request-validators.js';
import { createRouter } from '../../router.js';

/** Inspection: every order of every account, and every driver where it is now. */
export function sandboxWorldRoutes(ctx: SandboxContext, validators: RequestValidators): Router {
  const router = createRouter();

  router.get('/__sandbox/orders', validateQuery(validators, 'sandboxListOrders'), (_req, res) => {
    const { status, account_id } = res.locals.query as { status?: string; account_id?: string };
    const orders = ctx.store.orders
      .all()
      .filter(
        (r) =>
          (status === undefined || r.order.status === status) &&
          (account_id === undefined || r.account_id === account_id),
      )
      .map((r) => r.order);
    res.json({ orders });
  });

  router.get('/__sandbox/drivers', validateQuery(validators, 'sandboxListDrivers'), (_req, res) => {
    const { status } = res.locals.query as { status?: string };
    res.json({
      drivers: listDrivers(ctx).filter((d) => status === undefined || d.status === status),
    });
  });

  return router;
}

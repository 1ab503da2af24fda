import type { Router } from 'express';
import { advanceOrder } from '../../../commands/advance-order.js';
import { cancelOrder } from '../../../commands/cancel-order.js';
import type { OrderStatus } from '../../../domain/api-types.js';
import { jsonBody } from '../../middleware/json-body.js';
import { validateBody } from '../../middleware/validate.js';
import { replyCommitted } from '../../reply-committed.js';
import type { RequestValidators } from '../../request-validators.js';
import { createRouter } from '../../router.js';

/**
 * On-demand lifecycle control: `POST /__sandbox/orders/{id}/advance` and `…/cancel`. Each answers
 * once the receiver has the first attempt of every event it fired.
 */
export function sandboxOrdersRoutes(validators: RequestValidators): Router {
  const router = createRouter();

  router.post(
    '/__sandbox/orders/:order_id/advance',
    ...jsonBody,
    validateBody(validators, 'sandboxAdvanceOrder', { optional: true }),
    async (req, res) => {
      const { to } = req.body as { to?: OrderStatus };
      const order = advanceOrder(res.locals.world, req.params.order_id as string, to);
      await replyCommitted(res.locals, 200, order, { settle: true });
    },
  );

  router.post(
    '/__sandbox/orders/:order_id/cancel',
    ...jsonBody,
    validateBody(validators, 'sandboxCancelOrder'),
    async (req, res) => {
      const { by, reason } = req.body as { by: 'restaurant' | 'system'; reason?: string };
      const orderId = req.params.order_id as string;
      const order = cancelOrder(res.locals.world, { orderId, by, reason });
      await replyCommitted(res.locals, 200, order, { settle: true });
    },
  );

  return router;
}

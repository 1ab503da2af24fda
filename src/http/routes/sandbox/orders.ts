import type { Router } from 'express';
import { createRouter } from '../../router.js';
import type { OrderStatus } from '../../../domain/order.js';
import type { SandboxContext } from '../../../service/context.js';
import { errors } from '../../../service/errors.js';
import { advanceOrder } from '../../../simulation/advance-order.js';
import { cancelOrder } from '../../../simulation/lifecycle.js';
import { isCancellable } from '../../../domain/order-status.js';
import { jsonBody } from '../../middleware/json-body.js';
import { validateBody } from '../../middleware/validate.js';
import type { RequestValidators } from '../../request-validators.js';
import { replyCommitted } from '../../reply-committed.js';
import type { WebhookControl } from '../../app-deps.js';

/** On-demand lifecycle control: `POST /__sandbox/orders/{id}/advance` and `…/cancel`. */
export function sandboxOrdersRoutes(
  ctx: SandboxContext,
  validators: RequestValidators,
  webhooks: WebhookControl,
): Router {
  const router = createRouter();

  router.post(
    '/__sandbox/orders/:order_id/advance',
    ...jsonBody,
    validateBody(validators, 'sandboxAdvanceOrder', { optional: true }),
    async (req, res) => {
      const { to } = req.body as { to?: OrderStatus };
      const order = advanceOrder(ctx, req.params.order_id as string, to);
      // The receiver has the first attempt of every event this fired by the time this answers.
      await webhooks.settle();
      await replyCommitted(ctx, res, 200, order);
    },
  );

  router.post(
    '/__sandbox/orders/:order_id/cancel',
    ...jsonBody,
    validateBody(validators, 'sandboxCancelOrder'),
    async (req, res) => {
      const { by, reason } = req.body as { by: 'restaurant' | 'system'; reason?: string };
      const id = req.params.order_id as string;
      const record = ctx.store.orders.get(id);
      if (!record) throw errors.orderNotFound(id);
      if (record.order.status !== 'cancelled') {
        if (!isCancellable(record.order.status)) {
          throw errors.invalid(
            `The order ${id} is ${record.order.status}; only orders before pickup can be cancelled`,
            'order_id',
            'order_not_cancellable',
          );
        }
        cancelOrder(ctx, record, by, reason ?? `cancelled_by_${by}`);
        await webhooks.settle();
      }
      await replyCommitted(ctx, res, 200, record.order);
    },
  );

  return router;
}

import type { Router } from 'express';
import { payOrder, type PaymentInput } from '../../commands/pay-order.js';
import { auth } from '../middleware/authenticate.js';
import { idempotency } from '../middleware/idempotency.js';
import { jsonBody } from '../middleware/json-body.js';
import { validateBody } from '../middleware/validate.js';
import { replyCommitted } from '../reply-committed.js';
import type { RequestValidators } from '../request-validators.js';
import { createRouter } from '../router.js';

/** `POST /v1/orders/{id}/payment`. */
export function paymentsRoutes(validators: RequestValidators): Router {
  const router = createRouter();
  router.post(
    '/v1/orders/:order_id/payment',
    auth.write,
    ...jsonBody,
    validateBody(validators, 'payOrder'),
    idempotency(),
    async (req, res) => {
      const { world, account } = res.locals;
      const orderId = req.params.order_id as string;
      await replyCommitted(res, 201, payOrder(world, account, orderId, req.body as PaymentInput));
    },
  );
  return router;
}

import type { IRouter } from 'express';
import { payOrder, type PaymentInput } from '../../commands/pay-order.js';
import { auth } from '../middleware/authenticate.js';
import { idempotency } from '../middleware/idempotency.js';
import { jsonBody } from '../middleware/json-body.js';
import { validateBody } from '../middleware/validate.js';
import { replyCommitted } from '../reply-committed.js';
import type { RequestValidators } from '../request-validators.js';

/** `POST /v1/orders/{id}/payment`, registered on `router` (the app: see ordersRoutes). */
export function paymentsRoutes(router: IRouter, validators: RequestValidators): void {
  router.post(
    '/v1/orders/:order_id/payment',
    auth.write,
    ...jsonBody,
    validateBody(validators, 'payOrder'),
    idempotency(),
    async (req, res) => {
      const { world, account } = res.locals;
      const orderId = req.params.order_id as string;
      await replyCommitted(
        res.locals,
        201,
        payOrder(world, account, orderId, req.body as PaymentInput),
      );
    },
  );
}

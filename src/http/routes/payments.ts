import type { RequestHandler, Router } from 'express';
import { createRouter } from '../router.js';
import type { SandboxContext } from '../../service/context.js';
import { payOrder, type PaymentInput } from '../../service/payments.js';
import { idempotency } from '../middleware/idempotency.js';
import { jsonBody } from '../middleware/json-body.js';
import { validateBody } from '../middleware/validate.js';
import type { RequestValidators } from '../request-validators.js';
import { replyCommitted } from '../reply-committed.js';

/** `POST /v1/orders/{id}/payment`. */
export function paymentsRoutes(
  ctx: SandboxContext,
  validators: RequestValidators,
  auth: (opts: { requireWrite: boolean }) => RequestHandler,
): Router {
  const router = createRouter();
  router.post(
    '/v1/orders/:order_id/payment',
    auth({ requireWrite: true }),
    ...jsonBody,
    validateBody(validators, 'payOrder'),
    idempotency(ctx),
    async (req, res) => {
      const payment = payOrder(
        ctx,
        res.locals.account,
        req.params.order_id as string,
        req.body as PaymentInput,
      );
      await replyCommitted(ctx, res, 201, payment);
    },
  );
  return router;
}

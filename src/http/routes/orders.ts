import type { RequestHandler, Router } from 'express';
import { createRouter } from '../router.js';
import { sendJson } from '../send-json.js';
import {
  cancelOrderAsCustomer,
  createOrder,
  findOwnedOrder,
  type CreateOrderInput,
} from '../../service/orders.js';
import { orderLocation } from '../../service/location.js';
import type { SandboxContext } from '../../service/context.js';
import { idempotency } from '../middleware/idempotency.js';
import { jsonBody } from '../middleware/json-body.js';
import { validateBody } from '../middleware/validate.js';
import type { RequestValidators } from '../request-validators.js';
import { replyCommitted } from '../reply-committed.js';

/** `/v1/orders`: create, retrieve, cancel, and the driver's live location. */
export function ordersRoutes(
  ctx: SandboxContext,
  validators: RequestValidators,
  auth: (opts: { requireWrite: boolean }) => RequestHandler,
): Router {
  const router = createRouter();
  const read = auth({ requireWrite: false });
  const write = auth({ requireWrite: true });

  router.post(
    '/v1/orders',
    write,
    ...jsonBody,
    validateBody(validators, 'createOrder'),
    idempotency(ctx),
    async (req, res) => {
      const order = createOrder(ctx, res.locals.account, req.body as CreateOrderInput);
      await replyCommitted(ctx, res, 201, order);
    },
  );

  router.get('/v1/orders/:order_id', read, (req, res) => {
    sendJson(res, findOwnedOrder(ctx, res.locals.account, req.params.order_id as string).order);
  });

  router.delete('/v1/orders/:order_id', write, async (req, res) => {
    const order = cancelOrderAsCustomer(ctx, res.locals.account, req.params.order_id as string);
    await replyCommitted(ctx, res, 200, order);
  });

  router.get('/v1/orders/:order_id/location', read, (req, res) => {
    sendJson(res, orderLocation(ctx, res.locals.account, req.params.order_id as string));
  });

  return router;
}

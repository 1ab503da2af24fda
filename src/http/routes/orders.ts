import type { IRouter } from 'express';
import { cancelOrder } from '../../commands/cancel-order.js';
import { createOrder, type CreateOrderInput } from '../../commands/create-order.js';
import { findOrder } from '../../commands/find-order.js';
import { locationFix } from '../../commands/order-location.js';
import { auth } from '../middleware/authenticate.js';
import { idempotency } from '../middleware/idempotency.js';
import { jsonBody } from '../middleware/json-body.js';
import { sandboxOutcome } from '../middleware/sandbox-outcome.js';
import { validateBody } from '../middleware/validate.js';
import { replyCommitted } from '../reply-committed.js';
import type { RequestValidators } from '../request-validators.js';
import { locationText } from '../location-text.js';
import { orderText } from '../order-text.js';
import { sendJsonText } from '../send-json.js';

/**
 * `/v1/orders`: create, retrieve, cancel, and the driver's live location, registered on `router`
 * (the app itself: a nested router would cost every `/v1` request a second dispatch).
 */
export function ordersRoutes(router: IRouter, validators: RequestValidators): void {
  router.post(
    '/v1/orders',
    auth.write,
    ...jsonBody,
    validateBody(validators, 'createOrder'),
    sandboxOutcome(),
    idempotency(),
    async (req, res) => {
      const { world, account, outcome } = res.locals;
      const order = createOrder(world, account, req.body as CreateOrderInput, { outcome });
      await replyCommitted(res, 201, order);
    },
  );

  router.get('/v1/orders/:order_id', auth.read, (req, res) => {
    const { world, account } = res.locals;
    sendJsonText(res, orderText(findOrder(world, req.params.order_id as string, account).order));
  });

  router.delete('/v1/orders/:order_id', auth.write, async (req, res) => {
    const { world, account } = res.locals;
    const orderId = req.params.order_id as string;
    await replyCommitted(res, 200, cancelOrder(world, { orderId, by: 'customer', account }));
  });

  router.get('/v1/orders/:order_id/location', auth.read, (req, res) => {
    const { world, account } = res.locals;
    sendJsonText(res, locationText(locationFix(world, account, req.params.order_id as string)));
  });
}

import type { IRouter } from 'express';
import { cancelOrder } from '../../commands/cancel-order.js';
import { createOrder, type CreateOrderInput } from '../../commands/create-order.js';
import { findOrder } from '../../commands/find-order.js';
import { locationFix } from '../../commands/order-location.js';
import { auth } from '../middleware/authenticate.js';
import { claimIdempotentAnswer } from '../middleware/idempotency.js';
import { jsonBody } from '../middleware/json-body.js';
import { readOutcome } from '../middleware/sandbox-outcome.js';
import { checkBody, type BodyValidator } from '../middleware/validate.js';
import { replyCommitted } from '../reply-committed.js';
import type { RequestContext } from '../request-context.js';
import type { RequestValidators } from '../request-validators.js';
import { locationText } from '../location-text.js';
import { orderText } from '../order-text.js';
import { sendJsonText } from '../send-json.js';

/**
 * `/v1/orders`: create, retrieve, cancel, and the driver's live location, registered on `router`
 * (the app itself: a nested router would cost every `/v1` request a second dispatch).
 */
export function ordersRoutes(router: IRouter, validators: RequestValidators): void {
  const create = createOrderAnswer(validators);
  router.post('/v1/orders', auth.write, ...jsonBody, (req, res) => create(res.locals, req.body));

  router.get('/v1/orders/:order_id', auth.read, (req, res) => {
    const { world, account } = res.locals;
    sendJsonText(res, orderText(findOrder(world, req.params.order_id as string, account).order));
  });

  router.delete('/v1/orders/:order_id', auth.write, async (req, res) => {
    const { world, account } = res.locals;
    const orderId = req.params.order_id as string;
    await replyCommitted(res.locals, 200, cancelOrder(world, { orderId, by: 'customer', account }));
  });

  router.get('/v1/orders/:order_id/location', auth.read, (req, res) => {
    const { world, account } = res.locals;
    sendJsonText(res, locationText(locationFix(world, account, req.params.order_id as string)));
  });
}

/**
 * `POST /v1/orders` once its key is known and its body read: the body checked against the schema,
 * `Sandbox-Outcome` read, the `Idempotency-Key` claimed (or its answer replayed), then the order
 * created and answered once stored. The Express route and the fast path's writes
 * (src/http/fast-writes.ts) alike.
 */
export function createOrderAnswer(
  validators: RequestValidators,
): (x: RequestContext, body: unknown) => Promise<void> {
  let validate: BodyValidator | undefined; // compiled on first use: faster start-up
  return async (x, body) => {
    validate ??= validators.body('createOrder');
    checkBody(validate, body);
    const outcome = readOutcome(x.req.headers['sandbox-outcome']?.toString());
    if (claimIdempotentAnswer(x, body)) return;
    const order = createOrder(x.world, x.account!, body as CreateOrderInput, { outcome });
    await replyCommitted(x, 201, order);
  };
}

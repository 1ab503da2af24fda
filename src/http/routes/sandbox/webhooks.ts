import type { Router } from 'express';
import type { SandboxContext } from '../../../service/context.js';
import { listAttempts } from '../../../webhooks/delivery-log.js';
import { maskSecret } from '../../../webhooks/endpoints.js';
import type { WebhookControl } from '../../app-deps.js';
import { jsonBody } from '../../middleware/json-body.js';
import { validateBody, validateQuery } from '../../middleware/validate.js';
import { replyCommitted } from '../../reply-committed.js';
import type { RequestValidators } from '../../request-validators.js';
import { createRouter } from '../../router.js';

/** Webhook endpoints, test deliveries, the delivery log, redelivery and webhook faults. */
export function sandboxWebhookRoutes(
  ctx: SandboxContext,
  validators: RequestValidators,
  webhooks: WebhookControl,
): Router {
  const router = createRouter();

  router.get('/__sandbox/webhook-endpoints', (_req, res) => {
    res.json({ endpoints: ctx.store.webhookEndpoints.all().map(maskSecret) });
  });

  router.post(
    '/__sandbox/webhook-endpoints',
    ...jsonBody,
    validateBody(validators, 'sandboxCreateWebhookEndpoint'),
    async (req, res) => {
      await replyCommitted(
        ctx,
        res,
        201,
        webhooks.register(req.body as { url: string; secret?: string; events?: string[] }),
      );
    },
  );

  router.delete('/__sandbox/webhook-endpoints/:endpoint_id', async (req, res) => {
    await replyCommitted(ctx, res, 200, maskSecret(webhooks.remove(req.params.endpoint_id)));
  });

  router.post('/__sandbox/webhook-endpoints/:endpoint_id/test', async (req, res) => {
    res.json(await webhooks.test(req.params.endpoint_id));
  });

  router.get(
    '/__sandbox/webhook-deliveries',
    validateQuery(validators, 'sandboxListWebhookDeliveries'),
    (_req, res) => {
      res.json({ deliveries: listAttempts(ctx.store, res.locals.query) });
    },
  );

  router.post('/__sandbox/events/:event_id/redeliver', async (req, res) => {
    res.json({ deliveries: await webhooks.redeliver(req.params.event_id) });
  });

  router.get('/__sandbox/faults', (_req, res) => {
    res.json({ webhooks: webhooks.faults });
  });

  router.put(
    '/__sandbox/faults',
    ...jsonBody,
    validateBody(validators, 'sandboxSetFaults'),
    (req, res) => {
      webhooks.faults = (req.body as { webhooks: WebhookControl['faults'] }).webhooks;
      res.json({ webhooks: webhooks.faults });
    },
  );

  return router;
}

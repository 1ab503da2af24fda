import type { Router } from 'express';
import { listDeliveries } from '../../../commands/list-deliveries.js';
import { redeliverEvent } from '../../../commands/redeliver-event.js';
import { testEndpoint } from '../../../commands/test-endpoint.js';
import {
  listEndpoints,
  registerEndpoint,
  removeEndpoint,
  type EndpointInput,
} from '../../../commands/webhook-endpoints.js';
import { getFaults, setFaults, type Faults } from '../../../commands/faults.js';
import { jsonBody } from '../../middleware/json-body.js';
import { validateBody, validateQuery } from '../../middleware/validate.js';
import { replyCommitted } from '../../reply-committed.js';
import type { RequestValidators } from '../../request-validators.js';
import { createRouter } from '../../router.js';
import { sendPage } from '../../send-page.js';

/** Webhook endpoints, test deliveries, the delivery log, redelivery and fault injection. */
export function sandboxWebhookRoutes(validators: RequestValidators): Router {
  const router = createRouter();

  router.get(
    '/__sandbox/webhook-endpoints',
    validateQuery(validators, 'sandboxListWebhookEndpoints'),
    (_req, res) => {
      sendPage(res, 'endpoints', listEndpoints(res.locals.world), (e) => e.endpoint_id);
    },
  );

  router.post(
    '/__sandbox/webhook-endpoints',
    ...jsonBody,
    validateBody(validators, 'sandboxCreateWebhookEndpoint'),
    async (req, res) => {
      const endpoint = registerEndpoint(res.locals.world, req.body as EndpointInput);
      await replyCommitted(res.locals, 201, endpoint);
    },
  );

  router.delete('/__sandbox/webhook-endpoints/:endpoint_id', async (req, res) => {
    await replyCommitted(res.locals, 200, removeEndpoint(res.locals.world, req.params.endpoint_id));
  });

  router.post('/__sandbox/webhook-endpoints/:endpoint_id/test', async (req, res) => {
    res.json(await testEndpoint(res.locals.world, req.params.endpoint_id));
  });

  router.get(
    '/__sandbox/webhook-deliveries',
    validateQuery(validators, 'sandboxListWebhookDeliveries'),
    (_req, res) => {
      const attempts = listDeliveries(res.locals.world, res.locals.query);
      sendPage(res, 'deliveries', attempts, (a) => a.delivery_id);
    },
  );

  router.post('/__sandbox/events/:event_id/redeliver', async (req, res) => {
    res.json({ deliveries: await redeliverEvent(res.locals.world, req.params.event_id) });
  });

  router.get('/__sandbox/faults', (_req, res) => {
    res.json(getFaults(res.locals.world));
  });

  router.put(
    '/__sandbox/faults',
    ...jsonBody,
    validateBody(validators, 'sandboxSetFaults'),
    (req, res) => {
      res.json(setFaults(res.locals.world, req.body as Partial<Faults>));
    },
  );

  return router;
}

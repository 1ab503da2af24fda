import { type AnyReasonSpec, cut, reason } from '../reason-spec.js';

/**
 * Webhooks on the control plane: endpoints, events and redelivery.
 */
export const WEBHOOK_REASONS = {
  too_many_webhook_endpoints: reason<{ limit: number }>({
    code: 'invalid_request',
    param: 'url',
    surface: 'control',
    when: "registering a webhook endpoint past the 100 a sandbox keeps (`POST /__sandbox/webhook-endpoints`, a scenario's `webhooks.endpoints` with the ones kept by a reset, `--webhook-url`)",
    message: (p) =>
      `The sandbox already has ${p.limit} webhook endpoints, the most it keeps; delete one you no longer use (DELETE /__sandbox/webhook-endpoints/{endpoint_id}), then register this one`,
  }),
  endpoint_not_found: reason<{ id: string }>({
    code: 'not_found',
    param: 'endpoint_id',
    surface: 'control',
    when: 'no such webhook endpoint',
    message: (p) =>
      `No webhook endpoint with id "${cut(p.id, 100)}"; list them with GET /__sandbox/webhook-endpoints`,
  }),
  event_not_found: reason<{ id: string }>({
    code: 'not_found',
    param: 'event_id',
    surface: 'control',
    when: 'no such event',
    message: (p) => `No event with id "${cut(p.id, 100)}"; list them with GET /__sandbox/events`,
  }),
  no_webhook_endpoint: reason<{ event: string }>({
    code: 'invalid_request',
    param: 'event_id',
    surface: 'control',
    when: 'redelivering an event no endpoint subscribes to',
    message: (p) =>
      `No webhook endpoint subscribes to ${p.event}; register one with POST /__sandbox/webhook-endpoints`,
  }),
} satisfies Record<string, AnyReasonSpec>;

import type { SandboxContext } from '../service/context.js';
import { errors } from '../service/errors.js';
import type { WebhookEndpointRecord } from '../store/state.js';

export interface EndpointInput {
  url: string;
  secret?: string;
  events?: string[];
}

/** Registers a webhook endpoint; its secret is generated (from the seed) when not given. */
export function registerEndpoint(ctx: SandboxContext, input: EndpointInput): WebhookEndpointRecord {
  const events = input.events ?? ['*'];
  const endpoint: WebhookEndpointRecord = {
    endpoint_id: ctx.ids.next('whk'),
    url: input.url,
    secret: input.secret ?? ctx.ids.secret('whsec'),
    events: events.includes('*') ? ['*'] : [...new Set(events)],
    created_at: ctx.clock.iso(),
  };
  ctx.store.webhookEndpoints.insert(endpoint);
  return endpoint;
}

/** The endpoint with `id`, or 404. */
export function findEndpoint(ctx: SandboxContext, id: string): WebhookEndpointRecord {
  const endpoint = ctx.store.webhookEndpoints.get(id);
  if (!endpoint) {
    throw errors.notFound(
      `No webhook endpoint with id "${id.slice(0, 100)}"; list them with GET /__sandbox/webhook-endpoints`,
      'endpoint_id',
      'endpoint_not_found',
    );
  }
  return endpoint;
}

/** Removes an endpoint; deliveries already logged stay in the log, pending retries to it stop. */
export function removeEndpoint(ctx: SandboxContext, id: string): WebhookEndpointRecord {
  const endpoint = findEndpoint(ctx, id);
  ctx.store.webhookEndpoints.removeWhere((e) => e.endpoint_id === id);
  return endpoint;
}

/** Whether `endpoint` wants `event`. */
export function subscribes(endpoint: WebhookEndpointRecord, event: string): boolean {
  return endpoint.events.includes('*') || endpoint.events.includes(event);
}

/** The endpoint as lists show it: the secret is shown once, at creation, then masked. */
export function maskSecret(endpoint: WebhookEndpointRecord): WebhookEndpointRecord {
  return { ...endpoint, secret: `whsec_…${endpoint.secret.slice(-4)}` };
}

import { fail } from '../errors/service-error.js';
import type { WebhookEndpointRecord } from '../store/state.js';
import type { World } from '../world/world.js';
import { buildTestEvent } from './test-event.js';
import { maskUrlCredentials } from '../domain/mask-url-credentials.js';

export interface EndpointInput {
  url: string;
  secret?: string | undefined;
  events?: string[] | undefined;
}

/** Webhook endpoints a sandbox keeps at most (a scenario's and a state's schemas say the same). */
export const MAX_WEBHOOK_ENDPOINTS = 100;

/**
 * Registers a webhook endpoint (400 `too_many_webhook_endpoints` past MAX_WEBHOOK_ENDPOINTS); its secret is generated (from the seed) when not given. With the
 * scenario's `webhooks.probe`, the new endpoint gets a signature probe at once (in the background).
 */
export function registerEndpoint(world: World, input: EndpointInput): WebhookEndpointRecord {
  if (world.store.webhookEndpoints.size >= MAX_WEBHOOK_ENDPOINTS)
    throw fail('too_many_webhook_endpoints', { limit: MAX_WEBHOOK_ENDPOINTS });
  const events = input.events ?? ['*'];
  const endpoint: WebhookEndpointRecord = {
    endpoint_id: world.ids.next('whk'),
    url: input.url,
    secret: input.secret ?? world.ids.secret('whsec'),
    events: events.includes('*') ? ['*'] : [...new Set(events)],
    created_at: world.clock.iso(),
  };
  world.store.webhookEndpoints.insert(endpoint);
  if (world.scenario.webhooks.probe)
    void world.webhooks.probe(endpoint, () => buildTestEvent(world, 'signature-probe'));
  return endpoint;
}

/** The endpoint with `id`, or 404 `endpoint_not_found`. */
export function findEndpoint(world: World, id: string): WebhookEndpointRecord {
  const endpoint = world.store.webhookEndpoints.get(id);
  if (!endpoint) throw fail('endpoint_not_found', { id });
  return endpoint;
}

/** Removes an endpoint; deliveries already logged stay in the log, pending retries to it stop. */
export function removeEndpoint(world: World, id: string): WebhookEndpointRecord {
  const endpoint = findEndpoint(world, id);
  world.store.webhookEndpoints.removeWhere((e) => e.endpoint_id === id);
  return maskSecret(endpoint);
}

/** Every endpoint, secrets masked. */
export function listEndpoints(world: World): WebhookEndpointRecord[] {
  return world.store.webhookEndpoints.all().map(maskSecret);
}

/**
 * The endpoint as lists show it: the secret is shown once, at creation, then masked, and so are a
 * user name and password in its URL.
 */
export function maskSecret(endpoint: WebhookEndpointRecord): WebhookEndpointRecord {
  return {
    ...endpoint,
    url: maskUrlCredentials(endpoint.url),
    secret: `whsec_…${endpoint.secret.slice(-4)}`,
  };
}

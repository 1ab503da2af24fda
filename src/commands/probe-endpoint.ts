import type { ProbeResult } from '../domain/sandbox-types.js';
import type { World } from '../world/world.js';
import { buildTestEvent } from './test-event.js';
import { findEndpoint } from './webhook-endpoints.js';

/**
 * The signature probe of one endpoint (`POST /__sandbox/webhook-endpoints/{id}/probe`): one
 * genuine and three forged requests about sample events (`ord_test…`, external_reference
 * `signature-probe`), never stored or logged as deliveries. 404 for an unknown endpoint.
 */
export function probeEndpoint(world: World, endpointId: string): Promise<ProbeResult> {
  const endpoint = findEndpoint(world, endpointId);
  return world.webhooks.probe(endpoint, () => buildTestEvent(world, 'signature-probe'));
}

/** Probes every registered endpoint in the background: what `webhooks.probe: true` does at start. */
export function probeAllEndpoints(world: World): void {
  for (const endpoint of world.store.webhookEndpoints.all())
    void world.webhooks.probe(endpoint, () => buildTestEvent(world, 'signature-probe'));
}

import { findEndpoint } from './webhook-endpoints.js';
import type { DeliveryAttempt } from '../domain/sandbox-types.js';
import type { World } from '../world/world.js';
import { buildTestEvent } from './test-event.js';

/** Sends one test delivery (the synthetic event above) to an endpoint, without retries. */
export async function testEndpoint(world: World, endpointId: string): Promise<DeliveryAttempt> {
  return world.webhooks.test(findEndpoint(world, endpointId), buildTestEvent(world));
}

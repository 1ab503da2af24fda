import { subscribes } from '../domain/webhook-subscription.js';
import { fail } from '../errors/service-error.js';
import type { DeliveryAttempt } from '../domain/sandbox-types.js';
import type { World } from '../world/world.js';

/**
 * Sends a stored event again, now, to every endpoint that subscribes to it (one try each, whatever
 * its earlier attempts did); resolves with the attempts. 404 for an unknown event, 400 when no
 * endpoint would receive it.
 */
export async function redeliverEvent(world: World, eventId: string): Promise<DeliveryAttempt[]> {
  const event = world.store.events.get(eventId);
  if (!event) throw fail('event_not_found', { id: eventId });
  if (!world.store.webhookEndpoints.all().some((e) => subscribes(e, event.event))) {
    throw fail('no_webhook_endpoint', { event: event.event });
  }
  return world.webhooks.redeliver(event); // each attempt is stored as it is logged
}

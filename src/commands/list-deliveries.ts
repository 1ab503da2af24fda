import type { DeliveryAttempt } from '../domain/sandbox-types.js';
import type { World } from '../world/world.js';

export interface DeliveryFilter {
  order_id?: string | undefined;
  event?: string | undefined;
  event_id?: string | undefined;
  endpoint_id?: string | undefined;
  status?: string | undefined;
}

/** The webhook delivery log, oldest first, filtered. */
export function listDeliveries(world: World, f: DeliveryFilter = {}): DeliveryAttempt[] {
  return world.store.webhookAttempts
    .all()
    .filter(
      (a) =>
        (f.order_id === undefined || a.order_id === f.order_id) &&
        (f.event === undefined || a.event === f.event) &&
        (f.event_id === undefined || a.event_id === f.event_id) &&
        (f.endpoint_id === undefined || a.endpoint_id === f.endpoint_id) &&
        (f.status === undefined || a.status === f.status),
    );
}

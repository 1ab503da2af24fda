import type { EventName, SandboxEvent } from '../events/event-bus.js';
import type { World } from '../world/world.js';

export interface EventFilter {
  order_id?: string | undefined;
  event?: EventName | undefined;
}

/** Every event emitted, oldest first, optionally of one order or one name. */
export function listEvents(world: World, filter: EventFilter = {}): SandboxEvent[] {
  const { order_id, event } = filter;
  return (world.store.events.all() as SandboxEvent[]).filter(
    (e) =>
      (order_id === undefined || e.data.order.order_id === order_id) &&
      (event === undefined || e.event === event),
  );
}

import { clonePlain } from '../domain/clone-plain.js';
import type { EventName, SandboxEvent } from '../events/event-bus.js';
import type { Order, Payment } from '../domain/order.js';
import type { World } from '../world/world.js';

/**
 * Records an event (with a snapshot of the order as `GET` shows it at this moment) and hands it to
 * the world's subscribers: the simulation, webhook delivery, scenario scripts.
 */
export function publishEvent(
  world: World,
  event: EventName,
  data: { order: Order; payment?: Payment },
): SandboxEvent {
  const record: SandboxEvent = {
    event_id: world.ids.next('evt'),
    event,
    created_at: world.clock.iso(),
    api_version: 'v1',
    data: clonePlain(data),
  };
  world.store.events.insert(record);
  // Every change to an order publishes an event: this is where the change journal learns of it.
  world.store.orders.touch(data.order.order_id);
  world.bus.emit(record);
  return record;
}

import { clonePlain } from '../domain/clone-plain.js';
import { orderSnapshot } from '../domain/order-snapshot.js';
import type { EventName, SandboxEvent } from '../events/event-bus.js';
import type { Order, Payment } from '../domain/api-types.js';
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
  // The order as it is now, shared with an idempotent answer of the same moment (orderSnapshot).
  const snapshot: typeof data = { order: orderSnapshot(data.order) };
  if (data.payment !== undefined) snapshot.payment = clonePlain(data.payment);
  const record: SandboxEvent = {
    event_id: world.ids.next('evt'),
    event,
    created_at: world.clock.iso(),
    api_version: 'v1',
    data: snapshot,
  };
  world.store.events.insert(record);
  // Every change to an order publishes an event: this is where the change journal learns of it.
  world.store.orders.touch(data.order.order_id);
  world.bus.emit(record);
  return record;
}

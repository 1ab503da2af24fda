import type { EventName, SandboxEvent } from '../events/event-bus.js';
import type { Order, Payment } from '../domain/order.js';
import type { SandboxContext } from './context.js';

/**
 * Records an event (with a snapshot of the order as `GET` shows it at this moment) and hands it to
 * the bus's subscribers.
 */
export function publishEvent(
  ctx: SandboxContext,
  event: EventName,
  data: { order: Order; payment?: Payment },
): SandboxEvent {
  const record: SandboxEvent = {
    event_id: ctx.ids.next('evt'),
    event,
    created_at: ctx.clock.iso(),
    api_version: 'v1',
    data: structuredClone(data),
  };
  ctx.store.events.insert(record);
  ctx.bus.emit(record, (err) => ctx.logger.error({ err, event }, 'an event listener failed'));
  return record;
}

import type { EventRecord } from '../store/state.js';
import type { Logger } from 'pino';
import { Listeners } from '../listeners.js';

/** The events the service emits, in lifecycle order. */
export const EVENT_NAMES = [
  'order.created',
  'order.driver_assigned',
  'order.picked_up',
  'order.delivered',
  'order.cancelled',
  'payment.completed',
] as const;

export type EventName = (typeof EVENT_NAMES)[number];

/** An emitted event: exactly the webhook body. */
export type SandboxEvent = EventRecord & { event: EventName };

/**
 * The internal, synchronous event bus. Engines publish; logging, webhooks and live streams
 * subscribe. Listeners run in subscription order (the simulation subscribes first, then the
 * webhook dispatcher); one that throws is logged and stops neither the others nor the publisher
 * (the policy of every listener registry, src/listeners.ts).
 */
export type EventBus = Listeners<SandboxEvent>;

/** A world's bus: a listener that throws is logged on `logger` with the event's name. */
export function createEventBus(logger: Logger): EventBus {
  return new Listeners<SandboxEvent>((err, event) =>
    logger.error({ err, event: event.event }, 'an event listener failed'),
  );
}

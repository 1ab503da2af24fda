import type { EventRecord } from './event-record.js';

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

export type EventListener = (event: SandboxEvent) => void;

/**
 * The internal, synchronous event bus. Engines publish; logging, webhooks and live streams
 * subscribe. Listeners run in subscription order; one that throws does not stop the others.
 */
export class EventBus {
  private readonly listeners = new Set<EventListener>();

  /** Subscribes to every event; returns the unsubscribe function. */
  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event: SandboxEvent, onListenerError?: (err: unknown) => void): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (err) {
        onListenerError?.(err);
      }
    }
  }
}

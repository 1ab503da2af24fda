import type { ClockMode } from '../domain/scenario.js';
import type { DeliveryAttempt } from '../store/state.js';

/** What happens in a world besides its events: webhook attempts and clock changes. */
export type Activity =
  | { type: 'delivery'; data: DeliveryAttempt }
  | { type: 'clock'; data: { mode: ClockMode; speed: number; now: string } };

export type ActivityListener = (activity: Activity) => void;

/**
 * A world's second channel, beside the event bus: the webhook dispatcher publishes each attempt it
 * logs and the clock commands each change, so that live streams can show them without importing
 * `webhooks/` (features never import each other). Listeners run synchronously, in subscription
 * order; one that throws does not stop the others or the publisher.
 */
export class ActivityFeed {
  private readonly listeners = new Set<ActivityListener>();

  /** Subscribes to every activity; returns the unsubscribe function. */
  subscribe(listener: ActivityListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  publish(activity: Activity): void {
    for (const listener of this.listeners) {
      try {
        listener(activity);
      } catch {
        // A broken stream must never fail a delivery or a clock change.
      }
    }
  }
}

import type { ClockMode } from '../domain/scenario.js';
import type { DeliveryAttempt } from '../domain/sandbox-types.js';

/**
 * What happens in a world besides its events: webhook attempts, clock changes, and positions sent
 * on a location stream (for the integration report; the sandbox stream does not relay them).
 */
export type Activity =
  | { type: 'delivery'; data: DeliveryAttempt }
  | { type: 'clock'; data: { mode: ClockMode; speed: number; now: string } }
  | { type: 'location_streamed'; data: { order_id: string } };

export type ActivityListener = (activity: Activity) => void;

/**
 * A world's second channel, beside the event bus: the webhook dispatcher publishes each attempt it
 * logs, the clock commands each change and the location streams each position they send, so that
 * live streams and the report can hear them without importing each other (features never import
 * each other). Listeners run synchronously, in subscription
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

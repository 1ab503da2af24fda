import type { ClockMode } from '../domain/scenario.js';
import type { DeliveryAttempt } from '../store/state.js';
import type { Logger } from 'pino';
import { Listeners } from '../listeners.js';

/**
 * What happens in a world besides its events: webhook attempts, clock changes, and positions sent
 * on a location stream (for the integration report; the sandbox stream does not relay them).
 */
export type Activity =
  | { type: 'delivery'; data: DeliveryAttempt }
  | { type: 'clock'; data: { mode: ClockMode; speed: number; now: string } }
  | { type: 'location_streamed'; data: { order_id: string } };

/**
 * A world's second channel, beside the event bus: the webhook dispatcher publishes each attempt it
 * logs, the clock commands each change and the location streams each position they send, so that
 * live streams and the report can hear them without importing each other (features never import
 * each other). Listeners run synchronously, in subscription order; one that throws is logged and
 * stops neither the others nor the publisher: a broken stream must never fail a delivery or a
 * clock change (src/listeners.ts).
 */
export type ActivityFeed = Listeners<Activity>;

/** A world's activity feed: a listener that throws is logged on `logger` with the activity's type. */
export function createActivityFeed(logger: Logger): ActivityFeed {
  return new Listeners<Activity>((err, activity) =>
    logger.error({ err, activity: activity.type }, 'an activity listener failed'),
  );
}

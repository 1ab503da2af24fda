import type { DeliveryAttempt } from '../store/state.js';
import type { Store } from '../store/store.js';

/**
 * How many attempts the delivery log keeps in memory; past it the oldest tenth is dropped at once.
 * Only the log is capped: the deliveries themselves (their status and pending retries) are kept
 * until a reset, so nothing is lost.
 */
export const DELIVERY_LOG_CAP = 10_000;

/** Appends an attempt to the log, trimming the oldest when it is full. */
export function logAttempt(store: Store, attempt: DeliveryAttempt): void {
  store.webhookAttempts.insert(attempt);
  if (store.webhookAttempts.size > DELIVERY_LOG_CAP) {
    let drop = store.webhookAttempts.size - Math.floor(DELIVERY_LOG_CAP * 0.9);
    store.webhookAttempts.removeWhere(() => drop-- > 0);
  }
}

export interface DeliveryFilter {
  order_id?: string;
  event?: string;
  event_id?: string;
  endpoint_id?: string;
  status?: string;
}

/** The log, oldest first, filtered. */
export function listAttempts(store: Store, f: DeliveryFilter): DeliveryAttempt[] {
  return store.webhookAttempts
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

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

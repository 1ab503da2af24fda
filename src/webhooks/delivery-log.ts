import type { Logger } from 'pino';
import type { ActivityFeed } from '../events/activity-feed.js';
import type { DeliveryAttempt, EventRecord, WebhookEndpointRecord } from '../store/state.js';
import type { Store } from '../store/store.js';
import type { WebhookRequest } from './build-request.js';
import type { Fault } from './faults.js';
import type { AttemptOutcome } from './retry-policy.js';
import type { SendResult } from './send.js';
import { maskUrlCredentials } from '../domain/mask-url-credentials.js';

/**
 * Records an attempt: appended to the delivery log (the scenario's `retention.attempts` trims the
 * oldest, store/retention.ts) and
 * written to the world's logger, so a failing receiver shows in the sandbox's output without
 * anyone polling the log, and published on the world's activity feed (the live streams). A delivery is `debug`; a failure is `warn`, with the reason and when the
 * next attempt comes, or that none will.
 */
export function logAttempt(
  world: { store: Store; logger: Logger; activity: ActivityFeed },
  attempt: DeliveryAttempt,
): void {
  const { store } = world;
  const fields = {
    event: attempt.event,
    event_id: attempt.event_id,
    order_id: attempt.order_id,
    endpoint_id: attempt.endpoint_id,
    url: attempt.url,
    attempt: attempt.attempt,
    status: attempt.status,
    response_status: attempt.response_status,
    duration_ms: attempt.duration_ms,
    ...(attempt.fault === null ? {} : { fault: attempt.fault }),
  };
  if (attempt.status === 'succeeded') {
    world.logger.debug(fields, 'webhook delivered');
  } else {
    const next =
      attempt.next_attempt_at === null ? 'giving up' : `next attempt at ${attempt.next_attempt_at}`;
    world.logger.warn(
      { ...fields, error: attempt.error, next_attempt_at: attempt.next_attempt_at },
      `webhook attempt failed: ${attempt.error}; ${next}`,
    );
  }
  store.webhookAttempts.insert(attempt);
  world.activity.emit({ type: 'delivery', data: attempt });
}

/** One attempt as the log shows it: what was sent, what came back, and what happens next. */
export function attemptRow(a: {
  deliveryId: string;
  event: EventRecord;
  endpoint: WebhookEndpointRecord;
  attempt: number;
  attemptedAt: number;
  request: WebhookRequest;
  result: SendResult;
  fault: Fault;
  status: DeliveryAttempt['status'];
  outcome: AttemptOutcome;
}): DeliveryAttempt {
  const { outcome, status } = a;
  return {
    delivery_id: a.deliveryId,
    event_id: a.event.event_id,
    event: a.event.event,
    order_id: a.event.data.order.order_id,
    endpoint_id: a.endpoint.endpoint_id,
    // The log is shown (API, streams, report, logs): the endpoint keeps the credentials, not it.
    url: maskUrlCredentials(a.endpoint.url),
    attempt: a.attempt,
    status,
    response_status: a.result.status,
    error: status === 'succeeded' ? null : (a.result.error ?? outcome.error),
    duration_ms: a.result.durationMs,
    request: a.request,
    response_body: a.result.body,
    attempted_at: new Date(a.attemptedAt).toISOString(),
    next_attempt_at:
      status === 'retrying' && outcome.nextAt !== null
        ? new Date(outcome.nextAt).toISOString()
        : null,
    fault: a.fault,
  };
}

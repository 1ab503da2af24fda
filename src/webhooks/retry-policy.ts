import type { DeliveryAttempt } from '../domain/sandbox-types.js';

/** What the receiver must answer for an attempt to count as delivered (`webhooks.accept`). */
export type AcceptPolicy = '200' | '2xx';

export interface RetrySettings {
  accept: AcceptPolicy;
  /** Delays before each retry, in ms: `[5 s, 5 m, …]` means attempt 2 comes 5 s after attempt 1. */
  retry_schedule: readonly number[];
}

export interface AttemptOutcome {
  status: DeliveryAttempt['status'];
  /** Epoch ms of the next attempt when retrying, else null. */
  nextAt: number | null;
  /** Why the attempt failed, in words; null when it succeeded. */
  error: string | null;
}

/** Whether a receiver's answer `status` counts as delivered. */
export function isAccepted(status: number | null, accept: AcceptPolicy): boolean {
  if (status === null) return false;
  return accept === '2xx' ? status >= 200 && status < 300 : status === 200;
}

/**
 * The retry policy, pure: what attempt `attempt` (1-based) made at `attemptedAt` comes to, given the
 * receiver's answer (its `status`, and the transport's `error`, which fails it whatever the
 * status). A failure is retried on the schedule until it runs out (then `failed`); a manual attempt
 * (redeliver, test) is one try.
 *
 * @example attemptOutcome(1, 0, { status: 500, error: null }, { accept: '200', retry_schedule: [5000] }, false)
 * // { status: 'retrying', nextAt: 5000, error: 'answered 500; the service expects 200' }
 */
export function attemptOutcome(
  attempt: number,
  attemptedAt: number,
  answer: { status: number | null; error: string | null },
  settings: RetrySettings,
  manual: boolean,
): AttemptOutcome {
  // A transport error fails the attempt even after a good status line: an answer cut short is
  // no answer, however it began.
  if (answer.error === null && isAccepted(answer.status, settings.accept)) {
    return { status: 'succeeded', nextAt: null, error: null };
  }
  const error =
    answer.error ??
    `answered ${answer.status}; the service expects ${settings.accept === '2xx' ? 'a 2xx status' : '200'}`;
  const retryIn = settings.retry_schedule[attempt - 1];
  const nextAt = !manual && retryIn !== undefined ? attemptedAt + retryIn : null;
  return { status: nextAt === null ? 'failed' : 'retrying', nextAt, error };
}

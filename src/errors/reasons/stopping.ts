import { type AnyReasonSpec, reason } from '../reason-spec.js';

/**
 * Stopping and resetting: a request that raced either was not carried out, so it is refused.
 */
export const STOPPING_REASONS = {
  shutting_down: reason({
    code: 'invalid_request',
    status: 503,
    param: null,
    surface: 'v1',
    headers: { 'Retry-After': '1' },
    when: 'a request that arrived, or would have been stored, after the sandbox began to stop (SIGTERM, `sandbox.close()`)',
    message: () =>
      'The sandbox is stopping: this request was not carried out and nothing of it was stored; retry in a moment (with the same Idempotency-Key for writes) once it runs again',
  }),
  world_replaced: reason({
    code: 'invalid_request',
    status: 503,
    param: null,
    surface: 'v1',
    headers: { 'Retry-After': '1' },
    when: 'a write whose world was replaced by a reset or a state import while it ran, or whose named sandbox was deleted, replaced or expired',
    message: () =>
      "The sandbox was reset, its state imported, or it was deleted or replaced while this request ran: its change was not kept; send it again, against the state that runs now (a deleted sandbox's key then answers 401)",
  }),
} satisfies Record<string, AnyReasonSpec>;

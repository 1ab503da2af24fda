import { type AnyReasonSpec, cut, reason } from '../reason-spec.js';

/**
 * The sandbox's own request headers on `/v1`: `Idempotency-Key` and `Sandbox-Outcome`.
 */
export const REQUEST_HEADER_REASONS = {
  invalid_idempotency_key: reason<{ length: number }>({
    code: 'invalid_request',
    param: 'Idempotency-Key',
    surface: 'v1',
    when: 'an `Idempotency-Key` that is empty or over 255 characters',
    message: (p) => `Idempotency-Key must be 1 to 255 characters; got ${p.length}`,
  }),
  invalid_outcome: reason<{ value: string; allowed: readonly string[] }>({
    code: 'invalid_request',
    param: 'Sandbox-Outcome',
    surface: 'v1',
    when: 'a `Sandbox-Outcome` header that names no per-order outcome',
    message: (p) =>
      `Sandbox-Outcome "${cut(p.value, 40)}" is not an outcome; use one of ${p.allowed.join(', ')}, or leave the header out for the scenario's normal path`,
  }),
  conflicting_outcomes: reason<{ first: string; second: string }>({
    code: 'invalid_request',
    param: 'Sandbox-Outcome',
    surface: 'v1',
    when: 'a `Sandbox-Outcome` list that names an outcome twice, or two that exclude each other',
    message: (p) =>
      p.first === p.second
        ? `Sandbox-Outcome names "${p.first}" twice; name each outcome once`
        : `Sandbox-Outcome combines "${p.first}" and "${p.second}", which exclude each other (an order ends one way, at one pace, and is dropped by its driver once); keep one of them`,
  }),
  idempotency_key_reused: reason<{ key: string }>({
    code: 'invalid_request',
    param: 'Idempotency-Key',
    surface: 'v1',
    when: 'the same `Idempotency-Key` on a different request',
    message: (p) =>
      `The Idempotency-Key "${cut(p.key, 40)}" was already used for a different request; use a new key for a new request`,
  }),
} satisfies Record<string, AnyReasonSpec>;

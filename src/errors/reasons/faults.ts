import { type AnyReasonSpec, cut, reason } from '../reason-spec.js';

/**
 * Fault injection (`faults.api`, `Sandbox-Fault`): answers the sandbox gives on purpose.
 */
export const FAULT_REASONS = {
  invalid_fault_header: reason<{ got: string }>({
    code: 'invalid_request',
    param: 'Sandbox-Fault',
    surface: 'v1',
    when: 'a `Sandbox-Fault` header that is not `500`, `503`, `429` or `timeout`',
    message: (p) =>
      `Sandbox-Fault must be 500, 503, 429 or timeout; got "${cut(p.got, 40)}"; leave the header out for a normal answer`,
  }),
  injected_fault: reason<{ source: string }>({
    code: 'invalid_request',
    status: 500,
    param: null,
    surface: 'v1',
    when: 'an injected server error (`Sandbox-Fault: 500` or a `faults.api` rule)',
    message: (p) =>
      `Injected server error (${p.source}); a real server fails like this now and then: retry with backoff, with the same Idempotency-Key for writes`,
  }),
  service_unavailable: reason<{ source: string; retry_after: number }>({
    code: 'invalid_request',
    status: 503,
    param: null,
    surface: 'v1',
    when: 'an injected outage (`Sandbox-Fault: 503` or a `faults.api` rule), with `Retry-After`',
    message: (p) =>
      `Injected outage (${p.source}): the service is unavailable; retry after ${p.retry_after} s (the Retry-After header)`,
  }),
  rate_limited: reason<{ source: string; retry_after: number }>({
    code: 'invalid_request',
    status: 429,
    param: null,
    surface: 'v1',
    when: 'an injected rate limit (`Sandbox-Fault: 429` or a `faults.api` rule), with `Retry-After`',
    message: (p) =>
      `Injected rate limit (${p.source}): too many requests; wait ${p.retry_after} s (the Retry-After header) before retrying`,
  }),
} satisfies Record<string, AnyReasonSpec>;

import express, { type RequestHandler, type Response } from 'express';
import { realTimer, sleep } from '../../clock/real-time.js';
import type { JournalFault } from '../../journal/request-journal.js';
import { fail } from '../../errors/service-error.js';
import {
  DEFAULT_RETRY_AFTER,
  type ApiFaultOutcome,
  type ApiFaultPlan,
} from '../../world/api-faults.js';
import type { OperationMatcher } from '../operation-matcher.js';
import { BODY_LIMIT } from './json-body.js';

/**
 * Reads the body of a request a fault answers (or drops, or holds), whatever its type, for the
 * request journal: without it the journal would show every faulted write as empty, and the
 * integration report could not tell a retry of the same write from another write.
 */
const readFaultedBody = express.raw({
  type: () => true,
  limit: BODY_LIMIT,
  verify: (_req, res, buf) => {
    (res as Response).locals.rawBody = buf;
  },
});

// A Map, not an object literal: a header value such as `constructor` or `__proto__` must name
// nothing, not something Object.prototype has.
const HEADER_OUTCOMES: ReadonlyMap<string, ApiFaultOutcome> = new Map([
  ['500', { kind: 'error', status: 500, retryAfter: DEFAULT_RETRY_AFTER }],
  ['503', { kind: 'error', status: 503, retryAfter: DEFAULT_RETRY_AFTER }],
  ['429', { kind: 'error', status: 429, retryAfter: DEFAULT_RETRY_AFTER }],
  ['timeout', { kind: 'timeout' }],
]);

/**
 * API fault injection on `/v1`, before authentication (as a load balancer or a rate limiter would
 * answer): the request's `Sandbox-Fault` header, else the world's `faults.api` rules. Latency is
 * real time, since it is a client's time-out that it tests. A `timeout` is held unanswered until the
 * client gives up or `holdMs` (the server's request time-out) passes, then the connection is closed;
 * either way no timer outlives the connection.
 */
export function injectApiFaults(matcher: OperationMatcher, holdMs: number): RequestHandler {
  return (req, res, next) => {
    if (!req.path.startsWith('/v1/')) return next();
    const header = req.get('sandbox-fault');
    let plan: ApiFaultPlan | undefined;
    if (header !== undefined) {
      const outcome = HEADER_OUTCOMES.get(header.trim().toLowerCase());
      if (!outcome) throw fail('invalid_fault_header', { got: header });
      plan = { source: 'header', latencyMs: 0, outcome };
    } else if (res.locals.world.apiFaults.current.length > 0) {
      const matched = matcher.match(req.method, req.path);
      if (matched) plan = res.locals.world.apiFaults.plan(matched.operation);
    }
    if (!plan) return next();
    const fault = journalFault(plan);
    if (fault) res.locals.fault = fault;
    const act = (): void => {
      // A client that gave up during the added latency never reached the service.
      if (req.socket.destroyed) return;
      if (plan.outcome.kind === 'none') return next();
      // The body is read before the fault answers; a body that cannot be read (too large, the
      // client gone) is answered as it would be without the fault.
      readFaultedBody(req, res, (err?: unknown) => {
        if (err !== undefined) return next(err);
        apply(plan, res, next, holdMs);
      });
    };
    if (plan.latencyMs > 0) void sleep(plan.latencyMs).then(act);
    else act();
  };
}

function apply(
  plan: ApiFaultPlan,
  res: Response,
  next: (err?: unknown) => void,
  holdMs: number,
): void {
  const { outcome } = plan;
  const source = plan.source === 'header' ? 'Sandbox-Fault header' : `faults.api rule ${plan.rule}`;
  switch (outcome.kind) {
    case 'none':
      return next();
    case 'drop':
      res.socket?.destroy();
      return;
    case 'timeout': {
      const socket = res.socket;
      if (!socket) return;
      const cancel = realTimer(holdMs, () => socket.destroy());
      socket.once('close', cancel);
      return;
    }
    case 'error': {
      if (outcome.status === 500) return next(fail('injected_fault', { source }));
      const headers = { 'Retry-After': String(outcome.retryAfter) };
      const params = { source, retry_after: outcome.retryAfter };
      return next(
        outcome.status === 503
          ? fail('service_unavailable', params, { headers })
          : fail('rate_limited', params, { headers }),
      );
    }
  }
}

/** The fault as the journal records it (`null` for a rule that added nothing). */
function journalFault(plan: ApiFaultPlan): JournalFault | null {
  const { outcome } = plan;
  if (outcome.kind === 'none' && plan.latencyMs === 0) return null;
  return {
    kind: outcome.kind === 'none' ? 'latency' : outcome.kind,
    source: plan.source,
    rule: plan.rule ?? null,
    status: outcome.kind === 'error' ? outcome.status : null,
    latency_ms: plan.latencyMs,
  };
}

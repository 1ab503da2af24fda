import express from 'express';
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
import { ANSWERED, type RequestStep } from '../pipeline.js';
import type { RequestContext } from '../request-context.js';
import { sendHeldAnswers } from '../held-answers.js';

/**
 * Reads the body of a request a fault answers (or drops, or holds), whatever its type, for the
 * request journal: without it the journal would show every faulted write as empty, and the
 * integration report could not tell a retry of the same write from another write.
 */
const readRaw = express.raw({ type: () => true, limit: BODY_LIMIT });

function readFaultedBody(x: RequestContext): Promise<void> {
  return new Promise((resolve, reject) => {
    readRaw(x.req, x.res, (err?: Error) => {
      if (err !== undefined) return reject(err);
      // express.raw leaves the bytes as the request's body (none without a body).
      const body = (x.req as { body?: unknown }).body;
      if (Buffer.isBuffer(body)) x.rawBody = body;
      resolve();
    });
  });
}

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
 * either way no timer outlives the connection. The fast path leaves to Express every request with
 * a `Sandbox-Fault` header, and every request of a world with `faults.api` rules.
 */
export function injectApiFaults(matcher: OperationMatcher, holdMs: number): RequestStep {
  return {
    name: 'faults',
    declinesFast: (x) =>
      x.req.headers['sandbox-fault'] !== undefined || x.world.apiFaults.current.length > 0,
    run: (x) => {
      if (!x.path.startsWith('/v1/')) return;
      const plan = planFor(x, matcher);
      if (!plan) return;
      const fault = journalFault(plan);
      if (fault) x.fault = fault;
      return plan.latencyMs > 0
        ? sleep(plan.latencyMs).then(() => act(plan, x, holdMs))
        : act(plan, x, holdMs);
    },
  };
}

/** The fault the request's header or the world's rules give it, if any. */
function planFor(x: RequestContext, matcher: OperationMatcher): ApiFaultPlan | undefined {
  // Node joins a repeated header of its own with ", ": a string, whatever the type says.
  const header = x.req.headers['sandbox-fault']?.toString();
  if (header !== undefined) {
    const outcome = HEADER_OUTCOMES.get(header.trim().toLowerCase());
    if (!outcome) throw fail('invalid_fault_header', { got: header });
    return { source: 'header', latencyMs: 0, outcome };
  }
  if (x.world.apiFaults.current.length === 0) return undefined;
  const matched = x.operation ?? matcher.match(x.method, x.path);
  return matched ? x.world.apiFaults.plan(matched.operation) : undefined;
}

/**
 * Once any latency has passed: a client that gave up during it never reached the service; else the
 * body is read (a body that cannot be read, too large or the client gone, is answered as it would
 * be without the fault) and the fault applied.
 */
async function act(plan: ApiFaultPlan, x: RequestContext, holdMs: number): Promise<StepDone> {
  if (x.req.socket.destroyed) return ANSWERED;
  if (plan.outcome.kind === 'none') return undefined;
  await readFaultedBody(x);
  return apply(plan, x, holdMs);
}

type StepDone = void | typeof ANSWERED;

function apply(plan: ApiFaultPlan, x: RequestContext, holdMs: number): StepDone {
  const { outcome } = plan;
  const source = plan.source === 'header' ? 'Sandbox-Fault header' : `faults.api rule ${plan.rule}`;
  switch (outcome.kind) {
    case 'none':
      return undefined;
    case 'drop':
      sendHeldAnswers(); // an earlier pipelined answer of this pass still goes out
      x.res.socket?.destroy();
      return ANSWERED;
    case 'timeout': {
      const socket = x.res.socket;
      if (!socket) return ANSWERED;
      const cancel = realTimer(holdMs, () => socket.destroy());
      socket.once('close', cancel);
      return ANSWERED;
    }
    case 'error': {
      if (outcome.status === 500) throw fail('injected_fault', { source });
      const headers = { 'Retry-After': String(outcome.retryAfter) };
      const params = { source, retry_after: outcome.retryAfter };
      throw outcome.status === 503
        ? fail('service_unavailable', params, { headers })
        : fail('rate_limited', params, { headers });
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

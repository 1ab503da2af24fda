// Near 300 lines: the report's one memory of /v1 requests (coverage, violations, habits share the
// per-request bookkeeping and bounds); the rules themselves are in violation-rules.ts.
import { hash } from 'node:crypto';
import { keepRecent } from '../domain/keep-recent.js';
import type { Habit, Violation, ViolationRule } from './integration-report.js';
import { errorOf, queryNames, retryAfterOf, type RequestFacts } from '../journal/journal-entry.js';
import { situationOf, type ObservedRequest } from './observed-request.js';
import { brokenRules, maskString, redactBody } from './violation-rules.js';

/** How many ids a proof, a violation or a habit quotes (the count says how many there were). */
export const EVIDENCE_LIMIT = 5;
// Per-order and per-route memories (polling, Retry-After, failed POSTs): the oldest go first.
const MEMORY = 5_000;
// A client that slept exactly as told may arrive a hair early by the sandbox's clock.
const SLACK_MS = 50;
// Violation groups kept; beyond, new parameters are counted together (a client sending ever new
// unknown keys must not grow the report without end).
const MAX_GROUPS = 100;
// Longer paths (a garbage order id) are not remembered for polling and retries.
const MAX_PATH = 256;

/** A coverage id's proof: how many requests showed it and the first few ids. */
export interface Proof {
  count: number;
  evidence: string[];
}

/** Requests sent on purpose to see an error (`Sandbox-Expect: error`) break no rule. */
const expectsError = (e: RequestFacts): boolean =>
  e.request_headers['sandbox-expect']?.toLowerCase() === 'error';

/**
 * What the report keeps of the client's `/v1` requests: coverage proofs, violations grouped by
 * operation, parameter and rule, and habit warnings, each as a count, a few ids and one redacted
 * example. It hears every request's facts as the journal records them (src/journal/journal-entry.ts)
 * and keeps none, so the journal's bound (or `DELETE /__sandbox/requests`) never changes the
 * report.
 */
export class RequestLedger {
  private readonly proofs = new Map<string, Proof>();
  private readonly violations = new Map<string, Violation>();
  private readonly habits = new Map<string, Habit>();
  private readonly lastPoll = new Map<string, { real: number; virtual: number }>();
  private readonly waitUntil = new Map<string, { id: string; until: number; status: number }>();
  private readonly failedPosts = new Map<string, string | null>();
  private seen = 0;
  private streams = 0;

  /** How many requests it has heard since the last reset. */
  get requests(): number {
    return this.seen;
  }

  /** Whether the client has been heard at all since the last reset: a request, or a stream. */
  get heard(): boolean {
    return this.seen > 0 || this.streams > 0;
  }

  /** Forgets everything (`POST /__sandbox/report/reset`). */
  reset(): void {
    for (const m of [this.proofs, this.violations, this.habits, this.lastPoll, this.waitUntil])
      m.clear();
    this.failedPosts.clear();
    this.seen = 0;
    this.streams = 0;
  }

  /** The proof of one coverage id, or none. */
  proof(id: string): Proof {
    return this.proofs.get(id) ?? { count: 0, evidence: [] };
  }

  /** The violations found, most frequent first. */
  violationList(): Violation[] {
    return [...this.violations.values()].sort((a, b) => b.count - a.count);
  }

  /** The habit warnings, most frequent first. */
  habitList(): Habit[] {
    return [...this.habits.values()].sort((a, b) => b.count - a.count);
  }

  /** Takes one request into account. */
  observe(e: RequestFacts): void {
    this.seen++;
    const started = e.started_ms;
    const error = errorOf(e);
    const retryAfter = retryAfterOf(e);
    const observed: ObservedRequest = {
      request_id: e.id,
      method: e.method,
      path: e.path,
      query: queryNames(e.url),
      at: started,
      status: e.status ?? 0,
      reason: error?.reason ?? null,
      replayed: e.response_headers['idempotent-replayed'] === 'true',
      retry_after_s: retryAfter,
      cancellation_fee: e.method === 'DELETE' && e.status === 200 ? feeOf(e) : null,
    };
    for (const id of situationOf(observed)) this.prove(id, e.id);
    // The body's digest, once per request, and only when something will compare it: a retry
    // after a Retry-After, a failed write retried (most requests have neither to look for).
    const failed = e.status === null || e.status === 429 || e.status >= 500;
    const waits =
      this.waitUntil.size > 0 || (retryAfter !== null && e.status !== null && e.status >= 400);
    const retried = e.method === 'POST' && (failed || this.failedPosts.size > 0);
    const digest = waits || retried ? bodyDigest(e) : null;
    if (waits) this.retryAfter(e, started, digest!, retryAfter);
    if (e.operation === null || expectsError(e)) return;
    for (const b of brokenRules(e.status, error)) this.violate(e, b.rule, b.param, b.message);
    if (e.path.length > MAX_PATH) return;
    if (e.method === 'POST') this.idempotency(e, digest, failed);
    if (e.operation === 'getOrderLocation' && e.order_id !== null) this.polling(e, started);
  }

  /**
   * A position sent on `GET /v1/orders/{id}/location/stream`: the location tracked as the docs
   * recommend (the order id is the proof; the stream has no request id).
   */
  streamed(orderId: string): void {
    this.streams++;
    this.prove('location.tracked', orderId);
  }

  /** Counts `requestId` as proof of `id` (a situation found beside the ledger's own). */
  prove(id: string, requestId: string): void {
    const proof = this.proofs.get(id) ?? { count: 0, evidence: [] };
    proof.count++;
    if (proof.evidence.length < EVIDENCE_LIMIT) proof.evidence.push(requestId);
    this.proofs.set(id, proof);
  }

  /** `Retry-After` honoured (coverage for a 429) or ignored (a habit), by the client's next try. */
  private retryAfter(
    e: RequestFacts,
    started: number,
    digest: string,
    retryAfter: number | null,
  ): void {
    if (e.path.length > MAX_PATH) return;
    // A retry is the same request again: a write with another body is another write.
    const request = `${e.method} ${e.path} ${digest}`;
    const route = `${e.account_id ?? ''} ${request}`;
    // An injected 429 or 503 is answered before the key is read: it belongs to no account.
    const [at, before] = recall(this.waitUntil, route, ` ${request}`);
    if (before) {
      this.waitUntil.delete(at);
      if (started + SLACK_MS >= before.until) {
        if (before.status === 429) {
          this.prove('api.rate_limited.respected', before.id);
          this.prove('api.rate_limited.respected', e.id);
        }
      } else if (!expectsError(e)) {
        this.warn(
          'retry_after_ignored',
          e.id,
          () =>
            `retried ${e.method} ${e.path} ${Math.round(before.until - started)} ms sooner than Retry-After allowed; wait at least Retry-After seconds before retrying`,
        );
      }
    }
    if (retryAfter !== null && e.status !== null && e.status >= 400) {
      const answered = started + e.duration_ms;
      keepRecent(
        this.waitUntil,
        route,
        {
          id: e.id,
          until: answered + retryAfter * 1000,
          status: e.status,
        },
        MEMORY,
      );
    }
  }

  /**
   * A write without a key (a habit), or a failed write retried with another key (a violation).
   * `hash` is null when there is nothing to compare: no failed write remembered, and this one
   * did not fail.
   */
  private idempotency(e: RequestFacts, hash: string | null, failed: boolean): void {
    const key = e.request_headers['idempotency-key'] ?? null;
    if (key === null)
      this.warn(
        'no_idempotency_key',
        e.id,
        () =>
          `${e.operation} sent without an Idempotency-Key: a retry after a dropped answer could do the write twice; send a unique key per write and reuse it on retries`,
      );
    if (hash === null) return;
    const same = `${e.account_id ?? ''} ${e.path} ${hash}`;
    const [at, failedWith] = recall(this.failedPosts, same, ` ${e.path} ${hash}`);
    if (failedWith !== undefined) {
      this.failedPosts.delete(at);
      if (key === null || key !== failedWith)
        this.violate(
          e,
          'idempotency_key_changed',
          'Idempotency-Key',
          `a failed ${e.operation} was retried with ${key === null ? 'no' : 'a new'} Idempotency-Key; retry with the same key, or the write may happen twice`,
        );
    }
    if (failed) keepRecent(this.failedPosts, same, key, MEMORY);
  }

  /**
   * Two polls of one order less than a second apart in real time and in virtual time: a test that
   * advances a manual clock between polls paces its client by the sandbox's clock, and is not
   * hammering anything.
   */
  private polling(e: RequestFacts, started: number): void {
    const order = e.order_id as string;
    const last = this.lastPoll.get(order);
    const virtual = e.virtual_ms;
    keepRecent(this.lastPoll, order, { real: started, virtual }, MEMORY);
    const soon = (now: number, then: number): boolean => now - then < 1000 - SLACK_MS;
    if (last !== undefined && soon(started, last.real) && soon(virtual, last.virtual))
      this.warn(
        'location_polled_too_often',
        e.id,
        () =>
          `the location of an order was polled more than once a second (${Math.round(started - last.real)} ms apart); poll at most once a second, or open the order's live stream`,
      );
  }

  private violate(
    e: RequestFacts,
    rule: ViolationRule,
    given: string | null,
    message: string,
  ): void {
    let param = given;
    let group = `${e.operation ?? ''}\0${param ?? ''}\0${rule}`;
    if (!this.violations.has(group) && this.violations.size >= MAX_GROUPS) {
      param = '(other parameters)';
      group = `${e.operation ?? ''}\0${param}\0${rule}`;
    }
    const v = this.violations.get(group);
    if (v) {
      v.count++;
      if (v.request_ids.length < EVIDENCE_LIMIT) v.request_ids.push(e.id);
      return;
    }
    this.violations.set(group, {
      rule,
      // The API's message quotes the value at fault: masked like the example.
      message: maskString(message),
      request_ids: [e.id],
      operation: e.operation ?? `${e.method} ${e.path}`,
      param,
      count: 1,
      example: {
        request_id: e.id,
        method: e.method,
        path: e.path,
        status: e.status,
        body: redactBody(e.request_body),
      },
    });
  }

  /** Counts a habit; its message, from its first request, is made then only (not on every poll). */
  private warn(habit: Habit['habit'], requestId: string, message: () => string): void {
    const h = this.habits.get(habit);
    if (h) {
      h.count++;
      if (h.request_ids.length < EVIDENCE_LIMIT) h.request_ids.push(requestId);
    } else
      this.habits.set(habit, { habit, message: message(), count: 1, request_ids: [requestId] });
  }
}

/**
 * What tells one request body from another: a digest of its text (the journal reads the body of
 * a faulted request too, so a retry of a faulted write has the write's own digest).
 */
function bodyDigest(e: RequestFacts): string {
  const text = e.request_body;
  if (text === null || text.length === 0) return '';
  return hash('sha256', text, 'base64url');
}

/** The memory under `key`, else under `anonymous` (the same request before its key was read). */
function recall<V>(map: Map<string, V>, key: string, anonymous: string): [string, V | undefined] {
  return map.has(key) ? [key, map.get(key)] : [anonymous, map.get(anonymous)];
}

/** The cancellation fee a `DELETE` answered (minor units), or null. */
function feeOf(e: RequestFacts): number | null {
  try {
    const order = JSON.parse(e.response_body ?? '') as {
      cancellation?: { fee?: { amount?: unknown } } | null;
    };
    const fee = order.cancellation?.fee?.amount;
    return typeof fee === 'number' ? fee : null;
  } catch {
    return null;
  }
}

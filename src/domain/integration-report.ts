/**
 * The integration report's shapes (`GET /__sandbox/report`, `sandbox.report()`, the CLI's
 * `report`): plain types, so the layers that build, serve and print it share one definition.
 * openapi/sandbox.yaml (`IntegrationReport`) describes the same JSON.
 */

/** Where a coverage situation is proven: by the client's `/v1` requests, or by webhook deliveries. */
export type CoverageSource = 'requests' | 'deliveries';

/**
 * `covered`: seen, with the ids that prove it; `not_covered`: the data is there and the situation
 * is not in it; `no_data`: the report has no data of this source yet (request situations
 * before any `/v1` request since the report started).
 */
export type CoverageStatus = 'covered' | 'not_covered' | 'no_data';

export interface CoverageEntry {
  id: string;
  description: string;
  source: CoverageSource;
  status: CoverageStatus;
  /** How many requests or deliveries showed it. */
  count: number;
  /** The first few request ids (`req_…`) or delivery ids (`dlv_…`) that prove it. */
  evidence: string[];
}

/** The four requests of a signature probe: one genuine, three forged. */
export type ProbeCase = 'valid' | 'wrong_signature' | 'altered_body' | 'unsigned';

export interface ProbeCaseResult {
  case: ProbeCase;
  /** What a receiver that verifies signatures does: accept the genuine one, reject the forgeries. */
  expected: 'accepted' | 'rejected';
  response_status: number | null;
  error: string | null;
  duration_ms: number;
  /** `ok`: as expected; `wrong`: the opposite; `no_answer`: no complete answer came. */
  verdict: 'ok' | 'wrong' | 'no_answer';
}

/**
 * `failed`: a forged request was answered 2xx (a forged webhook would be accepted in production);
 * `passed`: every forgery refused and the genuine request accepted; `inconclusive`: neither (no
 * answer, or even the genuine request refused, so a refusal proves nothing).
 */
export type ProbeStatus = 'passed' | 'failed' | 'inconclusive';

export interface ProbeResult {
  endpoint_id: string;
  url: string;
  probed_at: string;
  status: ProbeStatus;
  /** One sentence: what happened and what to fix. */
  message: string;
  cases: ProbeCaseResult[];
}

/** How one webhook endpoint answered, since the report started. */
export interface ReceiverScorecard {
  endpoint_id: string;
  url: string;
  /** Deliveries started (first attempts, test and manual ones included). */
  deliveries: number;
  /** Every request sent, retries and duplicates included (not dropped ones: never sent). */
  attempts: number;
  /** First attempts actually sent, and how many of them succeeded. */
  first_attempts: number;
  first_attempt_successes: number;
  /** `first_attempt_successes / first_attempts`, 0..1; null before any. */
  first_attempt_success_rate: number | null;
  /** Answers other than 200, by status (`"500": 3`). */
  non_200_by_status: Record<string, number>;
  /** Requests that got no complete answer: timed out, or the connection failed. */
  no_answer: { timeout: number; connection: number };
  /** Real latency of the answered and timed-out attempts, against the time-out. */
  latency_ms: { p50: number | null; p95: number | null; max: number | null; timeout_ms: number };
  /** Duplicate deliveries sent (webhook faults) and how many were answered 200. */
  duplicates: { sent: number; answered_200: number };
  /** The latest signature probe of this endpoint; null when never probed. */
  probe: ProbeResult | null;
}

/**
 * A contract violation by the client (from the request journal), grouped by operation, parameter
 * and rule: `unknown_field`, `wrong_type`, `missing_field`, `bad_value`, `wrong_content_type`,
 * `read_only_key`, `idempotency_key_changed`.
 */
export interface Violation {
  rule: string;
  /** What the API told the first request of the group (or, for a changed key, what to fix). */
  message: string;
  /** The first few requests (`req_…`) that broke it. */
  request_ids: string[];
  /** The operationId (`createOrder`), or `METHOD path` when the route has none. */
  operation: string;
  /** The parameter at fault (`notes`, `pickup.lat`, `Content-Type`), or null. */
  param: string | null;
  /** How many requests broke it. */
  count: number;
  /** The first request, redacted: no API key ever, personal values masked, long values cut. */
  example: {
    request_id: string;
    method: string;
    path: string;
    status: number | null;
    body: string | null;
  };
}

/**
 * A client habit worth a warning (not a contract violation): `location_polled_too_often`,
 * `retry_after_ignored`, `no_idempotency_key`.
 */
export interface Habit {
  habit: string;
  message: string;
  count: number;
  request_ids: string[];
}

export interface IntegrationReport {
  /** Virtual time of the report, and of its start (the sandbox's start or the last report reset). */
  generated_at: string;
  since: string;
  summary: {
    coverage: { total: number; covered: number; not_covered: number; no_data: number };
    /** Null while the report has no request data. */
    violations: number | null;
    /** Habit warnings (requests, summed over habits). */
    habits: number;
    /** `/v1` requests heard since the report started. */
    requests: number;
    probes: { passed: number; failed: number; inconclusive: number; not_probed: number };
  };
  coverage: CoverageEntry[];
  violations: {
    /** Whether request data was available to look for violations. */
    available: boolean;
    note: string | null;
    items: Violation[];
  };
  /** Client habits worth a warning; `--fail-on habits` fails on them. */
  habits: Habit[];
  receivers: ReceiverScorecard[];
}

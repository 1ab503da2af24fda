/** A body as the journal keeps it: its text cut to the journal's limit, and how long it was. */
export interface JournalBody {
  /** The text (UTF-8), cut at the limit; `null` when there was no body. */
  text: string | null;
  /** The whole body's length in bytes. */
  size: number;
  /** Whether `text` is only the start of the body. */
  truncated: boolean;
}

/** The fault injected into a request, if any. */
export interface JournalFault {
  /** `error`: answered 500/503/429; `drop`: connection closed unanswered; `timeout`: held unanswered; `latency`: only delayed. */
  kind: 'latency' | 'error' | 'drop' | 'timeout';
  /** A `faults.api` rule, or the request's `Sandbox-Fault` header. */
  source: 'rule' | 'header';
  /** The rule's index in `faults.api` (rules only). */
  rule: number | null;
  /** The injected status (`error` only). */
  status: number | null;
  /** Real milliseconds added before the answer. */
  latency_ms: number;
}

/** What a failed request was told (the error body's fields, without the request id). */
export interface JournalError {
  code: string;
  message: string;
  param: string | null;
  reason: string | null;
  details: { param: string | null; message: string }[];
}

/**
 * One `/v1` request and its answer, as `GET /__sandbox/requests` lists it. The API key and the
 * `Authorization` header are never kept: `account_id` and `key_mode` say whose key it was.
 */
export interface JournalEntry {
  /** The request id (`req_…`), as in `X-Request-Id`. */
  id: string;
  /** The world generation that answered (a reset starts the next one; the journal survives it). */
  generation: number;
  /** The operationId of openapi/v1.yaml, or `null` for a path or method the API does not have. */
  operation: string | null;
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  /** The order the request is about: its path's `order_id`, or the order a create answered. */
  order_id: string | null;
  request: {
    /** Content-Type, Idempotency-Key, User-Agent, Sandbox-Fault, Sandbox-Outcome, Sandbox-Expect, when sent. */
    headers: Record<string, string>;
    body: JournalBody;
  };
  /** The status answered, or `null` when none was (a dropped connection, a client gone first). */
  status: number | null;
  /** The error's reason, when it failed with one. */
  reason: string | null;
  error: JournalError | null;
  /** Seconds of the `Retry-After` header answered, if any. */
  retry_after: number | null;
  response: {
    /** Content-Type, Retry-After, Idempotent-Replayed, WWW-Authenticate, Allow, when answered. */
    headers: Record<string, string>;
    body: JournalBody;
  };
  /** The account whose key was used, once the key was known (`null` for a missing or unknown key). */
  account_id: string | null;
  key_mode: 'read_write' | 'read_only' | null;
  /** Real time the request arrived (ISO 8601). */
  started_at: string;
  /** Virtual time the request arrived (ISO 8601), as the API's timestamps read. */
  virtual_time: string;
  /** Real milliseconds from arrival to the last byte answered (or to the connection's end). */
  duration_ms: number;
  fault: JournalFault | null;
  /**
   * The request's W3C `traceparent` when it sent a valid one (an invalid one is ignored): every
   * webhook attempt it caused carries the same trace id with a span of its own.
   */
  traceparent: string | null;
}

/**
 * What the journal step takes of one request once it is answered (or its connection ends): the
 * facts a journal entry is made of, flat, with times as epoch milliseconds and bodies whole. The
 * journal keeps these and builds an entry (`entryOf`) only when one is listed or traced; the
 * report's ledger reads them as they are (issue 24: building every request's entry for the
 * ledger, ISO times and all, and parsing them back there, was a fifth of a read's CPU).
 */
export interface RequestFacts {
  readonly id: string;
  readonly generation: number;
  readonly operation: string | null;
  readonly method: string;
  readonly path: string;
  /** The path with its query, as sent. */
  readonly url: string;
  readonly order_id: string | null;
  /** The kept request headers (the entry's `request.headers`). */
  readonly request_headers: Record<string, string>;
  /** The whole request body, or null. */
  readonly request_body: string | null;
  readonly status: number | null;
  /** The kept response headers (the entry's `response.headers`). */
  readonly response_headers: Record<string, string>;
  /** The whole response body, or null. */
  readonly response_body: string | null;
  /**
   * The error answered, as `sendError` built that body (its fields but the request id), so that
   * the report need not parse back what was just serialised; absent when an answer was sent some
   * other way, or without its body (a HEAD): `errorOf` then reads `response_body`.
   */
  readonly response_error?: JournalError | undefined;
  readonly account_id: string | null;
  readonly key_mode: 'read_write' | 'read_only' | null;
  readonly fault: JournalFault | null;
  readonly traceparent: string | null;
  /** Real time it arrived, epoch ms. */
  readonly started_ms: number;
  /** Virtual time it arrived, epoch ms. */
  readonly virtual_ms: number;
  readonly duration_ms: number;
}

/** The journal entry of `f`, its bodies made by `body` (cut to the journal's limit, or masked too). */
export function entryOf(f: RequestFacts, body: (text: string | null) => JournalBody): JournalEntry {
  const error = errorOf(f);
  return {
    id: f.id,
    generation: f.generation,
    operation: f.operation,
    method: f.method,
    path: f.path,
    query: queryOf(f.url),
    order_id: f.order_id,
    request: { headers: f.request_headers, body: body(f.request_body) },
    status: f.status,
    reason: error?.reason ?? null,
    error,
    retry_after: retryAfterOf(f),
    response: { headers: f.response_headers, body: body(f.response_body) },
    account_id: f.account_id,
    key_mode: f.key_mode,
    started_at: new Date(f.started_ms).toISOString(),
    virtual_time: new Date(f.virtual_ms).toISOString(),
    duration_ms: f.duration_ms,
    fault: f.fault,
    traceparent: f.traceparent,
  };
}

/** The error fields of an error answer (every error the sandbox sends has the one shape), or null. */
export function errorOf(f: RequestFacts): JournalError | null {
  if (f.status === null || f.status < 400) return null;
  if (f.response_error) return f.response_error;
  const body = parseJson(f.response_body) as
    { error?: JournalError & { request_id?: string } } | undefined;
  if (!body?.error || typeof body.error !== 'object') return null;
  const { code, message, param, reason, details } = body.error;
  return { code, message, param, reason, details };
}

/** Seconds of the `Retry-After` header answered, when it is a whole number. */
export function retryAfterOf(f: RequestFacts): number | null {
  const value = f.response_headers['retry-after'];
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : null;
}

/**
 * The query text of a request target `url`: after its `?`, before any `#` (empty without one, or
 * with the `?` after a `#`).
 * What every reader of a request takes as its query: the routes' checks (as Express reads it), the
 * journal's entry and the report's ledger.
 */
export function queryText(url: string): string {
  // The fragment starts at the first `#`, a `?` after it included (as Express's parseurl reads it).
  const hash = url.indexOf('#');
  const end = hash < 0 ? url.length : hash;
  const at = url.indexOf('?');
  return at < 0 || at > end ? '' : url.slice(at + 1, end);
}

/** The names of the query parameters of `url`, in order (none without a `?`). */
export function queryNames(url: string): string[] {
  const query = queryText(url);
  if (query === '') return [];
  // Without an escape ('%', or '+' for a space) or a leading '?' (which URLSearchParams drops), a
  // name is the text before its '=', empty parts skipped: what URLSearchParams reads, without
  // decoding every value on each request.
  if (query.includes('%') || query.includes('+') || query.startsWith('?'))
    return [...new URLSearchParams(query).keys()];
  const names: string[] = [];
  for (const part of query.split('&')) {
    if (part.length === 0) continue;
    const eq = part.indexOf('=');
    names.push(eq < 0 ? part : part.slice(0, eq));
  }
  return names;
}

/** The query of `url` as an entry shows it: each parameter's value, or values when repeated. */
export function queryOf(url: string): Record<string, string | string[]> {
  const query = queryText(url);
  if (query === '') return {};
  // Gathered in a Map: a parameter named `constructor` or `__proto__` is a parameter like any other.
  const params = new Map<string, string | string[]>();
  for (const [k, v] of new URLSearchParams(query)) {
    const prev = params.get(k);
    params.set(k, prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v]);
  }
  // fromEntries defines own properties, so even `__proto__` stays a key.
  return Object.fromEntries(params);
}

/** `text` parsed as JSON, or undefined when it is none (or not JSON). */
export function parseJson(text: string | null): unknown {
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

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

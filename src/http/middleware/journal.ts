import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { stopwatch } from '../../clock/real-time.js';
import { formatTraceparent } from '../../domain/traceparent.js';
import { currentCause } from '../../events/request-cause.js';
import type {
  JournalBody,
  JournalEntry,
  JournalError,
  JournalFault,
  JournalSink,
} from '../../journal/request-journal.js';
import type { OperationMatcher } from '../operation-matcher.js';
import type { RequestStep } from '../pipeline.js';
import type { RequestContext } from '../request-context.js';

// What the integration report and a developer need; never Authorization or cookies.
const REQUEST_HEADERS = [
  'content-type',
  'idempotency-key',
  'user-agent',
  'sandbox-fault',
  'sandbox-outcome',
  'sandbox-expect',
];
const RESPONSE_HEADERS = [
  'content-type',
  'retry-after',
  'idempotent-replayed',
  'www-authenticate',
  'allow',
];
const MAX_HEADER = 256;
// What an entry costs besides its bodies: ids, times, headers, the objects themselves.
const ENTRY_OVERHEAD = 512;

/**
 * Records every `/v1` request in the journal once it is answered, or once its connection ends
 * without an answer (a dropped or held request, a client that gave up). The control plane is not
 * journaled: its answers carry webhook secrets and keys. Each request goes into its own sandbox's
 * journal (`x.host`, chosen by the `world` step): a sandbox's journal holds only its requests.
 * When the sandbox records a trace, its control-plane requests (but the trace's own download) go
 * the same way into the trace's `control` sink, which masks the secrets (docs/traces.md).
 */
export function journalRequests(matcher: OperationMatcher): RequestStep {
  return {
    name: 'journal',
    run: (x) => {
      const sink = x.path.startsWith('/v1/') || x.path === '/v1' ? x.host.journal : controlSink(x);
      if (!sink) return;
      if (x.express) catchAnswer(x);
      recordOnClose(sink, matcher, x);
    },
  };
}

/** The trace's sink for a control-plane request, when the request's sandbox records one. */
function controlSink(x: RequestContext): JournalSink | undefined {
  const trace = x.host.trace;
  if (!trace || !x.path.startsWith('/__sandbox/') || x.path === '/__sandbox/trace') return;
  return trace.control;
}

/** The body an Express route sends, however it sends it (the fast path's answers record theirs). */
function catchAnswer(x: RequestContext): void {
  const res = x.res;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  res.end = ((...args: unknown[]) => {
    const chunk = args[0];
    if (typeof chunk === 'string') x.answered = chunk;
    else if (chunk instanceof Uint8Array) x.answered = Buffer.from(chunk).toString('utf8');
    return end(...args);
  }) as ServerResponse['end'];
}

/**
 * Journals the exchange on `x.res` when its connection closes ('close' comes after 'finish' too:
 * one listener records both the answered and the unanswered). The context is read then: the
 * account, the key, the fault and the answer are known by that time.
 */
function recordOnClose(journal: JournalSink, matcher: OperationMatcher, x: RequestContext): void {
  const { res, world } = x;
  const elapsed = stopwatch();
  const startedAt = world.clock.wallNow();
  const virtual = world.clock.now();
  const cause = currentCause();
  res.once('close', () => {
    const finished = res.writableFinished;
    // Only what the entry needs, taken now (no request, response or socket is kept): the
    // entry itself is built when it is first read.
    const facts: Facts = {
      id: x.requestId,
      generation: world.generation,
      method: x.method,
      path: x.path,
      url: x.url,
      requestHeaders: pick(x.req.headers, REQUEST_HEADERS),
      requestBody: journal.body(x.rawBody?.toString('utf8') ?? null),
      status: finished ? res.statusCode : null,
      responseHeaders: finished ? pickResponse(res) : {},
      answered: x.answered,
      responseBody: journal.body(x.answered),
      accountId: x.account?.account_id,
      readOnly: x.keyReadOnly,
      fault: x.fault,
      traceparent: cause && formatTraceparent(cause),
      startedAt,
      virtual,
      durationMs: Math.round(elapsed() * 10) / 10,
    };
    const size =
      ENTRY_OVERHEAD +
      facts.url.length +
      (facts.requestBody.text?.length ?? 0) +
      (facts.responseBody.text?.length ?? 0);
    journal.recordLazily(size, () => toEntry(facts, matcher));
  });
}

interface Facts {
  id: string;
  generation: number;
  method: string;
  path: string;
  url: string;
  requestHeaders: Record<string, string>;
  requestBody: JournalBody;
  status: number | null;
  responseHeaders: Record<string, string>;
  answered: string | null;
  responseBody: JournalBody;
  accountId: string | undefined;
  readOnly: boolean | undefined;
  fault: JournalFault | undefined;
  traceparent: string | undefined;
  startedAt: number;
  virtual: number;
  durationMs: number;
}

function toEntry(f: Facts, matcher: OperationMatcher): JournalEntry {
  const matched = matcher.match(f.method, f.path);
  const error = f.status !== null && f.status >= 400 ? errorOf(f.answered) : null;
  const retryAfter = f.responseHeaders['retry-after'];
  return {
    id: f.id,
    generation: f.generation,
    operation: matched?.operation ?? null,
    method: f.method,
    path: f.path,
    query: queryOf(f.url),
    order_id: matched?.params.order_id ?? createdOrderId(matched?.operation, f.status, f.answered),
    request: { headers: f.requestHeaders, body: f.requestBody },
    status: f.status,
    reason: error?.reason ?? null,
    error,
    retry_after: retryAfter !== undefined && /^\d+$/.test(retryAfter) ? Number(retryAfter) : null,
    response: { headers: f.responseHeaders, body: f.responseBody },
    account_id: f.accountId ?? null,
    key_mode: f.readOnly === undefined ? null : f.readOnly ? 'read_only' : 'read_write',
    started_at: new Date(f.startedAt).toISOString(),
    virtual_time: new Date(f.virtual).toISOString(),
    duration_ms: f.durationMs,
    fault: f.fault ?? null,
    traceparent: f.traceparent ?? null,
  };
}

/** The response headers an entry keeps, read one by one (no copy of them all). */
function pickResponse(res: ServerResponse): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of RESPONSE_HEADERS) {
    const value = res.getHeader(name);
    if (value !== undefined) out[name] = String(value).slice(0, MAX_HEADER);
  }
  return out;
}

function pick(headers: IncomingHttpHeaders, names: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of names) {
    const value = headers[name];
    if (value !== undefined) out[name] = String(value).slice(0, MAX_HEADER);
  }
  return out;
}

function queryOf(url: string): Record<string, string | string[]> {
  const at = url.indexOf('?');
  if (at < 0) return {};
  // Gathered in a Map: a parameter named `constructor` or `__proto__` is a parameter like any other.
  const params = new Map<string, string | string[]>();
  for (const [k, v] of new URLSearchParams(url.slice(at + 1))) {
    const prev = params.get(k);
    params.set(k, prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v]);
  }
  // fromEntries defines own properties, so even `__proto__` stays a key.
  return Object.fromEntries(params);
}

/** The error fields of an error answer (every error the sandbox sends has the one shape). */
function errorOf(text: string | null): JournalError | null {
  const body = parse(text) as { error?: JournalError & { request_id?: string } } | undefined;
  if (!body?.error || typeof body.error !== 'object') return null;
  const { code, message, param, reason, details } = body.error;
  return { code, message, param, reason, details };
}

const LEADING_ORDER_ID = /^\{"order_id":"([A-Za-z0-9_-]+)"/;

/** A create's new order id, so that filtering by order finds the request that made it. */
function createdOrderId(
  operation: string | undefined,
  status: number | null,
  text: string | null,
): string | null {
  if (operation !== 'createOrder' || (status !== 201 && status !== 200)) return null;
  // An order is serialised with its id first: read it there, else parse the whole answer.
  const first = text === null ? null : LEADING_ORDER_ID.exec(text);
  if (first) return first[1]!;
  const body = parse(text) as { order_id?: unknown } | undefined;
  return typeof body?.order_id === 'string' ? body.order_id : null;
}

function parse(text: string | null): unknown {
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

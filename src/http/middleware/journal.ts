import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { stopwatch } from '../../clock/real-time.js';
import { formatTraceparent } from '../../domain/traceparent.js';
import { currentCause } from '../../events/request-cause.js';
import { parseJson } from '../../journal/journal-entry.js';
import type { JournalSink } from '../../journal/request-journal.js';
import type { OperationMatcher } from '../operation-matcher.js';
import type { RequestStep } from '../pipeline.js';
import type { RequestContext } from '../request-context.js';
import { whenClosed } from '../when-closed.js';

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
 * account, the key, the fault and the answer are known by that time. Only the request's facts are
 * taken (no request, response or socket is kept): the entry is built when it is listed.
 */
function recordOnClose(journal: JournalSink, matcher: OperationMatcher, x: RequestContext): void {
  const { res, world } = x;
  const elapsed = stopwatch();
  const startedAt = world.clock.wallNow();
  const virtual = world.clock.now();
  const cause = currentCause();
  whenClosed(res, () => {
    const finished = res.writableFinished;
    const status = finished ? res.statusCode : null;
    const matched = x.operation ?? matcher.match(x.method, x.path);
    const operation = matched?.operation ?? null;
    journal.record({
      id: x.requestId,
      generation: world.generation,
      operation,
      method: x.method,
      path: x.path,
      url: x.url,
      order_id: matched?.params.order_id ?? createdOrderId(operation, status, x.answered),
      request_headers: pick(x.req.headers, REQUEST_HEADERS),
      request_body: x.rawBody?.toString('utf8') ?? null,
      status,
      response_headers: finished ? (x.answerHeaders ?? pickResponse(res)) : NONE,
      response_body: x.answered,
      // The error sent, when its body was (a HEAD's answer has none: its entry names none).
      response_error: status === null || x.answered === null ? undefined : x.answeredError,
      account_id: x.account?.account_id ?? null,
      key_mode: x.keyReadOnly === undefined ? null : x.keyReadOnly ? 'read_only' : 'read_write',
      fault: x.fault ?? null,
      traceparent: cause ? formatTraceparent(cause) : null,
      started_ms: startedAt,
      virtual_ms: virtual,
      duration_ms: Math.round(elapsed() * 10) / 10,
    });
  });
}

/** The headers of a request or an answer that has none of those kept: one frozen object for all. */
const NONE: Record<string, string> = Object.freeze({});

/** The response headers an entry keeps, read one by one (no copy of them all). */
function pickResponse(res: ServerResponse): Record<string, string> {
  let out: Record<string, string> | undefined;
  for (const name of RESPONSE_HEADERS) {
    const value = res.getHeader(name);
    if (value !== undefined) (out ??= {})[name] = String(value).slice(0, MAX_HEADER);
  }
  return out ?? NONE;
}

function pick(headers: IncomingHttpHeaders, names: string[]): Record<string, string> {
  let out: Record<string, string> | undefined;
  for (const name of names) {
    const value = headers[name];
    if (value !== undefined) (out ??= {})[name] = String(value).slice(0, MAX_HEADER);
  }
  return out ?? NONE;
}

const LEADING_ORDER_ID = /^\{"order_id":"([A-Za-z0-9_-]+)"/;

/** A create's new order id, so that filtering by order finds the request that made it. */
function createdOrderId(
  operation: string | null,
  status: number | null,
  text: string | null,
): string | null {
  if (operation !== 'createOrder' || (status !== 201 && status !== 200)) return null;
  // An order is serialised with its id first: read it there, else parse the whole answer.
  const first = text === null ? null : LEADING_ORDER_ID.exec(text);
  if (first) return first[1]!;
  const body = parseJson(text) as { order_id?: unknown } | undefined;
  return typeof body?.order_id === 'string' ? body.order_id : null;
}

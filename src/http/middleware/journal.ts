import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { stopwatch } from '../../clock/real-time.js';
import type { JournalError, RequestJournal } from '../../events/request-journal.js';
import type { OperationMatcher } from '../operation-matcher.js';

// What the integration report and a developer need; never Authorization or cookies.
const REQUEST_HEADERS = [
  'content-type',
  'idempotency-key',
  'user-agent',
  'sandbox-fault',
  'sandbox-outcome',
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
 * journaled: its answers carry webhook secrets and keys.
 */
export function journalRequests(
  journal: RequestJournal,
  matcher: OperationMatcher,
): RequestHandler {
  return (req, res, next) => {
    if (!req.path.startsWith('/v1/') && req.path !== '/v1') return next();
    const { world } = res.locals;
    const elapsed = stopwatch();
    const startedAt = world.clock.wallNow();
    const virtual = world.clock.now();
    let answered: string | null = null;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    res.end = ((...args: unknown[]) => {
      const chunk = args[0];
      if (typeof chunk === 'string') answered = chunk;
      else if (chunk instanceof Uint8Array) answered = Buffer.from(chunk).toString('utf8');
      return end(...args);
    }) as Response['end'];
    let done = false;
    const record = (finished: boolean): void => {
      if (done) return;
      done = true;
      const matched = matcher.match(req.method, req.path);
      const status = finished ? res.statusCode : null;
      const error = status !== null && status >= 400 ? errorOf(answered) : null;
      const retryAfter = Number(res.getHeader('retry-after'));
      const account = res.locals.account as typeof res.locals.account | undefined;
      journal.record({
        id: res.locals.requestId,
        generation: world.generation,
        operation: matched?.operation ?? null,
        method: req.method,
        path: req.path,
        query: queryOf(req),
        order_id: matched?.params.order_id ?? createdOrderId(matched?.operation, status, answered),
        request: {
          headers: pick(req.headers, REQUEST_HEADERS),
          body: journal.body(res.locals.rawBody?.toString('utf8') ?? null),
        },
        status,
        reason: error?.reason ?? null,
        error,
        retry_after:
          Number.isFinite(retryAfter) && res.hasHeader('retry-after') ? retryAfter : null,
        response: {
          headers: finished ? pick(res.getHeaders(), RESPONSE_HEADERS) : {},
          body: journal.body(answered),
        },
        account_id: account?.account_id ?? null,
        key_mode:
          res.locals.keyReadOnly === undefined
            ? null
            : res.locals.keyReadOnly
              ? 'read_only'
              : 'read_write',
        started_at: new Date(startedAt).toISOString(),
        virtual_time: new Date(virtual).toISOString(),
        duration_ms: Math.round(elapsed() * 10) / 10,
        fault: res.locals.fault ?? null,
      });
    };
    res.once('finish', () => record(true));
    res.once('close', () => record(res.writableFinished));
    next();
  };
}

function pick(
  headers: IncomingHttpHeaders | OutgoingHttpHeaders,
  names: string[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of names) {
    const value = headers[name];
    if (value !== undefined) out[name] = String(value).slice(0, MAX_HEADER);
  }
  return out;
}

function queryOf(req: Request): Record<string, string | string[]> {
  const at = req.originalUrl.indexOf('?');
  const out: Record<string, string | string[]> = {};
  if (at < 0) return out;
  for (const [k, v] of new URLSearchParams(req.originalUrl.slice(at + 1))) {
    const prev = out[k];
    out[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  return out;
}

/** The error fields of an error answer (every error the sandbox sends has the one shape). */
function errorOf(text: string | null): JournalError | null {
  const body = parse(text) as { error?: JournalError & { request_id?: string } } | undefined;
  if (!body?.error || typeof body.error !== 'object') return null;
  const { code, message, param, reason, details } = body.error;
  return { code, message, param, reason, details };
}

/** A create's new order id, so that filtering by order finds the request that made it. */
function createdOrderId(
  operation: string | undefined,
  status: number | null,
  text: string | null,
): string | null {
  if (operation !== 'createOrder' || (status !== 201 && status !== 200)) return null;
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

import type { IncomingHttpHeaders } from 'node:http';
import express, { type Request, type RequestHandler, type Response } from 'express';
import { JsonDepthGauge, MAX_JSON_DEPTH } from '../../domain/json-depth.js';
import { fail } from '../../errors/service-error.js';
import { currentCause, withCause, withoutCause } from '../../events/request-cause.js';
import type { RequestContext } from '../request-context.js';

/** The largest request body accepted; larger ones answer 413. */
export const BODY_LIMIT = '1mb';
const BODY_LIMIT_BYTES = 1024 * 1024;

const parseJson = express.json({
  limit: BODY_LIMIT,
  strict: true,
  // The bytes as sent, kept (not copied) for the request journal, even when they do not parse;
  // then refused if they nest too deep, before the parser or any recursive walk sees them.
  verify: (_req, res, buf) => {
    (res as Response).locals.rawBody = buf;
    if (!new JsonDepthGauge(MAX_JSON_DEPTH).feed(buf))
      throw fail('json_too_deep', { limit: MAX_JSON_DEPTH });
  },
});

/**
 * The largest state `PUT /__sandbox/state` accepts: exports of a long-running sandbox reach
 * hundreds of megabytes, far past the API's 1 MiB (docs/persistence.md).
 */
export const STATE_BODY_LIMIT_BYTES = 256 * 1024 * 1024;

/** The only route whose body may exceed `BODY_LIMIT`. */
const isStateImport = (method: string, path: string): boolean =>
  method === 'PUT' && path === '/__sandbox/state';

/** Whether the request declares a body (Node has checked that Content-Length is a number). */
export function hasBody(headers: Record<string, string | string[] | undefined>): boolean {
  return headers['transfer-encoding'] !== undefined || (headers['content-length'] ?? '0') !== '0';
}

/**
 * Refuses a declared `Content-Length` over the limit from the headers alone, on every route,
 * before a byte of the body is read (the error handler then closes the connection instead of
 * draining the body).
 */
export function checkDeclaredLength(
  headers: IncomingHttpHeaders,
  method: string,
  path: string,
): void {
  const length = headers['content-length'];
  const limit = isStateImport(method, path) ? STATE_BODY_LIMIT_BYTES : BODY_LIMIT_BYTES;
  if (length !== undefined && Number(length) > limit) {
    throw fail('body_too_large', { limit: `${limit / (1024 * 1024)} MiB` });
  }
}

/**
 * Parses a JSON request body (up to 1 MiB, nested at most `MAX_JSON_DEPTH` deep). A body sent with another Content-Type is refused rather
 * than ignored: a sandbox exists to catch such client mistakes. A plain body (`plainJsonLength`)
 * is read by `readPlainJson`, as on the fast path; any other (chunked, compressed, another
 * charset) by body-parser.
 */
export const jsonBody: RequestHandler[] = [
  requireJson,
  (req, res, next) => {
    const length = plainJsonLength(req.headers);
    if (length < 0) return parseJson(req, res, next);
    readPlainJson(res.locals, length, (err, body) => {
      if (err) return next(err);
      req.body = body;
      next();
    });
  },
];

/**
 * The Content-Types of a plain body, as nearly every client sends them (compared without case):
 * JSON in UTF-8, which body-parser would decode as UTF-8 too. Any other spelling of JSON (another
 * charset, a quoted one, extra parameters) is left to body-parser.
 */
const PLAIN_JSON_TYPES = new Set([
  'application/json',
  'application/json; charset=utf-8',
  'application/json;charset=utf-8',
]);

/**
 * A plain body's declared length: JSON (`PLAIN_JSON_TYPES`) as sent (no `Content-Encoding`, not
 * even `identity`), of a declared length above 0 (the `guard` step has refused one over the
 * limit). -1 for any other body, or none: body-parser reads those on the Express chain, and the
 * fast path leaves them to it.
 */
export function plainJsonLength(headers: IncomingHttpHeaders): number {
  const length = headers['content-length'];
  const type = headers['content-type'];
  if (
    length === undefined ||
    length === '0' ||
    type === undefined ||
    headers['transfer-encoding'] !== undefined ||
    headers['content-encoding'] !== undefined ||
    !PLAIN_JSON_TYPES.has(type.toLowerCase())
  )
    return -1;
  return Number(length);
}

/**
 * Reads a plain body (`plainJsonLength`) and parses it as body-parser's strict parser would, with
 * the same answers for the same bytes (test/hot-create.test.ts compares them): the bytes go
 * on the context for the journal even when they do not parse, a body nested deeper than
 * `MAX_JSON_DEPTH` is refused before `JSON.parse` sees it, a byte-order mark is dropped, and the
 * text must be an object or an array. Calls `then` once, with the body or the error (a callback,
 * not a promise: a cut-short body is answered within the event that tells it, as body-parser
 * answers it). The Express chain's `jsonBody` and the fast path's writes (src/http/fast-writes.ts)
 * alike.
 */
export function readPlainJson(
  x: RequestContext,
  length: number,
  then: (err: Error | undefined, body?: unknown) => void,
): void {
  const req = x.req;
  // Called back with the request's `traceparent` cause (src/events/request-cause.ts), not the
  // socket's context that emits the body's events: what the write publishes is caused by it. The
  // cause itself, not an AsyncResource as raw-body binds (~20 µs each with the cause's
  // AsyncLocalStorage on: a quarter of a create, issue 24).
  const cause = currentCause();
  const done = (err: Error | undefined, body?: unknown): void =>
    cause === undefined ? withoutCause(() => then(err, body)) : withCause(cause, then, err, body);
  const chunks: Buffer[] = [];
  let received = 0;
  const onData = (chunk: Buffer): void => {
    chunks.push(chunk);
    received += chunk.length;
  };
  const onEnd = (): void => {
    stop();
    if (received !== length) return done(ABORTED());
    const bytes = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, received);
    x.rawBody = bytes;
    let body: unknown;
    try {
      body = parseStrictJson(bytes);
    } catch (err) {
      return done(err instanceof Error ? err : new Error(String(err)));
    }
    done(undefined, body);
  };
  // The client went away mid-body: nobody hears the answer, but the request is over. Answered at
  // once, on 'aborted', as body-parser (raw-body) answers: the response's 'close', which has the
  // exchange journaled and counted, comes right after it ('close' of the request only on the
  // next tick, and a promise's rejection after that 'close' too).
  const onAborted = (): void => {
    stop();
    done(ABORTED());
  };
  const stop = (): void => {
    req.off('data', onData);
    req.off('end', onEnd);
    req.off('aborted', onAborted);
    req.off('close', onAborted);
  };
  req.on('data', onData);
  req.once('end', onEnd);
  req.once('aborted', onAborted);
  req.once('close', onAborted);
}

/** What body-parser answers for a body cut short: its 400 `request aborted`. */
const ABORTED = (): Error => fail('bad_request', { detail: 'request aborted' });

// JSON's whitespace (space, tab, line feed, carriage return), as body-parser skips it.
const FIRST_NON_WHITESPACE = /^[ \t\n\r]*([^ \t\n\r]|$)/;

/** `bytes` as JSON: the value body-parser's strict parser gives, or its error. */
function parseStrictJson(bytes: Buffer): unknown {
  if (!new JsonDepthGauge(MAX_JSON_DEPTH).feed(bytes))
    throw fail('json_too_deep', { limit: MAX_JSON_DEPTH });
  let text = bytes.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.length === 0) return {};
  try {
    const first = FIRST_NON_WHITESPACE.exec(text)?.[1];
    if (first !== '{' && first !== '[') throw strictViolation(text, first || undefined);
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw fail('malformed_json', { detail: (err as Error).message });
  }
}

/**
 * body-parser's error for a text that is valid JSON but no object or array (`"x"`, `42`): the
 * message `JSON.parse` gives for the text with everything from that character on hidden, then
 * shown again.
 */
function strictViolation(text: string, first: string | undefined): Error {
  const at = first === undefined ? -1 : text.indexOf(first);
  const hidden = at < 0 ? '' : text.slice(0, at) + '#'.repeat(text.length - at);
  try {
    JSON.parse(hidden);
    return new SyntaxError('strict violation');
  } catch (err) {
    const message = (err as Error).message.replace(/#+/g, (run) =>
      text.substring(at, at + run.length),
    );
    return new SyntaxError(message);
  }
}

// Whether a Content-Type is JSON depends on the header's text alone: each text is parsed once (a
// few kept; a client sending ever new ones only refills the memory).
const JSON_TYPES = new Map<string, boolean>();
const JSON_TYPES_KEPT = 64;

function isJson(req: Request): boolean {
  const type = req.headers['content-type'];
  if (type === undefined) return false;
  let json = JSON_TYPES.get(type);
  if (json === undefined) {
    json = Boolean(req.is('application/json'));
    if (JSON_TYPES.size >= JSON_TYPES_KEPT) JSON_TYPES.clear();
    JSON_TYPES.set(type, json);
  }
  return json;
}

/** Refuses a body whose Content-Type is not JSON (`unsupported_content_type`). */
export function requireJson(req: Request, _res: unknown, next: () => void): void {
  if (hasBody(req.headers) && !isJson(req)) {
    throw fail('unsupported_content_type', {
      got: req.get('content-type') ? `"${req.get('content-type')}"` : 'no Content-Type',
    });
  }
  next();
}

import type { ServerResponse } from 'node:http';
import type { RequestContext } from './request-context.js';

const JSON_TYPE = 'application/json; charset=utf-8';

/** The response headers the journal keeps of an answer `answerJsonText` wrote in one go. */
const JSON_ANSWER_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-type': JSON_TYPE,
});

/**
 * Sends a JSON body the short way, for the hottest reads: the same bytes and headers as
 * `res.json()` (no ETag: the app disables it), without Express's content negotiation and
 * freshness checks on every call. Returns the text sent.
 */
export function sendJson(res: ServerResponse, body: unknown, status = 200): string {
  return sendJsonText(res, JSON.stringify(body), status);
}

/** `sendJson` for a body already serialised (an order's cached text, src/http/order-text.ts). */
export function sendJsonText(res: ServerResponse, text: string, status = 200): string {
  res.statusCode = status;
  res.setHeader('Content-Type', JSON_TYPE);
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
  return text;
}

/** `answerJsonText` of a body to serialise. */
export function answerJson(x: RequestContext, body: unknown, status = 200): string {
  return answerJsonText(x, JSON.stringify(body), status);
}

/**
 * A request's JSON answer from whatever answers on both paths: every answer of the fast path (its
 * reads and creates, an error, an idempotent replay), and on the Express chain a committed write's
 * and a replay's (its errors keep `res.json`). On the Express chain it is `sendJsonText`, after
 * the `begin` step's `X-Request-Id`; on the fast path, which sets no header until it answers
 * (`beginRequest`), every header in one `writeHead`: `X-Request-Id`, `Content-Type` and
 * `Content-Length`, the same headers in the same order. A header set before (`Connection: close`,
 * `Retry-After`, `Idempotent-Replayed`) is kept, and comes first: Node merges the two. Three
 * `setHeader` calls each checked, lower-cased and stored their header before Node wrote them out
 * (issue 24). Returns the text sent.
 */
export function answerJsonText(x: RequestContext, text: string, status = 200): string {
  const res = x.res;
  if (x.express) return sendJsonText(res, text, status);
  // Node keeps no header it can give back (`getHeader`) of an answer written in one go: the
  // journal reads those of this one here. Any header set before makes Node keep them all.
  if (res.getHeaderNames().length === 0) x.answerHeaders = JSON_ANSWER_HEADERS;
  res.writeHead(status, {
    'X-Request-Id': x.requestId,
    'Content-Type': JSON_TYPE,
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
  return text;
}

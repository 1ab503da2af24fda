import type { ServerResponse } from 'node:http';

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
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
  return text;
}

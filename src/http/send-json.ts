import type { Response } from 'express';

/**
 * Sends a JSON body the short way, for the hottest reads: the same bytes and headers as
 * `res.json()` (no ETag: the app disables it), without Express's content negotiation and
 * freshness checks on every call.
 */
export function sendJson(res: Response, body: unknown, status = 200): void {
  const text = JSON.stringify(body);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}

import type { IncomingHttpHeaders } from 'node:http';
import express, { type Request, type RequestHandler, type Response } from 'express';
import { JsonDepthGauge, MAX_JSON_DEPTH } from '../../domain/json-depth.js';
import { fail } from '../../errors/service-error.js';

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
 * than ignored: a sandbox exists to catch such client mistakes.
 */
export const jsonBody: RequestHandler[] = [requireJson, parseJson];

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

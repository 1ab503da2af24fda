import express, { type RequestHandler } from 'express';
import { fail } from '../../errors/service-error.js';

/** The largest request body accepted; larger ones answer 413. */
export const BODY_LIMIT = '1mb';

const parseJson = express.json({ limit: BODY_LIMIT, strict: true });

function hasBody(headers: Record<string, string | string[] | undefined>): boolean {
  return headers['transfer-encoding'] !== undefined || (headers['content-length'] ?? '0') !== '0';
}

/**
 * Parses a JSON request body (up to 1 MiB). A body sent with another Content-Type is refused rather
 * than ignored: a sandbox exists to catch such client mistakes.
 */
export const jsonBody: RequestHandler[] = [
  (req, _res, next) => {
    if (hasBody(req.headers) && !req.is('application/json')) {
      throw fail('unsupported_content_type', {
        got: req.get('content-type') ? `"${req.get('content-type')}"` : 'no Content-Type',
      });
    }
    next();
  },
  parseJson,
];

import { timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { digestSecret, parseBearer } from '../../domain/api-key.js';
import { fail } from '../../errors/service-error.js';

/** With an admin token configured, `/__sandbox` requires `Authorization: Bearer <token>`. */
export function adminAuth(token: string | undefined): RequestHandler {
  const expected = token === undefined ? undefined : Buffer.from(digestSecret(token));
  return (req, _res, next) => {
    // Lower-cased as a second line of defence; routing is case-sensitive anyway.
    const path = req.path.toLowerCase();
    if (!expected || !path.startsWith('/__sandbox/') || path === '/__sandbox/health') return next();
    const bearer = parseBearer(req.get('authorization'));
    const given = bearer && 'token' in bearer ? bearer.token : undefined;
    if (given === undefined) throw fail('missing_admin_token');
    if (!timingSafeEqual(Buffer.from(digestSecret(given)), expected)) {
      throw fail('invalid_admin_token');
    }
    next();
  };
}

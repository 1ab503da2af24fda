import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { errors } from '../../service/errors.js';

const digest = (s: string): Buffer => createHash('sha256').update(s).digest();

/** With an admin token configured, `/__sandbox` requires `Authorization: Bearer <token>`. */
export function adminAuth(token: string | undefined): RequestHandler {
  const expected = token === undefined ? undefined : digest(token);
  return (req, _res, next) => {
    // Lower-cased as a second line of defence; routing is case-sensitive anyway.
    const path = req.path.toLowerCase();
    if (!expected || !path.startsWith('/__sandbox/') || path === '/__sandbox/health') return next();
    const given = /^Bearer +(\S+)\s*$/i.exec(req.get('authorization') ?? '')?.[1];
    if (given === undefined || !timingSafeEqual(digest(given), expected)) {
      throw errors.unauthorized(
        'The control plane needs the admin token: send Authorization: Bearer <token> (the value of --admin-token)',
        given === undefined ? 'missing_admin_token' : 'invalid_admin_token',
      );
    }
    next();
  };
}

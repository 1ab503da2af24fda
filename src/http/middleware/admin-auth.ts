import type { RequestHandler } from 'express';
import { checkAdminToken } from '../../commands/authenticate.js';
import { parseBearer } from '../../edge/bearer.js';

/** With an admin token configured, `/__sandbox` requires `Authorization: Bearer <token>`. */
export function adminAuth(token: string | undefined): RequestHandler {
  return (req, _res, next) => {
    // Lower-cased as a second line of defence; routing is case-sensitive anyway.
    const path = req.path.toLowerCase();
    if (!path.startsWith('/__sandbox/') || path === '/__sandbox/health') return next();
    checkAdminToken(token, parseBearer(req.get('authorization')));
    next();
  };
}

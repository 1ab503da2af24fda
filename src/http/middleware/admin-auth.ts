import type { RequestHandler } from 'express';
import { checkAdminToken } from '../../commands/authenticate.js';
import { parseBearer } from '../../edge/bearer.js';
import { fail } from '../../errors/service-error.js';

/**
 * With an admin token configured, `/__sandbox` requires `Authorization: Bearer <token>`, under a
 * sandbox's path (`/__sandbox/sandboxes/{name}/…`, rewritten to its inner path by then) too; only
 * the server's health is open, under a sandbox's path as well.
 */
export function adminAuth(token: string | undefined): RequestHandler {
  return (req, _res, next) => {
    // Lower-cased as a second line of defence; routing is case-sensitive anyway.
    const path = req.path.toLowerCase();
    if (!path.startsWith('/__sandbox/') || path === '/__sandbox/health') return next();
    checkAdminToken(token, parseBearer(req.get('authorization')));
    next();
  };
}

const UNDER_A_SANDBOX = /^\/__sandbox\/sandboxes\/([^/]*)\//;

/**
 * `/__sandbox/sandboxes/{name}/…` whose name is no sandbox (the `world` step rewrote the URL of
 * every one that is): `404 sandbox_not_found`, answered after the admin token is checked.
 */
export function unknownSandbox(): RequestHandler {
  return (req, _res, next) => {
    const name = UNDER_A_SANDBOX.exec(req.path)?.[1];
    if (name === undefined) return next();
    let decoded = name;
    try {
      decoded = decodeURIComponent(name);
    } catch {
      // An undecodable name is named as it was sent.
    }
    throw fail('sandbox_not_found', { name: decoded });
  };
}

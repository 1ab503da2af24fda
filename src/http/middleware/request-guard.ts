import type { RequestHandler } from 'express';
import { corsResponder } from './cors.js';
import { checkCrossSite } from './cross-site.js';
import { hostChecker } from '../../edge/host-check.js';
import { checkDeclaredLength } from './json-body.js';
import type { RouteResolver } from './not-found.js';

/** Who may call the sandbox (resolved in src/sandbox/config.ts; see docs/security.md). */
export interface AccessOptions {
  /** The interface the server listens on: a Host naming it is the sandbox's own. */
  boundHost: string;
  /** Further Host names (`name` or `name:port`); `*` allows any. */
  allowedHosts: readonly string[];
  /** Web origins allowed to call `/v1` with CORS. */
  corsOrigins: readonly string[];
}

/**
 * The checks every request passes before any route or body parser, in one middleware:
 * a `Content-Length` over the limit (refused before a byte of the body is read), the `Host`
 * (DNS rebinding), cross-site writes to the control plane, CORS for `/v1`, and `OPTIONS`, answered
 * like any unsupported method in JSON (Express would answer in plain text).
 */
export function requestGuard(access: AccessOptions, routes: RouteResolver): RequestHandler {
  const checkHost = hostChecker(access);
  const cors = corsResponder(access.corsOrigins);
  return (req, res, next) => {
    checkDeclaredLength(req);
    checkHost(req);
    checkCrossSite(req, routes);
    if (cors(req, res)) return;
    if (req.method === 'OPTIONS') return next(routes.explain(req));
    next();
  };
}

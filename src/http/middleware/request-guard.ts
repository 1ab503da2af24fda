import { corsResponder } from './cors.js';
import { checkCrossSite } from './cross-site.js';
import { hostChecker } from '../../edge/host-check.js';
import { checkDeclaredLength } from './json-body.js';
import type { RouteResolver } from './not-found.js';
import { ANSWERED, type RequestStep } from '../pipeline.js';
import type { FastContext, RequestContext } from '../request-context.js';

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
 * The checks every request passes before any route or body parser, in one step: a
 * `Content-Length` over the limit (refused before a byte of the body is read), the `Host` (DNS
 * rebinding), cross-site writes to the control plane, CORS for `/v1`, and `OPTIONS`, answered like
 * any unsupported method in JSON (Express would answer in plain text). The fast path leaves to
 * Express a request with a body but a write's plain JSON one (src/http/fast-writes.ts), a body
 * over the limit, a refused Host, or any request at all when CORS is on (every `/v1` answer then
 * varies on Origin).
 */
export function requestGuard(access: AccessOptions, routes: RouteResolver): RequestStep {
  const checkHost = hostChecker(access);
  const cors = corsResponder(access.corsOrigins);
  const corsOn = access.corsOrigins.length > 0;
  const checkLength = (x: RequestContext): void =>
    checkDeclaredLength(x.req.headers, x.method, x.routePath);
  const checkHostOf = (x: RequestContext): void => checkHost(x.req);
  return {
    name: 'guard',
    declinesFast: (x) => {
      const headers = x.req.headers;
      return (
        corsOn ||
        // A body the fast route does not read, or one over the limit: refused before a route runs,
        // Express counts it as no route's (`unmatched`), not as the create's.
        (headers['content-length'] !== undefined &&
          ((x as FastContext).bodyLength === 0 || refuses(checkLength, x))) ||
        headers['transfer-encoding'] !== undefined ||
        refuses(checkHostOf, x)
      );
    },
    run: (x) => {
      checkDeclaredLength(x.req.headers, x.method, x.routePath);
      checkHost(x.req);
      checkCrossSite(x, routes);
      if (cors(x)) return ANSWERED;
      if (x.method === 'OPTIONS') throw routes.explain({ method: x.method, path: x.routePath });
    },
  };
}

/** Whether `check` throws for the request (a refusal the fast path leaves to Express). */
function refuses(check: (x: RequestContext) => void, x: RequestContext): boolean {
  try {
    check(x);
    return false;
  } catch {
    return true;
  }
}

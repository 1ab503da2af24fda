import type { ServerResponse } from 'node:http';
import type { RequestContext } from '../request-context.js';

const ALLOW_METHODS = 'GET, POST, PUT, PATCH, DELETE';
// Sandbox-Fault, Sandbox-Outcome, Sandbox-Expect: a page's own tests use them as any client can
// (docs/requests-and-faults.md, docs/report.md).
const ALLOW_HEADERS =
  'Authorization, Content-Type, Idempotency-Key, Sandbox-Fault, Sandbox-Outcome, Sandbox-Expect';
// Retry-After is not a CORS-safelisted response header: without it a page cannot honour a 429 or 503.
const EXPOSE_HEADERS = 'X-Request-Id, Idempotent-Replayed, Retry-After';

/**
 * Opt-in CORS for `/v1` (`--cors-origin`): a preflight from an allowed origin answers 204 with the
 * `Access-Control-Allow-*` headers, and its actual requests get `Access-Control-Allow-Origin`.
 * Other origins get nothing (their preflight falls through to the JSON 404 of any `OPTIONS`).
 * The control plane never gets CORS. Returns whether it answered the request.
 */
export function corsResponder(origins: readonly string[]): (x: RequestContext) => boolean {
  const allowed = new Set(origins);
  if (allowed.size === 0) return () => false;
  return ({ req, res, path }) => {
    if (!path.startsWith('/v1/') && path !== '/v1') return false;
    // The answer depends on the Origin, so caches must key on it, allowed or not.
    varyOnOrigin(res);
    const origin = req.headers.origin;
    if (origin === undefined || !allowed.has(origin)) return false;
    res.setHeader('Access-Control-Allow-Origin', origin);
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined) {
      res.setHeader('Access-Control-Allow-Methods', ALLOW_METHODS);
      res.setHeader('Access-Control-Allow-Headers', ALLOW_HEADERS);
      res.setHeader('Access-Control-Max-Age', '600');
      res.statusCode = 204;
      res.end();
      return true;
    }
    res.setHeader('Access-Control-Expose-Headers', EXPOSE_HEADERS);
    return false;
  };
}

/** Adds `Origin` to the response's `Vary` (as Express's `res.vary` does, on any response). */
function varyOnOrigin(res: ServerResponse): void {
  const vary = res.getHeader('Vary');
  const names = vary === undefined ? [] : String(vary).split(/\s*,\s*/);
  if (names.includes('*') || names.some((n) => n.toLowerCase() === 'origin')) return;
  res.setHeader('Vary', [...names.filter((n) => n !== ''), 'Origin'].join(', '));
}

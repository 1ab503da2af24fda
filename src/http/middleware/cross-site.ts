import type { Request } from 'express';
import { isSameOrigin } from '../../edge/same-origin.js';
import { fail } from '../../errors/service-error.js';
import { hasBody } from './json-body.js';
import type { RouteResolver } from './not-found.js';
import type { RequestContext } from '../request-context.js';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Whether a Content-Type header names JSON (`application/json`, parameters allowed). */
const isJsonType = (type: string | undefined): boolean =>
  type?.split(';')[0]?.trim().toLowerCase() === 'application/json';

/**
 * The control plane (and `/`, where the dashboard will live) refuses writes a web page could make
 * cross-site: any request with a foreign `Origin` (browsers send one on every cross-origin write),
 * and a body that is not JSON (`text/plain` and form bodies need no CORS preflight). Tests and
 * tools send no `Origin` and JSON or no body, so they are not affected. Only documented
 * operations are checked: a write no route answers changes nothing and gets its usual 404.
 */
export function checkCrossSite(x: RequestContext, routes: RouteResolver): void {
  if (!UNSAFE.has(x.method)) return;
  const path = x.path.toLowerCase(); // routing is case-sensitive; this is a second line of defence
  if (path !== '/' && !path.startsWith('/__sandbox')) return;
  // A write no operation answers changes nothing: it gets its usual 404.
  if (!routes.answers({ method: x.method, path: x.routePath })) return;
  const req = x.req;
  const { origin, host } = req.headers;
  if (origin !== undefined && !isSameOrigin(origin, host)) {
    throw fail('cross_site_request', { header: 'Origin', got: origin, host: host ?? '' });
  }
  const type = req.headers['content-type'];
  // An empty body is no body, whatever it is labelled (`curl -X POST -H 'Content-Type:
  // application/json'` sends one): req.is() answers null without a body, so test the label itself.
  // Express's own matching (type-is) where Express runs; the fast path takes no body (nor a write).
  const declared = hasBody(req.headers)
    ? (req as Partial<Pick<Request, 'is'>>).is?.('application/json')
    : isJsonType(type);
  if (type !== undefined ? !declared : hasBody(req.headers)) {
    throw fail('cross_site_request', {
      header: 'Content-Type',
      got: type === undefined ? 'a body with no Content-Type' : `"${type}"`,
      host: host ?? '',
    });
  }
}

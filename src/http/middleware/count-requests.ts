import { operationsOf, type OpenApiDocument } from '../openapi-document.js';
import type { RequestStep } from '../pipeline.js';
import type { RequestContext } from '../request-context.js';
import type { RequestTally } from '../request-tally.js';

/** The only route the fast path takes (src/http/fast-order-read.ts). */
const FAST_ROUTE = '/v1/orders/{order_id}';
/** Every request whose route is none of the documents' (a 404, the dashboard's assets). */
const UNMATCHED = 'unmatched';

/**
 * Counts every request once its connection closes, by method, route template and status (or
 * `none`): the route is the OpenAPI template of the Express route that answered, `{order_id}`
 * for `:order_id`, so the label's values are bounded by the documents. A step of the one list,
 * so the fast path's reads are counted too, at the cost of one listener and one map lookup.
 */
export function countRequests(tally: RequestTally, docs: readonly OpenApiDocument[]): RequestStep {
  const templates = new Set<string>();
  for (const doc of docs) for (const op of operationsOf(doc).values()) templates.add(op.path);
  const routeOf = (x: RequestContext): string => {
    if (!x.express) return FAST_ROUTE;
    const path = (x.req as { route?: { path?: unknown } }).route?.path;
    if (typeof path !== 'string') return UNMATCHED;
    const template = path.replace(/:(\w+)/g, '{$1}');
    return templates.has(template) ? template : UNMATCHED;
  };
  return {
    name: 'metrics',
    run: (x) => {
      const { res } = x;
      res.once('close', () => {
        tally.count(x.method, routeOf(x), res.writableFinished ? String(res.statusCode) : 'none');
      });
    },
  };
}

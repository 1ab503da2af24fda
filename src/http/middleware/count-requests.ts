import { operationsOf, type OpenApiDocument } from '../openapi-document.js';
import type { RequestStep } from '../pipeline.js';
import type { RequestContext } from '../request-context.js';
import type { RequestTally } from '../request-tally.js';
import { whenClosed } from '../when-closed.js';

/** Every request whose route is none of the documents' (a 404, the dashboard's assets). */
const UNMATCHED = 'unmatched';

/**
 * Counts every request once its connection closes, by method, route template and status (or
 * `none`): the route is the OpenAPI template of the Express route that answered, `{order_id}`
 * for `:order_id`, so the label's values are bounded by the documents. A step of the one list,
 * so the fast path's reads are counted too, at the cost of one hook and three small map lookups.
 */
export function countRequests(tally: RequestTally, docs: readonly OpenApiDocument[]): RequestStep {
  const templates = new Set<string>();
  for (const doc of docs) for (const op of operationsOf(doc).values()) templates.add(op.path);
  // Express's route paths are the app's own (bounded): each one's label is worked out once.
  const labels = new Map<string, string>();
  const routeOf = (x: RequestContext): string => {
    // The fast path's reads know their template before they run (src/http/fast-reads.ts).
    if (x.template !== undefined) return x.template;
    const path = (x.req as { route?: { path?: unknown } }).route?.path;
    if (typeof path !== 'string') return UNMATCHED;
    let label = labels.get(path);
    if (label === undefined) {
      const template = path.replace(/:(\w+)/g, '{$1}');
      label = templates.has(template) ? template : UNMATCHED;
      labels.set(path, label);
    }
    return label;
  };
  return {
    name: 'metrics',
    run: (x) => {
      const { res } = x;
      whenClosed(res, () => {
        tally.count(x.method, routeOf(x), res.writableFinished ? String(res.statusCode) : 'none');
      });
    },
  };
}

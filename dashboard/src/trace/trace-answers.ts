// The control plane of a trace's instant: what each GET the panels make would have answered then.
// A trace is read-only: anything else is refused with the error the page shows.
import { ApiError } from '../api.js';
import type { City } from '../types.js';
import type { Instant } from './trace-view.js';

const page = <K extends string, T>(key: K, items: T[]) => ({ [key]: items, has_more: false });

/** The answer to `method path` at `instant`; throws an ApiError for what a trace cannot answer. */
export function traceAnswer(instant: Instant, city: City, method: string, path: string): unknown {
  // A path and its query, on the page's own origin (the page names no other site: docs/security.md).
  const url = new URL(path, location.origin);
  const route = url.pathname.replace(/^\/__sandbox\/sandboxes\/[^/]+/, '/__sandbox');
  if (method !== 'GET')
    throw new ApiError(405, 'read_only', null, 'This is a recorded trace: it is shown read-only');
  switch (route) {
    case '/__sandbox/clock':
      return instant.clock;
    case '/__sandbox/orders':
      return { ...page('orders', instant.orders), allowed_actions: {} };
    case '/__sandbox/webhook-endpoints':
      return page('endpoints', instant.endpoints);
    case '/__sandbox/webhook-deliveries':
      return page('deliveries', instant.deliveries);
    case '/__sandbox/events':
      return page('events', instant.events);
    case '/__sandbox/routes':
      return { routes: instant.routes };
    case '/__sandbox/city':
      return city;
    case '/__sandbox/world':
      return { status: 'ok', ...instant.world, keys: instant.accounts };
    case '/__sandbox/sandboxes':
      return page('sandboxes', []);
    case '/__sandbox/scenarios':
      return { scenarios: [] };
    case '/__sandbox/requests': {
      const status = url.searchParams.get('status');
      const kept = status
        ? instant.requests.filter((r) =>
            /xx$/.test(status) ? String(r.status)[0] === status[0] : String(r.status) === status,
          )
        : instant.requests;
      return page('requests', kept);
    }
    case '/__sandbox/report':
      if (instant.report) return instant.report;
      throw new ApiError(404, 'not_found', null, 'No report was recorded by this instant yet');
    default:
      throw new ApiError(404, 'not_found', null, `A trace does not record ${route}`);
  }
}

import { type AnyReasonSpec, cut, reason } from '../reason-spec.js';

/**
 * Routing: no such route, or not with this method.
 */
export const ROUTING_REASONS = {
  route_not_found: reason<{ method: string; path: string }>({
    code: 'not_found',
    param: null,
    surface: 'v1',
    when: 'no such route (paths are case-sensitive)',
    message: (p) =>
      `No route ${p.method} ${cut(p.path, 200)}; the routes are listed in /openapi.json`,
  }),
  method_not_allowed: reason<{ method: string; route: string; allowed: string[] }>({
    code: 'not_found',
    param: null,
    surface: 'v1',
    when: 'the path exists with other methods; the `Allow` header lists them',
    message: (p) => `${p.method} is not supported on ${p.route}; use ${p.allowed.join(' or ')}`,
  }),
} satisfies Record<string, AnyReasonSpec>;

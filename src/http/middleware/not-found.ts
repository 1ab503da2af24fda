import type { RequestHandler } from 'express';
import { ServiceError } from '../../service/errors.js';
import type { OpenApiDocument } from '../openapi-document.js';

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/**
 * The JSON 404 for every unknown route. When the path exists with other methods, it says which
 * (and sets `Allow`), so `POST /v1/orders/ord_1` explains itself instead of looking like a typo.
 */
export function notFound(docs: OpenApiDocument[]): RequestHandler {
  const routes = docs.flatMap((doc) =>
    Object.entries(doc.paths).map(([template, item]) => ({
      template,
      pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}/?$`),
      methods: Object.keys(item)
        .filter((m) => METHODS.includes(m))
        .map((m) => m.toUpperCase()),
    })),
  );
  return (req, _res, next) => {
    const route = routes.find((r) => r.pattern.test(req.path));
    if (route) {
      next(
        new ServiceError(
          'not_found',
          `${req.method} is not supported on ${route.template}; use ${route.methods.join(' or ')}`,
          { reason: 'method_not_allowed', headers: { Allow: route.methods.join(', ') } },
        ),
      );
      return;
    }
    next(
      new ServiceError(
        'not_found',
        `No route ${req.method} ${req.path.slice(0, 200)}; the routes are listed in /openapi.json`,
        {
          reason: 'route_not_found',
        },
      ),
    );
  };
}

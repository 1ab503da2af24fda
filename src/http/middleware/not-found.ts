import type { Request, RequestHandler } from 'express';
import { errors, ServiceError } from '../../service/errors.js';
import type { OpenApiDocument } from '../openapi-document.js';

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

interface KnownRoute {
  template: string;
  pattern: RegExp;
  methods: string[];
}

/**
 * Explains a request no route answered: the path exists with other methods (404
 * `method_not_allowed`, with `Allow`), or it names an order that cannot exist (404
 * `order_not_found`), or there is no such route (404 `route_not_found`). Never an HTML page.
 */
export class RouteResolver {
  private readonly routes: KnownRoute[];

  constructor(docs: OpenApiDocument[]) {
    this.routes = docs.flatMap((doc) =>
      Object.entries(doc.paths).map(([template, item]) => ({
        template,
        pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}/?$`),
        methods: Object.keys(item)
          .filter((m) => METHODS.includes(m))
          .map((m) => m.toUpperCase()),
      })),
    );
  }

  /** Why `req` matched nothing; `undecodable` when its path parameters were not valid percent-encoding. */
  explain(req: Request, undecodable = false): ServiceError {
    const route = this.routes.find((r) => r.pattern.test(req.path));
    if (route && !route.methods.includes(req.method)) {
      return new ServiceError(
        'not_found',
        `${req.method} is not supported on ${route.template}; use ${route.methods.join(' or ')}`,
        {
          reason: 'method_not_allowed',
          headers: { Allow: route.methods.join(', ') },
        },
      );
    }
    if (route && undecodable && route.template.includes('{order_id}')) {
      const raw = req.path.split('/')[3] ?? '';
      return errors.orderNotFound(raw.slice(0, 100));
    }
    return new ServiceError(
      'not_found',
      `No route ${req.method} ${req.path.slice(0, 200)}; the routes are listed in /openapi.json`,
      {
        reason: 'route_not_found',
      },
    );
  }

  /** The last handler: whatever reaches it is unknown. */
  handler(): RequestHandler {
    return (req, _res, next) => next(this.explain(req));
  }
}

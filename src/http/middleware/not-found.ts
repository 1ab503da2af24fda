import type { Request, RequestHandler } from 'express';
import { fail, type ServiceError } from '../../errors/service-error.js';
import type { OpenApiDocument } from '../openapi-document.js';

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** What routing reads of a request: its method and its path without the query. */
type RequestLine = Pick<Request, 'method' | 'path'>;

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
  explain(req: RequestLine, undecodable = false): ServiceError {
    const route = this.routes.find((r) => r.pattern.test(req.path));
    if (route && !route.methods.includes(req.method)) {
      return fail(
        'method_not_allowed',
        { method: req.method, route: route.template, allowed: route.methods },
        { headers: { Allow: route.methods.join(', ') } },
      );
    }
    if (route && undecodable && route.template.includes('{order_id}')) {
      const raw = req.path.split('/')[3] ?? '';
      return fail('order_not_found', { id: raw });
    }
    return fail('route_not_found', { method: req.method, path: req.path });
  }

  /** Whether a documented operation answers `req` (its path with its method). */
  answers(req: RequestLine): boolean {
    return this.routes.some((r) => r.pattern.test(req.path) && r.methods.includes(req.method));
  }

  /** The last handler: whatever reaches it is unknown. */
  handler(): RequestHandler {
    return (req, _res, next) => next(this.explain(req));
  }
}

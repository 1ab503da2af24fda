import type { ErrorRequestHandler, Request } from 'express';
import type { Logger } from 'pino';
import { fail, ServiceError } from '../../errors/service-error.js';
import { sendError } from '../send-error.js';
import { BODY_LIMIT } from './json-body.js';
import type { RouteResolver } from './not-found.js';

interface HttpishError {
  type?: string;
  code?: string;
  status?: number;
  statusCode?: number;
  message?: string;
  /** body-parser: the byte limit that a too-large body exceeded. */
  limit?: number;
}

/** Maps what Express and body-parser throw onto the error catalogue. */
function toServiceError(
  err: unknown,
  req: Request,
  routes: RouteResolver,
): ServiceError | undefined {
  if (err instanceof ServiceError) return err;
  // The router could not percent-decode a path parameter: no resource can have that id.
  if (err instanceof URIError) return routes.explain(req, true);
  const e = (err ?? {}) as HttpishError;
  if (e.code?.startsWith('Z_')) return fail('malformed_body', { detail: e.message ?? e.code });
  switch (e.type) {
    case 'entity.parse.failed':
      return fail('malformed_json', { detail: e.message ?? 'parse error' });
    case 'entity.too.large':
      // The limit of the parser that refused it: the state import has its own.
      return fail('body_too_large', {
        limit:
          typeof e.limit === 'number'
            ? `${e.limit / (1024 * 1024)} MiB`
            : BODY_LIMIT.replace('mb', ' MiB'),
      });
    case 'encoding.unsupported':
      return fail('unsupported_content_encoding', {
        detail: e.message ?? 'Unsupported content encoding',
      });
    case 'charset.unsupported':
      return fail('unsupported_content_type', { got: e.message ?? 'an unsupported charset' });
    default: {
      const status = e.status ?? e.statusCode;
      if (status !== undefined && status >= 400 && status < 500) {
        return fail('bad_request', { detail: e.message ?? 'bad request' });
      }
      return undefined;
    }
  }
}

/**
 * The Express chain's end: maps what Express and body-parser throw onto the catalogue, then answers
 * through `sendError` (src/http/send-error.ts), the one error-to-response function the fast path
 * uses too.
 */
export function errorHandler(logger: Logger, routes: RouteResolver): ErrorRequestHandler {
  return (err, req, res, next) => {
    if (res.headersSent) return next(err);
    sendError(res.locals, toServiceError(err, req, routes) ?? err, logger);
  };
}

import type { ErrorRequestHandler, Request } from 'express';
import type { Logger } from 'pino';
import { errors, ServiceError } from '../../service/errors.js';
import { BODY_LIMIT } from './json-body.js';
import type { RouteResolver } from './not-found.js';

interface HttpishError {
  type?: string;
  code?: string;
  status?: number;
  statusCode?: number;
  message?: string;
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
  if (e.code?.startsWith('Z_')) {
    return errors.invalid(
      `The body could not be decompressed (${e.message ?? e.code}); send it uncompressed or with the right Content-Encoding`,
      'Content-Encoding',
      'malformed_body',
    );
  }
  switch (e.type) {
    case 'entity.parse.failed':
      return errors.invalid(
        `The body is not valid JSON (${e.message ?? 'parse error'}); send a JSON object`,
        'body',
        'malformed_json',
      );
    case 'entity.too.large':
      return errors.bodyTooLarge(BODY_LIMIT.replace('mb', ' MiB'));
    case 'encoding.unsupported':
      return errors.invalid(
        `${e.message ?? 'Unsupported content encoding'}; send the body uncompressed, or as gzip, deflate or br`,
        'Content-Encoding',
        'unsupported_content_encoding',
      );
    case 'charset.unsupported':
      return errors.invalid(
        `${e.message ?? 'Unsupported charset'}; send UTF-8 JSON`,
        'Content-Type',
        'unsupported_content_type',
      );
    default: {
      const status = e.status ?? e.statusCode;
      if (status !== undefined && status >= 400 && status < 500) {
        return errors.invalid(
          `The request could not be read: ${e.message ?? 'bad request'}`,
          null,
          'bad_request',
        );
      }
      return undefined;
    }
  }
}

/** The one place a failure becomes the JSON error body. */
export function errorHandler(logger: Logger, routes: RouteResolver): ErrorRequestHandler {
  return (err, req, res, next) => {
    if (res.headersSent) return next(err);
    const e = toServiceError(err, req, routes);
    if (!e) {
      logger.error({ err, method: req.method, url: req.originalUrl }, 'unexpected error');
      res.status(500).json({
        error: {
          code: 'internal_error',
          message:
            'The sandbox failed unexpectedly; this is a bug in delivery-sandbox, please report it with the request id',
          param: null,
          reason: null,
          details: [],
          request_id: res.locals.requestId,
        },
      });
      return;
    }
    for (const [name, value] of Object.entries(e.headers)) res.setHeader(name, value);
    res.status(e.status).json({
      error: {
        code: e.code,
        message: e.message,
        param: e.param,
        reason: e.reason,
        details: e.details,
        request_id: res.locals.requestId,
      },
    });
  };
}

import { performance } from 'node:perf_hooks';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';

/** Logs each request once it is answered: method, path, status, duration and request id. */
export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    if (!logger.isLevelEnabled('info')) return next();
    const started = performance.now();
    res.on('finish', () => {
      logger.info(
        {
          method: req.method,
          path: req.path,
          status: res.statusCode,
          ms: Math.round((performance.now() - started) * 10) / 10,
          request_id: res.locals.requestId,
        },
        `${req.method} ${req.path} ${res.statusCode}`,
      );
    });
    next();
  };
}

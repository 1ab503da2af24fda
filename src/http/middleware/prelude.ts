import type { ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { currentCause, withoutCause } from '../../events/request-cause.js';
import type { World } from '../../world/world.js';
import type { RequestStep } from '../pipeline.js';

/**
 * What every request goes through first, after its world is chosen:
 * 1. a `req_…` id, in `X-Request-Id` and in error bodies;
 * 2. a log line once it is answered (method, path, status, duration, request id), at the level
 *    requestLogLevel gives;
 * 3. in realtime mode, the lifecycle steps that fell due since the timer last fired run before the
 *    request reads the state (a no-op in manual mode), as caused by no request: time made them
 *    due, not this request's `traceparent`.
 */
export function begin(logger: Logger): RequestStep {
  return {
    name: 'begin',
    run: (x) => {
      // The fast path sends the id with its answer's other headers, in one go (answerJsonText).
      x.requestId = beginRequest(x.world, logger, x.method, x.path, x.res, x.express);
      const { scheduler } = x.world;
      if (currentCause() === undefined) scheduler.runDue();
      else withoutCause(() => scheduler.runDue());
    },
  };
}

/**
 * Steps 1 and 2 of `begin`: issues the request id, sets it as `X-Request-Id` (unless `header` is
 * false: the caller's answer sends it) and logs the answer. Returns the id.
 */
export function beginRequest(
  world: World,
  logger: Logger,
  method: string,
  path: string,
  res: ServerResponse,
  header: boolean,
): string {
  const id = world.ids.next('req');
  if (header) res.setHeader('X-Request-Id', id);
  // No listener at all when no request line could be written (the level is above info).
  if (logger.isLevelEnabled('info')) {
    const started = performance.now();
    res.on('finish', () => {
      const status = res.statusCode;
      const level = requestLogLevel(method, path, status);
      if (!logger.isLevelEnabled(level)) return;
      const ms = Math.round((performance.now() - started) * 10) / 10;
      logger[level]({ method, path, status, ms, request_id: id }, `${method} ${path} ${status}`);
    });
  }
  return id;
}

/**
 * The level of a request's log line (docs/cli.md, "Logs"): `info` for what a client of the API
 * did (every `/v1` request), every write, and every refused request; `debug` for the successful
 * reads around it: health checks, the dashboard's page and assets, its polling of `/__sandbox/*`,
 * the OpenAPI documents. A dashboard left open or a container probe would otherwise drown the
 * requests that matter.
 */
export function requestLogLevel(method: string, path: string, status: number): 'info' | 'debug' {
  const read = method === 'GET' || method === 'HEAD';
  return read && status < 400 && !/^\/v1(\/|$)/.test(path) ? 'debug' : 'info';
}

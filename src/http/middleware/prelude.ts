import type { ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { World } from '../../world/world.js';
import type { AppHost } from '../app-host.js';

/**
 * What every request goes through first, in one middleware (each Express layer costs a little on
 * every request):
 * 1. the host's current world, read once: the whole request works on it, even across a reset;
 * 2. a `req_…` id, in `X-Request-Id` and in error bodies;
 * 3. a log line once it is answered (method, path, status, duration, request id);
 * 4. in realtime mode, the lifecycle steps that fell due since the timer last fired run before the
 *    request reads the state (a no-op in manual mode).
 */
export function prelude(host: AppHost, logger: Logger): RequestHandler {
  return (req, res, next) => {
    const world = host.current;
    res.locals.world = world;
    res.locals.requestId = beginRequest(world, logger, req.method, req.path, res);
    world.scheduler.runDue();
    next();
  };
}

/**
 * Steps 2 and 3 of the prelude, shared with the hot read's fast path (src/http/fast-order-read.ts):
 * issues the request id, sends it in `X-Request-Id` and logs the answer. Returns the id.
 */
export function beginRequest(
  world: World,
  logger: Logger,
  method: string,
  path: string,
  res: ServerResponse,
): string {
  const id = world.ids.next('req');
  res.setHeader('X-Request-Id', id);
  if (logger.isLevelEnabled('info')) {
    const started = performance.now();
    res.on('finish', () => {
      const ms = Math.round((performance.now() - started) * 10) / 10;
      logger.info(
        { method, path, status: res.statusCode, ms, request_id: id },
        `${method} ${path} ${res.statusCode}`,
      );
    });
  }
  return id;
}

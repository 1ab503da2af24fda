import type { RequestHandler } from 'express';
import type { SandboxContext } from '../../service/context.js';

/** Gives every request a `req_…` id, in `X-Request-Id` and in error bodies. */
export function requestId(ctx: SandboxContext): RequestHandler {
  return (_req, res, next) => {
    const id = ctx.ids.next('req');
    res.locals.requestId = id;
    res.setHeader('X-Request-Id', id);
    next();
  };
}

import type { Response } from 'express';
import type { SandboxContext } from '../service/context.js';

/**
 * Answers a write only once it is stored: the response to an `Idempotency-Key` is recorded first,
 * so it is committed together with the write it belongs to, then the state is committed, then the
 * client hears back.
 */
export async function replyCommitted(
  ctx: SandboxContext,
  res: Response,
  status: number,
  body: unknown,
): Promise<void> {
  res.locals.recordIdempotent?.(status, body);
  await ctx.store.commit();
  res.status(status).json(body);
}

import type { Response } from 'express';
import { completeWrite } from '../commands/complete-write.js';
import { sendJson } from './send-json.js';

/**
 * Answers a write only once it is stored: the response to an `Idempotency-Key` is recorded first,
 * so it is committed together with the write it belongs to, then the write is completed (with
 * `settle`, after the webhook attempts it started), then the client hears back, through
 * `sendJson` (the bytes and headers of Express's `res.json`, without its content negotiation: the
 * idempotency middleware's hook on `res.json` is for answers not recorded here).
 */
export async function replyCommitted(
  res: Response,
  status: number,
  body: unknown,
  opts: { settle?: boolean } = {},
): Promise<void> {
  res.locals.recordIdempotent?.(status, body);
  await completeWrite(res.locals.world, opts);
  sendJson(res, body, status);
}

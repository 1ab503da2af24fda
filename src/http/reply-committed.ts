import { completeWrite } from '../commands/complete-write.js';
import type { RequestContext } from './request-context.js';
import { answerJson } from './send-json.js';

/**
 * Answers a write only once it is stored: the response to an `Idempotency-Key` is recorded first,
 * so it is committed together with the write it belongs to, then the write is completed (with
 * `settle`, after the webhook attempts it started), then the client hears back, through
 * `answerJson` (the bytes and headers of Express's `res.json`, without its content negotiation).
 * On the Express chain `x` is `res.locals`.
 */
export async function replyCommitted(
  x: RequestContext,
  status: number,
  body: unknown,
  opts: { settle?: boolean } = {},
): Promise<void> {
  x.recordIdempotent?.(status, body);
  await completeWrite(x.world, opts);
  x.answered = answerJson(x, body, status);
}

import type { RequestHandler } from 'express';
import {
  recallIdempotentAnswer,
  rememberIdempotentAnswer,
} from '../../commands/idempotent-answer.js';
import { fail } from '../../errors/service-error.js';
import type { RequestContext } from '../request-context.js';
import { answerJson } from '../send-json.js';

/**
 * `Idempotency-Key` support: the first response to a key (scoped per account) is remembered for 24 h
 * of virtual time and replayed for the same request with `Idempotent-Replayed: true`, with no second
 * side effect; the same key on a different request is refused (`idempotency_key_reused`). The
 * records and their lifetime are `commands/idempotent-answer.ts`'s; this reads the header and
 * answers a replay (returning true). For a first request it sets `x.recordIdempotent`, which
 * `replyCommitted` calls with the answer, or `sendError` with an error answer (a declined card,
 * say), once. The Express routes (`idempotency`) and the fast path's writes alike.
 */
export function claimIdempotentAnswer(x: RequestContext, body: unknown): boolean {
  // Node joins a repeated header of its own with ", ": a string, whatever the type says.
  const key = x.req.headers['idempotency-key']?.toString();
  if (key === undefined) return false;
  if (key.length === 0 || key.length > 255) {
    throw fail('invalid_idempotency_key', { length: key.length });
  }
  const { world } = x;
  const recall = recallIdempotentAnswer(world, {
    account_id: x.account!.account_id,
    key,
    method: x.method,
    path: x.path,
    body,
  });
  if (recall.seen === 'different') throw fail('idempotency_key_reused', { key });
  if (recall.seen === 'same') {
    x.res.setHeader('Idempotent-Replayed', 'true');
    x.answered = answerJson(x, recall.body, recall.status);
    return true;
  }
  x.recordIdempotent = (status, answer) => {
    x.recordIdempotent = undefined;
    rememberIdempotentAnswer(world, recall.claim, status, answer);
  };
  return false;
}

/** `claimIdempotentAnswer` as Express middleware, after the body is parsed and checked. */
export function idempotency(): RequestHandler {
  return (req, res, next) => {
    if (!claimIdempotentAnswer(res.locals, req.body)) next();
  };
}

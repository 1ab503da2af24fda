import type { RequestHandler } from 'express';
import {
  recallIdempotentAnswer,
  rememberIdempotentAnswer,
} from '../../commands/idempotent-answer.js';
import { fail } from '../../errors/service-error.js';

/**
 * `Idempotency-Key` support: the first response to a key (scoped per account) is remembered for 24 h
 * of virtual time and replayed for the same request with `Idempotent-Replayed: true`, with no second
 * side effect; the same key on a different request is refused (`idempotency_key_reused`). The
 * records and their lifetime are `commands/idempotent-answer.ts`'s; this reads the header and
 * answers.
 */
export function idempotency(): RequestHandler {
  return (req, res, next) => {
    const { world } = res.locals;
    const key = req.get('idempotency-key');
    if (key === undefined) return next();
    if (key.length === 0 || key.length > 255) {
      throw fail('invalid_idempotency_key', { length: key.length });
    }
    const recall = recallIdempotentAnswer(world, {
      account_id: res.locals.account.account_id,
      key,
      method: req.method,
      path: req.path,
      body: req.body,
    });
    if (recall.seen === 'different') throw fail('idempotency_key_reused', { key });
    if (recall.seen === 'same') {
      res.setHeader('Idempotent-Replayed', 'true');
      res.status(recall.status).json(recall.body);
      return;
    }
    let recorded = false;
    res.locals.recordIdempotent = (status, body) => {
      recorded = true;
      rememberIdempotentAnswer(world, recall.claim, status, body);
    };
    // Error answers (a declined card, say) are remembered as they are sent.
    const send = res.json.bind(res);
    res.json = (body: unknown) => {
      if (!recorded && res.statusCode < 500) res.locals.recordIdempotent?.(res.statusCode, body);
      return send(body);
    };
    next();
  };
}

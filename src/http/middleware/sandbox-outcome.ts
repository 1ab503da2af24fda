import type { RequestHandler } from 'express';
import { ORDER_OUTCOMES, outcomeChoice, parseOutcomes } from '../../domain/order-outcome.js';
import { fail } from '../../errors/service-error.js';

/**
 * Reads `Sandbox-Outcome` on `POST /v1/orders` (one outcome or a comma list) into
 * `res.locals.outcome`. It runs before the idempotency middleware, so a misspelt outcome is
 * refused (400 `invalid_outcome`, or `conflicting_outcomes` for a list that cannot go together)
 * rather than remembered under the request's `Idempotency-Key`.
 */
export function sandboxOutcome(): RequestHandler {
  return (req, res, next) => {
    const value = req.get('sandbox-outcome');
    if (value === undefined) return next();
    const parsed = parseOutcomes(value);
    if ('unknown' in parsed)
      throw fail('invalid_outcome', {
        value: parsed.unknown === '' ? value : parsed.unknown,
        allowed: ORDER_OUTCOMES,
      });
    if ('conflict' in parsed)
      throw fail('conflicting_outcomes', { first: parsed.conflict[0], second: parsed.conflict[1] });
    res.locals.outcome = outcomeChoice(parsed.outcomes);
    next();
  };
}

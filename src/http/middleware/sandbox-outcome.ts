import type { RequestHandler } from 'express';
import { isOrderOutcome, ORDER_OUTCOMES } from '../../domain/order-outcome.js';
import { fail } from '../../errors/service-error.js';

/**
 * Reads `Sandbox-Outcome` on `POST /v1/orders` into `res.locals.outcome`. It runs before the
 * idempotency middleware, so a misspelt outcome is refused (400 `invalid_outcome`) rather than
 * remembered under the request's `Idempotency-Key`.
 */
export function sandboxOutcome(): RequestHandler {
  return (req, res, next) => {
    const value = req.get('sandbox-outcome');
    if (value === undefined) return next();
    if (!isOrderOutcome(value)) throw fail('invalid_outcome', { value, allowed: ORDER_OUTCOMES });
    res.locals.outcome = value;
    next();
  };
}

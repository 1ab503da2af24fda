import { ORDER_OUTCOMES, outcomeChoice, parseOutcomes } from '../../domain/order-outcome.js';
import type { OrderOutcomeChoice } from '../../domain/order-outcome.js';
import { fail } from '../../errors/service-error.js';

/**
 * Reads `Sandbox-Outcome` on `POST /v1/orders` (one outcome or a comma list): the order's chosen
 * outcome, or `undefined` without the header. The create reads it before its `Idempotency-Key`, so
 * a misspelt outcome is refused (400 `invalid_outcome`, or `conflicting_outcomes` for a list that
 * cannot go together) rather than remembered under the key.
 */
export function readOutcome(value: string | undefined): OrderOutcomeChoice | undefined {
  if (value === undefined) return undefined;
  const parsed = parseOutcomes(value);
  if ('unknown' in parsed)
    throw fail('invalid_outcome', {
      value: parsed.unknown === '' ? value : parsed.unknown,
      allowed: ORDER_OUTCOMES,
    });
  if ('conflict' in parsed)
    throw fail('conflicting_outcomes', { first: parsed.conflict[0], second: parsed.conflict[1] });
  return outcomeChoice(parsed.outcomes);
}

/**
 * Per-order outcomes (`Sandbox-Outcome` on `POST /v1/orders`, or drawn from a scenario's
 * `outcomes` rates): one order's path through the lifecycle, so that parallel tests need not share
 * a scenario. Names, how a header's comma list is read, and which outcomes cannot go together;
 * what each one does is `outcomePlan` (outcome-plan.ts).
 */

/** Every outcome, in the order the docs list them (and a combination is applied in). */
export const ORDER_OUTCOMES = [
  'no_driver',
  'restaurant_cancels',
  'system_cancels',
  'slow_driver',
  'fast',
  'driver_reassigned',
  'driver_lost',
  'pickup_delay',
  'stale_location',
  'eta_slip',
] as const;

export type OrderOutcome = (typeof ORDER_OUTCOMES)[number];

/** What an order record keeps: one outcome, or a combination of several (in `ORDER_OUTCOMES` order). */
export type OrderOutcomeChoice = OrderOutcome | OrderOutcome[];

/** Whether `value` names an outcome (header values are case-sensitive, like the docs spell them). */
export function isOrderOutcome(value: string): value is OrderOutcome {
  return (ORDER_OUTCOMES as readonly string[]).includes(value);
}

/**
 * Outcomes of which an order can follow one only: the ways it ends early, the driver's pace, and
 * what happens when the first driver drops it.
 */
const EXCLUSIVE_GROUPS: readonly (readonly OrderOutcome[])[] = [
  ['no_driver', 'system_cancels', 'restaurant_cancels', 'driver_lost'],
  ['slow_driver', 'fast'],
  ['driver_reassigned', 'driver_lost'],
];

export type ParsedOutcomes =
  | { ok: true; outcomes: OrderOutcome[] }
  | { ok: false; unknown: string }
  | { ok: false; conflict: [OrderOutcome, OrderOutcome] };

/**
 * Reads a `Sandbox-Outcome` value: one outcome or a comma list (spaces around the commas allowed),
 * each named once, no two that exclude each other. The outcomes come back in `ORDER_OUTCOMES` order.
 *
 * @example parseOutcomes('eta_slip, driver_reassigned') // { ok: true, outcomes: ['driver_reassigned', 'eta_slip'] }
 */
export function parseOutcomes(value: string): ParsedOutcomes {
  const names = value.split(',').map((s) => s.trim());
  const outcomes: OrderOutcome[] = [];
  for (const name of names) {
    if (!isOrderOutcome(name)) return { ok: false, unknown: name };
    if (outcomes.includes(name)) return { ok: false, conflict: [name, name] };
    for (const group of EXCLUSIVE_GROUPS) {
      const other = outcomes.find((o) => o !== name && group.includes(o));
      if (other && group.includes(name)) return { ok: false, conflict: [other, name] };
    }
    outcomes.push(name);
  }
  outcomes.sort((a, b) => ORDER_OUTCOMES.indexOf(a) - ORDER_OUTCOMES.indexOf(b));
  return { ok: true, outcomes };
}

/** The outcomes as a record keeps them: the name alone when there is one. */
export function outcomeChoice(outcomes: readonly OrderOutcome[]): OrderOutcomeChoice | undefined {
  if (outcomes.length === 0) return undefined;
  return outcomes.length === 1 ? outcomes[0] : [...outcomes];
}

/** The outcomes of a record's choice, as a list (empty for none). */
export function outcomeList(choice: OrderOutcomeChoice | undefined): readonly OrderOutcome[] {
  if (choice === undefined) return [];
  return typeof choice === 'string' ? [choice] : choice;
}

/**
 * The outcome a scenario's `outcomes` rates give an order, from one uniform draw `u` in [0, 1):
 * the rates are shares of the orders (their sum at most 1), taken in `ORDER_OUTCOMES` order; the
 * rest of the orders follow the normal path (undefined).
 *
 * @example drawOutcome({ driver_reassigned: 0.1, eta_slip: 0.1 }, 0.15) // 'eta_slip'
 */
export function drawOutcome(
  rates: Partial<Record<OrderOutcome, number>>,
  u: number,
): OrderOutcome | undefined {
  let upTo = 0;
  for (const outcome of ORDER_OUTCOMES) {
    upTo += rates[outcome] ?? 0;
    if (u < upTo) return outcome;
  }
  return undefined;
}

/**
 * Per-order outcomes (`Sandbox-Outcome` on `POST /v1/orders`): one order's path through the
 * lifecycle, chosen by the client, so that parallel tests need not share a scenario. Pure rules:
 * the simulation asks `outcomePlan` when to do what, the trip planner for the driver's pace.
 */

/** Every outcome a client can ask for, in the order the docs list them. */
export const ORDER_OUTCOMES = [
  'no_driver',
  'restaurant_cancels',
  'system_cancels',
  'slow_driver',
  'fast',
] as const;

export type OrderOutcome = (typeof ORDER_OUTCOMES)[number];

/** Whether `value` names an outcome (header values are case-sensitive, like the docs spell them). */
export function isOrderOutcome(value: string): value is OrderOutcome {
  return (ORDER_OUTCOMES as readonly string[]).includes(value);
}

/** The scenario's timings an outcome bends (milliseconds). */
export interface OutcomeTiming {
  assign_after: number;
  pickup_wait: number;
  no_driver_timeout: number;
}

/** How a slow driver's pace and wait compare to the scenario's: everything takes three times as long. */
export const SLOW_FACTOR = 3;
/** How a fast driver's speed compares to its own: twice as fast, with no wait at the pickup. */
export const FAST_SPEED_FACTOR = 2;

/** The `cancellation.reason` the restaurant gives in `restaurant_cancels`. */
export const RESTAURANT_CANCEL_REASON = 'restaurant_unable_to_prepare';
/** The `cancellation.reason` the system gives in `system_cancels`. */
export const SYSTEM_CANCEL_REASON = 'cancelled_by_system';

/** What the simulation does with an order of a given outcome (or none: the scenario's normal path). */
export interface OutcomePlan {
  /** When dispatch first looks for a driver, after creation (ms); null: it never does. */
  dispatchAfter: number | null;
  /** Cancelled while pending, `after` ms from creation, by whom and why; null: not this way. */
  cancelPending: { after: number; by: 'system'; reason: string } | null;
  /** Cancelled by the restaurant when the driver reaches the pickup (before the pickup). */
  restaurantCancelsAtPickup: boolean;
  /** The driver's speed as a multiple of its own (1 = as usual). */
  speedFactor: number;
  /** The wait at the pickup (ms). */
  pickupWait: number;
}

/**
 * The plan of an order's outcome against the scenario's timings. `no_driver` is the no-drivers
 * path exactly as dispatch would end it (the system cancels at `no_driver_timeout`, reason
 * `no_driver_available`), only without looking for a driver.
 *
 * @example outcomePlan('fast', timing).dispatchAfter // 0
 */
export function outcomePlan(outcome: OrderOutcome | undefined, timing: OutcomeTiming): OutcomePlan {
  const normal: OutcomePlan = {
    dispatchAfter: timing.assign_after,
    cancelPending: null,
    restaurantCancelsAtPickup: false,
    speedFactor: 1,
    pickupWait: timing.pickup_wait,
  };
  switch (outcome) {
    case undefined:
      return normal;
    case 'no_driver':
      return {
        ...normal,
        dispatchAfter: null,
        cancelPending: {
          after: timing.no_driver_timeout,
          by: 'system',
          reason: 'no_driver_available',
        },
      };
    case 'system_cancels':
      return {
        ...normal,
        dispatchAfter: null,
        cancelPending: { after: timing.assign_after, by: 'system', reason: SYSTEM_CANCEL_REASON },
      };
    case 'restaurant_cancels':
      return { ...normal, restaurantCancelsAtPickup: true };
    case 'slow_driver':
      return {
        ...normal,
        speedFactor: 1 / SLOW_FACTOR,
        pickupWait: timing.pickup_wait * SLOW_FACTOR,
      };
    case 'fast':
      return { ...normal, dispatchAfter: 0, speedFactor: FAST_SPEED_FACTOR, pickupWait: 0 };
  }
}

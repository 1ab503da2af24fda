import type { OrderOutcome } from './order-outcome.js';

/**
 * What the simulation does with an order of given outcomes: pure rules against the scenario's
 * timings. The engine asks when to do what; the trip planner asks for the driver's pace, the wait
 * and the trouble on the road (trip-trouble.ts draws its seeded amounts).
 */

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
/** How long the system looks for a replacement of a lost driver before it cancels (ms). */
export const LOST_DRIVER_SEARCH_MS = 2 * 60_000;

/** The `cancellation.reason` the restaurant gives in `restaurant_cancels`. */
export const RESTAURANT_CANCEL_REASON = 'restaurant_unable_to_prepare';
/** The `cancellation.reason` the system gives in `system_cancels`. */
export const SYSTEM_CANCEL_REASON = 'cancelled_by_system';
/** The `cancellation.reason` the system gives in `driver_lost`. */
export const DRIVER_LOST_REASON = 'driver_unavailable';

/** What the first driver does on the way to the pickup: drops the order, then who takes over. */
export type DriverDrop = 'reassign' | 'lost';

/** The trouble on the road an order's trip carries (each drawn by trip-trouble.ts). */
export interface TripTroubleWanted {
  /** The restaurant is late: the driver waits 5–20 min at the pickup. */
  pickupDelay: boolean;
  /** Traffic: the trip slows down half way to the pickup, and every ETA moves later. */
  etaSlip: boolean;
  /** The reported position stops updating for a few minutes on the way to the dropoff. */
  staleLocation: boolean;
}

/** What the simulation does with an order of given outcomes (none: the scenario's normal path). */
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
  /** The first driver drops the order on the way to the pickup; null: it does not. */
  drop: DriverDrop | null;
  trouble: TripTroubleWanted;
}

/**
 * The plan of an order's outcomes against the scenario's timings, each outcome applied in
 * `ORDER_OUTCOMES` order. `no_driver` is the no-drivers path exactly as dispatch would end it (the
 * system cancels at `no_driver_timeout`, reason `no_driver_available`), only without looking for
 * a driver.
 *
 * @example outcomePlan(['fast'], timing).dispatchAfter // 0
 */
export function outcomePlan(outcomes: readonly OrderOutcome[], timing: OutcomeTiming): OutcomePlan {
  let plan: OutcomePlan = {
    dispatchAfter: timing.assign_after,
    cancelPending: null,
    restaurantCancelsAtPickup: false,
    speedFactor: 1,
    pickupWait: timing.pickup_wait,
    drop: null,
    trouble: { pickupDelay: false, etaSlip: false, staleLocation: false },
  };
  for (const outcome of outcomes) plan = bend(plan, outcome, timing);
  return plan;
}

function bend(plan: OutcomePlan, outcome: OrderOutcome, timing: OutcomeTiming): OutcomePlan {
  switch (outcome) {
    case 'no_driver':
      return {
        ...plan,
        dispatchAfter: null,
        cancelPending: {
          after: timing.no_driver_timeout,
          by: 'system',
          reason: 'no_driver_available',
        },
      };
    case 'system_cancels':
      return {
        ...plan,
        dispatchAfter: null,
        cancelPending: { after: timing.assign_after, by: 'system', reason: SYSTEM_CANCEL_REASON },
      };
    case 'restaurant_cancels':
      return { ...plan, restaurantCancelsAtPickup: true };
    case 'slow_driver':
      return {
        ...plan,
        speedFactor: plan.speedFactor / SLOW_FACTOR,
        pickupWait: plan.pickupWait * SLOW_FACTOR,
      };
    case 'fast':
      return { ...plan, dispatchAfter: 0, speedFactor: FAST_SPEED_FACTOR, pickupWait: 0 };
    case 'driver_reassigned':
      return { ...plan, drop: 'reassign' };
    case 'driver_lost':
      return { ...plan, drop: 'lost' };
    case 'pickup_delay':
      return { ...plan, trouble: { ...plan.trouble, pickupDelay: true } };
    case 'stale_location':
      return { ...plan, trouble: { ...plan.trouble, staleLocation: true } };
    case 'eta_slip':
      return { ...plan, trouble: { ...plan.trouble, etaSlip: true } };
  }
}

import type { DriverDrop, TripTroubleWanted } from './outcome-plan.js';
import type { SeededRandom } from './seeded-random.js';
import type { Trip } from './trip.js';

/**
 * The seeded amounts of an order's trouble on the road, written into its trip as plain data, so
 * every position, speed and ETA stays a pure function of (trip, now) and a restart or an import
 * carries them as they were drawn.
 */

/** Where on the way to the pickup (as a share of that leg's time) a driver who drops the order does it. */
export const DROP_SHARE: readonly [number, number] = [0.3, 0.7];
/** How long a late restaurant keeps the driver waiting at the pickup (seconds). */
export const PICKUP_DELAY_S: readonly [number, number] = [5 * 60, 20 * 60];
/** How much of its speed a driver caught in traffic keeps (eta_slip). */
export const SLIP_FACTOR: readonly [number, number] = [0.4, 0.7];
/** How long the position goes stale (seconds), starting this share into the whole trip (up to the delivery at most). */
export const STALE_S: readonly [number, number] = [2 * 60, 5 * 60];
export const STALE_START_SHARE = 0.25;

const wholeSecond = (ms: number): number => Math.round(ms / 1000) * 1000;

type Times = Pick<Trip, 'pickup_arrive_at' | 'pickup_depart_at' | 'dropoff_arrive_at'>;
const timesOf = (trip: Trip): Times => ({
  pickup_arrive_at: trip.pickup_arrive_at,
  pickup_depart_at: trip.pickup_depart_at,
  dropoff_arrive_at: trip.dropoff_arrive_at,
});

/**
 * `trip` with its trouble: a driver who will drop the order (and nothing else: the trouble is the
 * next driver's), or traffic half way to the pickup, a late restaurant, a stale stretch a quarter
 * into the trip. Draws from `rng` in that order, only for what is wanted.
 */
export function addTrouble(
  trip: Trip,
  wanted: TripTroubleWanted & { drop: DriverDrop | null },
  rng: SeededRandom,
): Trip {
  const toPickupMs = trip.pickup_arrive_at - trip.assigned_at;
  if (wanted.drop) {
    const share = rng.float(DROP_SHARE[0], DROP_SHARE[1]);
    return { ...trip, drop_at: trip.assigned_at + wholeSecond(toPickupMs * share) };
  }
  let out: Trip = { ...trip };
  const earlier: NonNullable<Trip['earlier_etas']> = [];
  if (wanted.etaSlip) {
    const factor = Math.round(rng.float(SLIP_FACTOR[0], SLIP_FACTOR[1]) * 100) / 100;
    const from = trip.assigned_at + wholeSecond(toPickupMs / 2);
    const arrive = from + wholeSecond((out.pickup_arrive_at - from) / factor);
    const wait = out.pickup_depart_at - out.pickup_arrive_at;
    const toDropoffMs = wholeSecond((out.dropoff_arrive_at - out.pickup_depart_at) / factor);
    earlier.push({ until: from, ...timesOf(out) });
    out = {
      ...out,
      slow_from: from,
      slow_factor: factor,
      pickup_arrive_at: arrive,
      pickup_depart_at: arrive + wait,
      dropoff_arrive_at: arrive + wait + toDropoffMs,
    };
  }
  if (wanted.pickupDelay) {
    const wait = rng.int(PICKUP_DELAY_S[0], PICKUP_DELAY_S[1]) * 1000;
    const toDropoffMs = out.dropoff_arrive_at - out.pickup_depart_at;
    earlier.push({ until: out.pickup_arrive_at, ...timesOf(out) });
    out = {
      ...out,
      pickup_depart_at: out.pickup_arrive_at + wait,
      dropoff_arrive_at: out.pickup_arrive_at + wait + toDropoffMs,
    };
  }
  if (wanted.staleLocation) {
    const tripMs = out.dropoff_arrive_at - out.assigned_at;
    const from = out.assigned_at + wholeSecond(tripMs * STALE_START_SHARE);
    const length = rng.int(STALE_S[0], STALE_S[1]) * 1000;
    out = { ...out, stale_from: from, stale_until: Math.min(from + length, out.dropoff_arrive_at) };
  }
  if (earlier.length > 0) out.earlier_etas = earlier;
  return out;
}

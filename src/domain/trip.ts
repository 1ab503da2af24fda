import type { LatLng } from './geo.js';
import type { OrderStatus, VehicleType } from './api-types.js';
import type { TripRecord } from './sandbox-types.js';
import { positionAlong, routeFromPoints, type Route } from './route.js';

/** Nominal speed of each vehicle type, km/h; each driver varies ±20 % from it (seeded). */
export const VEHICLE_SPEED_KMH: Readonly<Record<VehicleType, number>> = {
  bicycle: 15,
  scooter: 25,
  car: 30,
};

/**
 * A driver's trip for one order: to the pickup, a wait there, then on to the dropoff. Stored as
 * plain data (epoch ms and polylines); every position is a pure function of (trip, now). The
 * shape is `Trip` of openapi/sandbox.yaml (the order record keeps it): the epoch ms when the
 * driver set off (`assigned_at`), reaches the pickup, leaves it with the order (the pickup) and
 * reaches the dropoff (the delivery).
 */
export type Trip = TripRecord;

/** How far along a leg that runs from `start` to `end` (epoch ms) a traveller is at `now`, 0..1. */
function progress(start: number, end: number, now: number): number {
  if (end <= start) return now >= end ? 1 : 0;
  return Math.min(1, Math.max(0, (now - start) / (end - start)));
}
// Whole seconds, so ETAs and timestamps read cleanly (12:04:37.000) and eta_seconds is exact.
const travelMs = (route: Route, speedKmh: number): number =>
  Math.round((route.lengthKm / speedKmh) * 3600) * 1000;

/** Plans a trip that starts at `now` along the two routes. */
export function planTrip(args: {
  driverId: string;
  speedKmh: number;
  toPickup: Route;
  toDropoff: Route;
  pickupWaitMs: number;
  now: number;
}): Trip {
  const arrive = args.now + travelMs(args.toPickup, args.speedKmh);
  const depart = arrive + args.pickupWaitMs;
  return {
    driver_id: args.driverId,
    speed_kmh: args.speedKmh,
    to_pickup: args.toPickup.points,
    to_dropoff: args.toDropoff.points,
    assigned_at: args.now,
    pickup_arrive_at: arrive,
    pickup_depart_at: depart,
    dropoff_arrive_at: depart + travelMs(args.toDropoff, args.speedKmh),
  };
}

/**
 * The same trip with the pickup happening at `now` (an on-demand advance): the rest moves with it
 * (a stale stretch planned after the pickup too), and the ETAs shown are the trip's own from now on.
 */
export function retimePickup(trip: Trip, now: number): Trip {
  const shift = now - trip.pickup_depart_at;
  const moved: Trip = {
    ...trip,
    pickup_arrive_at: Math.min(trip.pickup_arrive_at, now),
    pickup_depart_at: now,
    dropoff_arrive_at: trip.dropoff_arrive_at + shift,
  };
  delete moved.earlier_etas;
  delete moved.drop_at;
  if (
    moved.stale_from !== undefined &&
    moved.stale_until !== undefined &&
    moved.stale_from >= trip.pickup_depart_at
  ) {
    moved.stale_from += shift;
    moved.stale_until += shift;
  }
  return moved;
}

/** The trip's times as the order shows them at `now`: an earlier estimate until it moved, then its own. */
export function shownTimes(
  trip: Trip,
  now: number,
): Pick<Trip, 'pickup_arrive_at' | 'pickup_depart_at' | 'dropoff_arrive_at'> {
  return trip.earlier_etas?.find((e) => now < e.until) ?? trip;
}

/** The moment the ETAs shown move next after `now` (`earlier_etas`), if they still will. */
export function nextEtaMove(trip: Trip, now: number): number | undefined {
  return trip.earlier_etas?.find((e) => now < e.until)?.until;
}

/**
 * How far along a leg from `start` to `end` the driver is at `now`, 0..1, when it slows to
 * `factor` of its speed at `slowFrom` (eta_slip): the distance covered is the time at full speed
 * plus the time after `slowFrom` times the factor.
 */
function legProgress(start: number, end: number, now: number, trip: Trip): number {
  const from = trip.slow_from;
  const factor = trip.slow_factor ?? 1;
  if (from === undefined || from <= start || from >= end) return progress(start, end, now);
  const covered = (t: number): number => Math.min(t, from) - start + factor * Math.max(0, t - from);
  const clamped = Math.min(end, Math.max(start, now));
  return covered(clamped) / covered(end);
}

/** The driver's speed at `now` (km/h), slowed after `slow_from`. */
const speedAt = (trip: Trip, now: number): number =>
  trip.slow_from !== undefined && now >= trip.slow_from
    ? Math.round(trip.speed_kmh * (trip.slow_factor ?? 1) * 10) / 10
    : trip.speed_kmh;

export type TripPhase = 'to_pickup' | 'at_pickup' | 'to_dropoff';

export interface TripPosition {
  phase: TripPhase;
  location: LatLng;
  heading_deg: number;
  speed_kmh: number;
  /** Distance left to the pickup (to_pickup), else to the dropoff. */
  distance_remaining_km: number;
  /** Milliseconds until the driver reaches that target. */
  eta_ms: number;
}

/**
 * Where the driver of `trip` is at `now`, given the order's `status`. The status wins over the
 * clock: a driver whose pickup has not been recorded yet waits at the pickup, and one whose delivery
 * has not been recorded yet waits at the dropoff.
 */
export function tripPosition(trip: Trip, status: OrderStatus, now: number): TripPosition {
  const toPickup = routeFromPoints(trip.to_pickup);
  const toDropoff = routeFromPoints(trip.to_dropoff);
  const shown = shownTimes(trip, now);
  if (status === 'driver_assigned' && now < trip.pickup_arrive_at) {
    const at = positionAlong(
      toPickup,
      toPickup.lengthKm * legProgress(trip.assigned_at, trip.pickup_arrive_at, now, trip),
    );
    return {
      phase: 'to_pickup',
      location: at.location,
      heading_deg: at.headingDeg,
      speed_kmh: speedAt(trip, now),
      distance_remaining_km: at.remainingKm,
      eta_ms: Math.max(0, shown.pickup_arrive_at - now),
    };
  }
  if (status === 'driver_assigned') {
    const end = positionAlong(toPickup, toPickup.lengthKm);
    return {
      phase: 'at_pickup',
      location: end.location,
      heading_deg: end.headingDeg,
      speed_kmh: 0,
      distance_remaining_km: toDropoff.lengthKm,
      eta_ms: Math.max(0, shown.dropoff_arrive_at - now),
    };
  }
  const done =
    status === 'delivered'
      ? 1
      : legProgress(trip.pickup_depart_at, trip.dropoff_arrive_at, now, trip);
  const at = positionAlong(toDropoff, toDropoff.lengthKm * done);
  return {
    phase: 'to_dropoff',
    location: at.location,
    heading_deg: at.headingDeg,
    speed_kmh: at.remainingKm > 0 ? speedAt(trip, now) : 0,
    distance_remaining_km: at.remainingKm,
    eta_ms: Math.max(0, trip.dropoff_arrive_at - now),
  };
}

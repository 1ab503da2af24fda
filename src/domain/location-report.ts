import { destination, type LatLng } from './geo.js';
import { hashToUnitPair } from './seeded-random.js';
import type { OrderStatus } from './api-types.js';
import { tripPosition, type Trip, type TripPosition } from './trip.js';

/**
 * Drivers report like drivers: a position every `intervalMs` of virtual time, not continuously.
 * A report is the trip's position at the moment it was recorded, so every read between two
 * reports answers the same point and the same time; a stale stretch (`stale_location`) keeps the
 * last report before it until it ends, then the reports jump ahead. GPS noise moves the reported
 * point only, never the trip. All of it is a pure function of (trip, status, now, settings).
 */

/** How drivers report (`location` of the scenario). */
export interface ReportSettings {
  /** Virtual ms between two reports of a driver. */
  intervalMs: number;
  /** Up to this many metres of seeded noise on each reported point (0: none). */
  noiseM: number;
  /** The scenario's seed, which the noise is drawn from. */
  seed: string;
}

/** A driver's last report at some moment: where the trip put it then, and when that was. */
export interface LocationReport {
  position: TripPosition;
  /** When the report was recorded (epoch ms), at most `now`. */
  recordedAt: number;
}

/**
 * When the last report of `trip`'s driver before (or at) `now` was recorded: on the driver's own
 * cadence, counted from the assignment; inside a stale stretch, the last one before it began.
 *
 * @example reportTime(tripAssignedAtT, T + 25_000, 10_000) // T + 20_000
 */
export function reportTime(trip: Trip, now: number, intervalMs: number): number {
  const grid = (t: number): number =>
    trip.assigned_at + Math.floor(Math.max(0, t - trip.assigned_at) / intervalMs) * intervalMs;
  const at = grid(now);
  const { stale_from: from, stale_until: until } = trip;
  if (from !== undefined && until !== undefined && at >= from && now < until) return grid(from);
  return at;
}

/** `point` moved by up to `metres` in a direction and distance drawn from `key` (the same key, the same move). */
export function withNoise(point: LatLng, metres: number, key: string): LatLng {
  if (metres <= 0) return point;
  const [u, v] = hashToUnitPair(key);
  // The square root spreads the points evenly over the disc instead of crowding the centre.
  return destination(point, v * 360, (metres * Math.sqrt(u)) / 1000);
}

/** The driver's report on `trip` as a read at `now` sees it. */
export function locationReport(
  trip: Trip,
  status: OrderStatus,
  now: number,
  settings: ReportSettings,
): LocationReport {
  const recordedAt = reportTime(trip, now, settings.intervalMs);
  return { position: reportedPosition(trip, status, recordedAt, settings), recordedAt };
}

/** Where the report recorded at `recordedAt` (a `reportTime`) puts the driver on `trip`. */
export function reportedPosition(
  trip: Trip,
  status: OrderStatus,
  recordedAt: number,
  settings: ReportSettings,
): TripPosition {
  const position = tripPosition(trip, status, recordedAt);
  const location = withNoise(
    position.location,
    settings.noiseM,
    `${settings.seed}:gps:${trip.driver_id}:${recordedAt}`,
  );
  return { ...position, location };
}

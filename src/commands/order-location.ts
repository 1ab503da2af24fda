import { round, roundLatLng } from '../domain/geo.js';
import type { Order } from '../domain/api-types.js';
import { reportedPosition, reportTime, type ReportSettings } from '../domain/location-report.js';
import type { Trip, TripPhase } from '../domain/trip.js';
import type { LatLng } from '../domain/geo.js';
import type { AccountRecord } from '../store/state.js';
import { fail, orThrow, ServiceError } from '../errors/service-error.js';
import type { World } from '../world/world.js';
import { lookupOrder } from './find-order.js';

/** The live location of an order's driver, as `GET /v1/orders/{id}/location` returns it. */
export interface DriverLocation {
  order_id: string;
  driver_id: string;
  location: LatLng;
  heading_deg: number;
  speed_kmh: number;
  phase: TripPhase;
  distance_remaining_km: number;
  eta_seconds: number;
  updated_at: string;
}

/**
 * What a location read answers from: the order and its driver's trip, in the order's status, at
 * the driver's last report (`recordedAt`) under the world's report settings. The answer is a pure
 * function of these (docs/simulation.md): every read between two reports answers the same.
 */
export interface LocationFix {
  readonly order: Order;
  readonly trip: Trip;
  readonly recordedAt: number;
  readonly settings: ReportSettings;
}

/**
 * Which report of its driver a read of `id`'s location answers now: 404/403 as `findOrder`, 404
 * `order_finished` for a delivered or cancelled order, 404 `no_driver_assigned` before a driver.
 */
export function locationFix(world: World, account: AccountRecord, id: string): LocationFix {
  return orThrow(lookupLocationFix(world, account, id));
}

/**
 * `locationFix`, its error returned rather than thrown: the hot read answers it without a throw
 * (`orThrow` says why). A client polling an order's location from its creation hears 404
 * `no_driver_assigned` until a driver takes it.
 */
export function lookupLocationFix(
  world: World,
  account: AccountRecord,
  id: string,
): LocationFix | ServiceError {
  const found = lookupOrder(world, id, account);
  if (found instanceof ServiceError) return found;
  const { order, trip } = found;
  if (order.status === 'delivered' || order.status === 'cancelled') {
    return fail('order_finished', { id, status: order.status });
  }
  if (order.status === 'pending' || !trip) return fail('no_driver_assigned', { id });
  const settings = reportSettings(world);
  const recordedAt = reportTime(trip, world.clock.now(), settings.intervalMs);
  return { order, trip, recordedAt, settings };
}

/** The location `fix` answers, as `GET /v1/orders/{id}/location` returns it. */
export function describeLocation(fix: LocationFix): DriverLocation {
  const { order, trip, recordedAt } = fix;
  const at = reportedPosition(trip, order.status, recordedAt, fix.settings);
  const heading = round(at.heading_deg, 1);
  return {
    order_id: order.order_id,
    driver_id: trip.driver_id,
    location: roundLatLng(at.location),
    heading_deg: heading >= 360 ? 0 : heading,
    speed_kmh: at.speed_kmh,
    phase: at.phase,
    distance_remaining_km: round(at.distance_remaining_km, 3),
    eta_seconds: Math.ceil(at.eta_ms / 1000),
    updated_at: new Date(recordedAt).toISOString(),
  };
}

/**
 * The last report of the driver on `id`: where its trip put it when it last reported (every
 * `location.update_interval` of the scenario), with `updated_at` the time it was recorded.
 */
export function orderLocation(world: World, account: AccountRecord, id: string): DriverLocation {
  return describeLocation(locationFix(world, account, id));
}

/** How the world's drivers report (the scenario's `location`). */
export function reportSettings(world: World): ReportSettings {
  const { location, seed } = world.scenario;
  return { intervalMs: location.update_interval, noiseM: location.gps_noise_m, seed };
}

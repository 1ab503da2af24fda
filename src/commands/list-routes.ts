import type { LatLng } from '../domain/geo.js';
import type { OrderStatus } from '../domain/api-types.js';
import { TRANSITIONS } from '../domain/order-status.js';
import type { World } from '../world/world.js';

/** The way a driver takes for one active order (`GET /__sandbox/routes`). */
export interface OrderRoute {
  order_id: string;
  status: OrderStatus;
  driver_id: string | null;
  pickup: LatLng;
  dropoff: LatLng;
  /** The driver's polyline to the pickup, empty until a driver is assigned. */
  to_pickup: LatLng[];
  /** The polyline from the pickup to the dropoff, empty until a driver is assigned. */
  to_dropoff: LatLng[];
  /** The driver's wait at the pickup as planned now; null without a driver. */
  wait: TimeSpan | null;
  /** When the driver's reports stop updating (`stale_location`); null when they never do. */
  stale: TimeSpan | null;
  /** The drivers who dropped the order on the way to the pickup. */
  dropped_by: string[];
}

/** A stretch of virtual time (ISO 8601). */
export interface TimeSpan {
  from: string;
  until: string;
}

const span = (from: number, until: number): TimeSpan => ({
  from: new Date(from).toISOString(),
  until: new Date(until).toISOString(),
});

/**
 * Every order not yet delivered or cancelled, with its pickup, dropoff and the driver's route. At
 * most one active order per driver plus the pending ones, so the list stays small.
 */
export function listRoutes(world: World): OrderRoute[] {
  return world.store.orders
    .all()
    .filter((r) => TRANSITIONS[r.order.status].length > 0)
    .map(({ order, trip, dropped_by }) => ({
      order_id: order.order_id,
      status: order.status,
      driver_id: order.driver?.driver_id ?? null,
      pickup: order.pickup.location,
      dropoff: order.dropoff.location,
      to_pickup: trip?.to_pickup ?? [],
      to_dropoff: trip?.to_dropoff ?? [],
      wait: trip ? span(trip.pickup_arrive_at, trip.pickup_depart_at) : null,
      stale:
        trip?.stale_from !== undefined && trip.stale_until !== undefined
          ? span(trip.stale_from, trip.stale_until)
          : null,
      dropped_by: dropped_by ?? [],
    }));
}

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
}

/**
 * Every order not yet delivered or cancelled, with its pickup, dropoff and the driver's route. At
 * most one active order per driver plus the pending ones, so the list stays small.
 */
export function listRoutes(world: World): OrderRoute[] {
  return world.store.orders
    .all()
    .filter((r) => TRANSITIONS[r.order.status].length > 0)
    .map(({ order, trip }) => ({
      order_id: order.order_id,
      status: order.status,
      driver_id: order.driver?.driver_id ?? null,
      pickup: order.pickup.location,
      dropoff: order.dropoff.location,
      to_pickup: trip?.to_pickup ?? [],
      to_dropoff: trip?.to_dropoff ?? [],
    }));
}

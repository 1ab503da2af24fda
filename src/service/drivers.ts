import { roundLatLng, type LatLng } from '../domain/geo.js';
import { tripPosition } from '../domain/trip.js';
import type { Vehicle } from '../domain/order.js';
import type { SandboxContext } from './context.js';

/** At most this many drivers are listed; `total` still counts them all. */
export const MAX_LISTED_DRIVERS = 100;

export interface AvailableDrivers {
  drivers: {
    driver_id: string;
    name: string;
    rating: number;
    vehicle: Vehicle;
    location: LatLng;
    distance_km: number;
  }[];
  count: number;
  total: number;
  center: LatLng;
  radius_km: number;
}

/** `GET /v1/drivers/available`: online drivers not on an order within `radius` km, nearest first. */
export function availableDrivers(
  ctx: SandboxContext,
  query: { lat: number; lng: number; radius: number },
): AvailableDrivers {
  const center = { lat: query.lat, lng: query.lng };
  const { matches, total } = ctx.drivers.search(center, query.radius, MAX_LISTED_DRIVERS);
  return {
    drivers: matches.map(({ driver, distance_km }) => ({
      driver_id: driver.driver_id,
      name: driver.name,
      rating: driver.rating,
      vehicle: driver.vehicle,
      location: driver.location,
      distance_km,
    })),
    count: matches.length,
    total,
    center,
    radius_km: query.radius,
  };
}

/** A driver as the control plane shows it, where it is now. */
export interface DriverView {
  driver_id: string;
  name: string;
  phone: string;
  rating: number;
  vehicle: Vehicle;
  status: 'available' | 'on_order' | 'offline';
  location: LatLng;
  order_id: string | null;
}

/** Every driver; one on an order is where its trip puts it at this moment. */
export function listDrivers(ctx: SandboxContext): DriverView[] {
  const now = ctx.clock.now();
  return ctx.store.drivers.all().map((d) => {
    const record = d.order_id === null ? undefined : ctx.store.orders.get(d.order_id);
    const location =
      record?.trip && d.status === 'on_order'
        ? roundLatLng(tripPosition(record.trip, record.order.status, now).location)
        : d.location;
    return {
      driver_id: d.driver_id,
      name: d.name,
      phone: d.phone,
      rating: d.rating,
      vehicle: d.vehicle,
      status: d.status,
      location,
      order_id: d.order_id,
    };
  });
}

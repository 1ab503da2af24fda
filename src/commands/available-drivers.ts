import type { LatLng } from '../domain/geo.js';
import type { Vehicle } from '../domain/api-types.js';
import type { World } from '../world/world.js';

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
  world: World,
  query: { lat: number; lng: number; radius: number },
): AvailableDrivers {
  const center = { lat: query.lat, lng: query.lng };
  const { matches, total } = world.drivers.search(center, query.radius, MAX_LISTED_DRIVERS);
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

import { pointInCircle, roundLatLng, type LatLng } from './geo.js';
import { hashToUnitPair } from './seeded-random.js';

/**
 * Pseudo-geocoding: places an address at a point inside the city, the same point for the same
 * address (case and spacing ignored) on every run and machine, so orders without coordinates still
 * get realistic distances, fees and routes.
 */
export function geocode(address: string, city: { center: LatLng; radius_km: number }): LatLng {
  const normalized = address.trim().toLowerCase().replace(/\s+/g, ' ');
  const [u, v] = hashToUnitPair(normalized);
  // 0.9 keeps geocoded points off the very edge of the city.
  return roundLatLng(pointInCircle(city.center, city.radius_km * 0.9, u, v));
}

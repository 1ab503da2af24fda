import { insideRing, normalizeName, type CityMap } from '../city-map.js';
import type { LatLng } from '../geo.js';
import { SAN_FRANCISCO } from './san-francisco.js';

/** Every city the sandbox has a map of. */
export const CITY_MAPS: readonly CityMap[] = [SAN_FRANCISCO];

/**
 * The map of a scenario's city: the one whose names include the city's name and whose land
 * holds the city's centre (a scenario called "San Francisco" centred elsewhere gets none), or
 * `undefined` when the sandbox has no map of it.
 */
export function findCityMap(city: { name?: string; center: LatLng }): CityMap | undefined {
  if (city.name === undefined) return undefined;
  const name = normalizeName(city.name);
  return CITY_MAPS.find((m) => m.names.includes(name) && insideRing(m.land, city.center));
}

import type { LatLngPair } from '../domain/city-map.js';
import { findCityMap } from '../domain/city-maps/find-city-map.js';
import type { LatLng } from '../domain/geo.js';
import { STREET_GRID_BLOCK_DEG } from '../domain/route.js';
import type { World } from '../world/world.js';

/** The scenario's city as the dashboard's map draws it (`GET /__sandbox/city`). */
export interface CityView {
  name: string;
  center: LatLng;
  radius_km: number;
  service_radius_km: number;
  /** The side of a block of the street grid that routes without supplied geometry follow. */
  grid_block_deg: number;
  /** The land outline as `[lat, lng]` pairs, when the sandbox has a map of this city; else `null`. */
  land: LatLngPair[] | null;
  /** The city's known main streets, each a polyline of `[lat, lng]` pairs (empty without a map). */
  streets: { name: string; points: LatLngPair[] }[];
}

/** The geometry of the current scenario's city: its centre and radii, the grid, and its map if any. */
export function describeCity(world: World): CityView {
  const { city } = world.scenario;
  const map = findCityMap(city);
  return {
    name: city.name,
    center: city.center,
    radius_km: city.radius_km,
    service_radius_km: city.service_radius_km,
    grid_block_deg: STREET_GRID_BLOCK_DEG,
    land: map ? map.land.map(([lat, lng]) => [lat, lng]) : null,
    streets: (map?.streets ?? []).map((s) => ({
      name: s.names[0] ?? '',
      points: s.points.map(([, lat, lng]) => [lat, lng]),
    })),
  };
}

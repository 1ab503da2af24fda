import { haversineKm, round, type LatLng } from '../domain/geo.js';
import type { DriverRecord } from '../store/state.js';
import type { SandboxContext } from '../service/context.js';

export interface DriverMatch {
  driver: DriverRecord;
  distance_km: number;
}

/**
 * Available drivers (online, not on an order) within `radiusKm` of `center`, nearest first (ties by
 * id, so results are stable), at most `limit` of them, and how many there are in all.
 */
export function searchAvailableDrivers(
  ctx: SandboxContext,
  center: LatLng,
  radiusKm: number,
  limit: number,
): { matches: DriverMatch[]; total: number } {
  const matches: DriverMatch[] = [];
  for (const driver of ctx.store.drivers.all()) {
    if (driver.status !== 'available') continue;
    const d = haversineKm(center, driver.location);
    if (d <= radiusKm) matches.push({ driver, distance_km: d });
  }
  matches.sort(
    (a, b) => a.distance_km - b.distance_km || (a.driver.driver_id < b.driver.driver_id ? -1 : 1),
  );
  return {
    matches: matches
      .slice(0, limit)
      .map((m) => ({ driver: m.driver, distance_km: round(m.distance_km, 3) })),
    total: matches.length,
  };
}

import KDBush from 'kdbush';
import { around } from 'geokdbush';
import { haversineKm, round, type LatLng } from '../domain/geo.js';
import type { DriverRecord } from '../store/state.js';

export interface DriverMatch {
  driver: DriverRecord;
  distance_km: number;
}

const KM_PER_DEG_LAT = 111.32;

/**
 * A spatial index of drivers (kdbush, searched with geokdbush's great-circle nearest-neighbour walk),
 * so a search among 100 000 drivers touches only those near the centre.
 *
 * kdbush is static, so drivers that move after it is built (a driver freed at a dropoff) are kept
 * aside in `moved` and checked one by one until there are enough of them to make a rebuild pay.
 * Availability is read from the live records at query time, so status changes cost nothing.
 */
export class DriverIndex {
  private index: KDBush | undefined;
  private indexed: DriverRecord[] = [];
  private readonly moved = new Set<DriverRecord>();

  constructor(private readonly drivers: () => readonly DriverRecord[]) {}

  /** Records that `driver`'s location changed. */
  markMoved(driver: DriverRecord): void {
    this.moved.add(driver);
  }

  /** Forgets everything: the next search rebuilds from the current drivers. */
  invalidate(): void {
    this.index = undefined;
    this.moved.clear();
  }

  /**
   * Available drivers within `radiusKm` of `center`, nearest first (ties by id), at most `limit`,
   * and how many there are in all.
   */
  search(
    center: LatLng,
    radiusKm: number,
    limit: number,
  ): { matches: DriverMatch[]; total: number } {
    const index = this.current();
    const fresh = (id: number): DriverRecord | undefined => {
      const d = this.indexed[id];
      return d && d.status === 'available' && !this.moved.has(d) ? d : undefined;
    };
    const extra: DriverMatch[] = [];
    for (const d of this.moved) {
      if (d.status !== 'available') continue;
      const distance = haversineKm(center, d.location);
      if (distance <= radiusKm) extra.push({ driver: d, distance_km: distance });
    }

    let total = extra.length;
    if (Number.isFinite(radiusKm)) {
      for (const id of this.candidates(index, center, radiusKm)) {
        const d = fresh(id);
        if (d && haversineKm(center, d.location) <= radiusKm) total++;
      }
    }

    // Slightly more than asked from the tree, so exact ties at the cut are ordered by id too.
    const nearest = around(
      index,
      center.lng,
      center.lat,
      limit + 8,
      radiusKm,
      (id) => fresh(id) !== undefined,
    ).map((id): DriverMatch => {
      const driver = this.indexed[id]!;
      return { driver, distance_km: haversineKm(center, driver.location) };
    });
    const all = nearest.concat(extra).filter((m) => m.distance_km <= radiusKm);
    if (!Number.isFinite(radiusKm)) total = all.length; // only used to find "the nearest anywhere"
    all.sort(byDistanceThenId);
    return {
      matches: all
        .slice(0, limit)
        .map((m) => ({ driver: m.driver, distance_km: round(m.distance_km, 3) })),
      total,
    };
  }

  private current(): KDBush {
    const threshold = Math.max(256, this.indexed.length / 50);
    if (!this.index || this.moved.size > threshold) {
      this.indexed = [...this.drivers()];
      const index = new KDBush(Math.max(1, this.indexed.length));
      for (const d of this.indexed) index.add(d.location.lng, d.location.lat);
      if (this.indexed.length === 0) index.add(0, 0); // kdbush needs one point; id 0 is filtered below
      index.finish();
      this.index = index;
      this.moved.clear();
    }
    return this.index;
  }

  /** Ids of indexed points inside the bounding box of the circle (split across the antimeridian). */
  private *candidates(index: KDBush, c: LatLng, radiusKm: number): Generator<number> {
    const dLat = radiusKm / KM_PER_DEG_LAT;
    const minLat = c.lat - dLat;
    const maxLat = c.lat + dLat;
    const cos = Math.cos((Math.max(Math.abs(minLat), Math.abs(maxLat)) * Math.PI) / 180);
    const dLng =
      maxLat >= 90 || minLat <= -90 || cos < 1e-6 ? 360 : radiusKm / (KM_PER_DEG_LAT * cos);
    const boxes: [number, number][] =
      dLng >= 180
        ? [[-180, 180]]
        : c.lng - dLng < -180
          ? [
              [c.lng - dLng + 360, 180],
              [-180, c.lng + dLng],
            ]
          : c.lng + dLng > 180
            ? [
                [c.lng - dLng, 180],
                [-180, c.lng + dLng - 360],
              ]
            : [[c.lng - dLng, c.lng + dLng]];
    for (const [lo, hi] of boxes) {
      for (const id of index.range(lo, Math.max(-90, minLat), hi, Math.min(90, maxLat))) {
        yield id;
      }
    }
  }
}

function byDistanceThenId(a: DriverMatch, b: DriverMatch): number {
  return a.distance_km - b.distance_km || (a.driver.driver_id < b.driver.driver_id ? -1 : 1);
}

/** The same search by scanning every driver: the reference the index is tested and benchmarked against. */
export function linearDriverSearch(
  drivers: readonly DriverRecord[],
  center: LatLng,
  radiusKm: number,
  limit: number,
): { matches: DriverMatch[]; total: number } {
  const matches: DriverMatch[] = [];
  for (const driver of drivers) {
    if (driver.status !== 'available') continue;
    const d = haversineKm(center, driver.location);
    if (d <= radiusKm) matches.push({ driver, distance_km: d });
  }
  matches.sort(byDistanceThenId);
  return {
    matches: matches
      .slice(0, limit)
      .map((m) => ({ driver: m.driver, distance_km: round(m.distance_km, 3) })),
    total: matches.length,
  };
}

import KDBush from 'kdbush';
import { around } from 'geokdbush';
import { haversineKm, round, type LatLng } from '../domain/geo.js';
import type { DriverRecord } from '../store/state.js';

export interface DriverMatch {
  driver: DriverRecord;
  distance_km: number;
}

export interface SearchResult {
  matches: DriverMatch[];
  /** Every available driver within the radius (not computed when `count: false`). */
  total: number;
}

/** Kilometres per degree of latitude on the sphere haversineKm uses, less 1 % so boxes err wide. */
const KM_PER_DEG_LAT = ((6371.0088 * Math.PI) / 180) * 0.99;
const EARTH_RADIUS_KM = 6371.0088;
const RAD = Math.PI / 180;

/**
 * A spatial index of drivers (kdbush, searched with geokdbush's great-circle nearest-neighbour walk),
 * so a search among 100 000 drivers touches only those near the centre.
 *
 * kdbush is static, so the index is a snapshot: positions and availability are copied into typed
 * arrays at build time (a search then reads contiguous memory, not 100 000 scattered records).
 * A driver whose location or status changes afterwards is reported with `markChanged` and is read
 * from its live record until there are enough of them to make a rebuild pay.
 */
export class DriverIndex {
  private index: KDBush | undefined;
  private indexed: DriverRecord[] = [];
  private lat = new Float64Array(0);
  private lng = new Float64Array(0);
  private available = new Uint8Array(0);
  private stale = new Uint8Array(0);
  private readonly idOf = new Map<DriverRecord, number>();
  private readonly changed = new Set<DriverRecord>();

  constructor(private readonly drivers: () => readonly DriverRecord[]) {}

  /** Records that `driver`'s location or status changed since the index was built. */
  markChanged(driver: DriverRecord): void {
    this.changed.add(driver);
    const id = this.idOf.get(driver);
    if (id !== undefined) this.stale[id] = 1;
  }

  /**
   * Available drivers within `radiusKm` of `center`, nearest first (ties by id), at most `limit`,
   * and how many there are in all unless `count` is false (dispatch needs only the nearest).
   */
  search(
    center: LatLng,
    radiusKm: number,
    limit: number,
    opts: { count?: boolean } = {},
  ): SearchResult {
    const index = this.current();
    const usable = (id: number): boolean => this.available[id] === 1 && this.stale[id] === 0;
    const extra: DriverMatch[] = [];
    for (const d of this.changed) {
      if (d.status !== 'available') continue;
      const distance = haversineKm(center, d.location);
      if (distance <= radiusKm) extra.push({ driver: d, distance_km: distance });
    }

    let total = extra.length;
    if (opts.count !== false && Number.isFinite(radiusKm)) {
      for (const id of this.candidates(index, center, radiusKm)) {
        if (usable(id) && this.distance(center, id) <= radiusKm) total++;
      }
    }

    // Slightly more than asked from the tree, so that ties at the cut can be ordered by id too.
    const want = limit + 8;
    let nearest = around(index, center.lng, center.lat, want, radiusKm, usable).map(
      (id): DriverMatch => ({ driver: this.indexed[id]!, distance_km: this.distance(center, id) }),
    );
    const cut = nearest[Math.min(limit, nearest.length) - 1]?.distance_km;
    if (nearest.length === want && cut !== undefined && nearest[want - 1]!.distance_km <= cut) {
      // More drivers tie at the cut than were fetched (many at one address): take every one of
      // them from the box, so the order by id is exact.
      nearest = [];
      for (const id of this.candidates(index, center, cut)) {
        const distance = usable(id) ? this.distance(center, id) : Infinity;
        if (distance <= cut) nearest.push({ driver: this.indexed[id]!, distance_km: distance });
      }
    }
    const all = nearest.concat(extra).filter((m) => m.distance_km <= radiusKm);
    if (!Number.isFinite(radiusKm) || opts.count === false) total = all.length;
    all.sort(byDistanceThenId);
    return {
      matches: all
        .slice(0, limit)
        .map((m) => ({ driver: m.driver, distance_km: round(m.distance_km, 3) })),
      total,
    };
  }

  /** Great-circle distance from `c` to indexed driver `id`, from the snapshot arrays. */
  private distance(c: LatLng, id: number): number {
    const lat = this.lat[id]!;
    const dLat = (lat - c.lat) * RAD;
    const dLng = (this.lng[id]! - c.lng) * RAD;
    const h =
      Math.sin(dLat / 2) ** 2 +
      Math.cos(c.lat * RAD) * Math.cos(lat * RAD) * Math.sin(dLng / 2) ** 2;
    return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
  }

  private current(): KDBush {
    const threshold = Math.max(256, this.indexed.length / 50);
    if (this.index && this.changed.size <= threshold) return this.index;
    const drivers = [...this.drivers()];
    const n = drivers.length;
    this.indexed = drivers;
    this.lat = new Float64Array(n);
    this.lng = new Float64Array(n);
    this.available = new Uint8Array(n);
    this.stale = new Uint8Array(n);
    this.idOf.clear();
    this.changed.clear();
    const index = new KDBush(Math.max(1, n));
    drivers.forEach((d, id) => {
      this.lat[id] = d.location.lat;
      this.lng[id] = d.location.lng;
      this.available[id] = d.status === 'available' ? 1 : 0;
      this.idOf.set(d, id);
      index.add(d.location.lng, d.location.lat);
    });
    if (n === 0) index.add(0, 0); // kdbush needs a point; id 0 is never usable (no snapshot entry)
    index.finish();
    this.index = index;
    return index;
  }

  /** Ids of indexed points inside the bounding box of the circle (split across the antimeridian). */
  private candidates(index: KDBush, c: LatLng, radiusKm: number): number[] {
    const dLat = radiusKm / KM_PER_DEG_LAT;
    const minLat = Math.max(-90, c.lat - dLat);
    const maxLat = Math.min(90, c.lat + dLat);
    const cos = Math.cos((Math.max(Math.abs(minLat), Math.abs(maxLat)) * Math.PI) / 180);
    const dLng =
      maxLat >= 90 || minLat <= -90 || cos < 1e-6 ? 360 : radiusKm / (KM_PER_DEG_LAT * cos);
    if (dLng >= 180) return index.range(-180, minLat, 180, maxLat);
    if (c.lng - dLng < -180) {
      return index
        .range(c.lng - dLng + 360, minLat, 180, maxLat)
        .concat(index.range(-180, minLat, c.lng + dLng, maxLat));
    }
    if (c.lng + dLng > 180) {
      return index
        .range(c.lng - dLng, minLat, 180, maxLat)
        .concat(index.range(-180, minLat, c.lng + dLng - 360, maxLat));
    }
    return index.range(c.lng - dLng, minLat, c.lng + dLng, maxLat);
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
): SearchResult {
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

import { round } from '../domain/geo.js';
import type { DriverRecord } from './state.js';

export interface DriverMatch {
  driver: DriverRecord;
  distance_km: number;
}

export interface SearchResult {
  matches: DriverMatch[];
  /** Every available driver within the radius (not computed when `count: false`). */
  total: number;
}

/** Nearest first; equally near, the smaller id first (ids are unique, so the order is total). */
export function byDistanceThenId(a: DriverMatch, b: DriverMatch): number {
  return a.distance_km - b.distance_km || (a.driver.driver_id < b.driver.driver_id ? -1 : 1);
}

/** The best `limit` matches so far, kept sorted by distance then id. */
export class TopMatches {
  private readonly best: DriverMatch[] = [];

  constructor(private readonly limit: number) {}

  get size(): number {
    return this.best.length;
  }

  get full(): boolean {
    return this.best.length >= this.limit;
  }

  /** The distance a driver must beat (or tie, with a smaller id) to get in. */
  get worstKm(): number {
    return this.best[this.best.length - 1]?.distance_km ?? -Infinity;
  }

  /** Offers a driver at `distance` km; returns whether it is within `radiusKm`. */
  offer(driver: DriverRecord, distance: number, radiusKm: number): boolean {
    if (!(distance <= radiusKm)) return false;
    const m: DriverMatch = { driver, distance_km: distance };
    const best = this.best;
    if (this.full && (this.limit === 0 || byDistanceThenId(m, best[best.length - 1]!) > 0))
      return true;
    let i = best.length;
    while (i > 0 && byDistanceThenId(m, best[i - 1]!) < 0) i--;
    best.splice(i, 0, m);
    if (best.length > this.limit) best.pop();
    return true;
  }

  result(total: number): SearchResult {
    return {
      matches: this.best.map((m) => ({ driver: m.driver, distance_km: round(m.distance_km, 3) })),
      total,
    };
  }
}

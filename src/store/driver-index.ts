// Over 250 lines: one index and its search (the grid, the ring walk, the chord screen, its build in
// slices) are one piece of geometry; the linear scan it must equal is beside it for the tests.
import { Slicer } from '../slices.js';
import { haversineKm, round, type LatLng } from '../domain/geo.js';
import type { DriverRecord } from '../store/state.js';
import { colOf, COLS, GridFrame, insideH, reachH, rowOf, searchBox } from './driver-grid.js';
import {
  byDistanceThenId,
  TopMatches,
  type DriverMatch,
  type SearchResult,
} from './top-matches.js';

export type { DriverMatch, SearchResult } from './top-matches.js';

/**
 * A spatial index of the available drivers only: a grid of small cells (`driver-grid.ts`), each
 * holding the available drivers whose location falls in it. A status or location change moves one
 * driver between cells (`markChanged`), so the index never needs rebuilding and a search never
 * walks past drivers that are on an order or offline (with most drivers busy, as in a lunch rush,
 * that walk was most of dispatch's cost).
 *
 * A search visits cells outwards from the centre's in square rings and stops once no cell beyond
 * the ring can hold a driver nearer than the ones found; every distance is `haversineKm`, the one
 * `linearDriverSearch` uses, so the results are exactly the linear scan's. A driver is first
 * screened by the straight-line (chord) distance between unit vectors, which needs no
 * trigonometry, with a margin far wider than either formula's rounding.
 */
export class DriverIndex {
  private built = false;
  /** How many drivers of the list the build has read so far (`warm` reads it in slices). */
  private warmed = 0;
  private readonly cells = new Map<number, Filed[]>();
  /** Where each indexed (available) driver is filed. */
  private readonly filed = new Map<DriverRecord, Filed>();
  private readonly changed = new Set<DriverRecord>();

  /**
   * How many changes were reported (`markChanged`): a search answers the same while it stays the
   * same (src/http/drivers-text.ts keeps an answer's text with it).
   */
  revision = 0;

  constructor(private readonly drivers: () => readonly DriverRecord[]) {}

  /**
   * Records that `driver`'s location or status changed (or is about to: callers may report it just
   * before they write the new status): it is refiled when the next search starts.
   */
  markChanged(driver: DriverRecord): void {
    this.revision++;
    // Before the first search (and before `warm` reaches it), the build reads it as it is then.
    if (this.built || this.warmed > 0) this.changed.add(driver);
  }

  /**
   * Files the available drivers ahead of the first search, in slices that yield to the event loop
   * (a world of 200 000 drivers would otherwise be filed all at once by its first search). A
   * search that comes first files the rest itself; a driver changed meanwhile is refiled by it.
   */
  async warm(): Promise<void> {
    const slicer = new Slicer();
    const list = this.drivers();
    while (!this.built && this.warmed < list.length) {
      this.fileNext(list);
      if (this.warmed % 512 === 0) await slicer.maybePause();
    }
    this.built = true;
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
    this.refresh();
    const top = new TopMatches(limit);
    const probe = new Probe(center);
    /** Offers every driver of `cell` that the chord screen lets through against `km` (or better). */
    const read = (cell: Filed[], km: number): void => {
      let bound = km;
      let limit2 = chord2(bound) * (1 + SCREEN) + 1e-24;
      for (const f of cell) {
        if (probe.chord2(f) > limit2) continue;
        top.offer(f.driver, haversineKm(center, f.driver.location), radiusKm);
        if (top.full && top.worstKm < bound) {
          bound = top.worstKm; // the screen tightens as nearer drivers are found
          limit2 = chord2(bound) * (1 + SCREEN) + 1e-24;
        }
      }
    };
    const box = searchBox(center, radiusKm);
    // A box reaching round the globe or over a pole, or with more cells than the index has, is
    // searched by reading every indexed driver: exact too, and cheaper there.
    if (!box || (2 * box.rows + 1) * (2 * box.span + 1) > 4 * this.cells.size + 64) {
      for (const cell of this.cells.values()) read(cell, radiusKm);
      return top.result(opts.count === false ? top.size : this.countAll(probe, radiusKm));
    }
    const { rows, span } = box;

    const frame = new GridFrame(center, rows, span);
    let enough = NaN;
    let enoughH = -1;
    const visit = (dr: number, dc: number): void => {
      const km = top.full ? top.worstKm : radiusKm;
      if (km !== enough) enoughH = reachH((enough = km));
      // A cell that cannot hold anything as near as what is needed is not read.
      if (frame.nearH(dr, dc) > enoughH) return;
      const cell = this.cells.get(frame.key(dr, dc));
      if (cell) read(cell, km);
    };
    for (let ring = 0; ring <= Math.max(rows, span); ring++) {
      if (ring <= rows) {
        for (let dc = -Math.min(ring, span); dc <= Math.min(ring, span); dc++) {
          if (frame.hasRow(-ring)) visit(-ring, dc);
          if (ring > 0 && frame.hasRow(ring)) visit(ring, dc);
        }
      }
      if (ring > 0 && ring <= span) {
        for (let dr = -Math.min(ring - 1, rows); dr <= Math.min(ring - 1, rows); dr++) {
          if (!frame.hasRow(dr)) continue;
          visit(dr, -ring);
          visit(dr, ring);
        }
      }
      // Stop once nothing beyond this ring can be as near as what is needed.
      if (frame.beyondRingH(ring) > reachH(top.full ? top.worstKm : radiusKm)) break;
    }

    let total = top.size;
    if (opts.count !== false) {
      total = 0;
      const outside = reachH(radiusKm);
      const inside = insideH(radiusKm);
      for (let dr = -rows; dr <= rows; dr++) {
        if (!frame.hasRow(dr)) continue;
        for (let dc = -span; dc <= span; dc++) {
          if (frame.nearH(dr, dc) > outside) continue;
          const cell = this.cells.get(frame.key(dr, dc));
          if (!cell) continue;
          total += frame.farH(dr, dc) < inside ? cell.length : probe.countWithin(cell, radiusKm);
        }
      }
    }
    return top.result(total);
  }

  /** How many indexed drivers are within `radiusKm` of the probe's centre. */
  private countAll(probe: Probe, radiusKm: number): number {
    let total = 0;
    for (const cell of this.cells.values()) total += probe.countWithin(cell, radiusKm);
    return total;
  }

  /** Files every available driver on the first search, then refiles those changed since the last. */
  private refresh(): void {
    if (!this.built) {
      this.built = true;
      const list = this.drivers();
      while (this.warmed < list.length) this.fileNext(list);
    }
    for (const driver of this.changed) {
      const old = this.filed.get(driver);
      if (old !== undefined) {
        const cell = this.cells.get(old.key)!;
        cell[cell.indexOf(old)] = cell[cell.length - 1]!;
        cell.pop();
        if (cell.length === 0) this.cells.delete(old.key);
        this.filed.delete(driver);
      }
      if (driver.status === 'available') this.file(driver);
    }
    this.changed.clear();
  }

  /** Reads the next driver of the build (filed if available and not filed already). */
  private fileNext(list: readonly DriverRecord[]): void {
    const d = list[this.warmed++]!;
    if (d.status === 'available' && !this.filed.has(d)) this.file(d);
  }

  private file(driver: DriverRecord): void {
    const { lat, lng } = driver.location;
    const f: Filed = { driver, key: rowOf(lat) * COLS + colOf(lng), ...unitVector(lat, lng) };
    const cell = this.cells.get(f.key);
    if (cell) cell.push(f);
    else this.cells.set(f.key, [f]);
    this.filed.set(driver, f);
  }
}

/** An indexed driver: its cell and its position as a unit vector (for the chord screen). */
interface Filed {
  driver: DriverRecord;
  key: number;
  x: number;
  y: number;
  z: number;
}

const RAD = Math.PI / 180;
const EARTH_RADIUS_KM = 6371.0088;
/** The chord screen's relative margin: rounding in either formula is ~1e-13 relative at 1 m. */
const SCREEN = 1e-6;

function unitVector(lat: number, lng: number): { x: number; y: number; z: number } {
  const cosLat = Math.cos(lat * RAD);
  return {
    x: cosLat * Math.cos(lng * RAD),
    y: cosLat * Math.sin(lng * RAD),
    z: Math.sin(lat * RAD),
  };
}

/** The squared chord between two unit vectors whose great-circle distance is `km` (-1 for none). */
function chord2(km: number): number {
  if (!(km >= 0)) return -1;
  return (2 * Math.sin(Math.min(km / (2 * EARTH_RADIUS_KM), Math.PI / 2))) ** 2;
}

/** A search's centre as a unit vector. */
class Probe {
  private readonly x: number;
  private readonly y: number;
  private readonly z: number;

  constructor(private readonly center: LatLng) {
    ({ x: this.x, y: this.y, z: this.z } = unitVector(center.lat, center.lng));
  }

  chord2(f: Filed): number {
    const dx = f.x - this.x;
    const dy = f.y - this.y;
    const dz = f.z - this.z;
    return dx * dx + dy * dy + dz * dz;
  }

  /** How many of `cell` are within `radiusKm`: the chord decides all but those near the edge. */
  countWithin(cell: Filed[], radiusKm: number): number {
    const c2 = chord2(radiusKm);
    const surelyOut = c2 * (1 + SCREEN) + 1e-24;
    const surelyIn = c2 * (1 - SCREEN) - 1e-24;
    let n = 0;
    for (const f of cell) {
      const d2 = this.chord2(f);
      if (d2 < surelyIn) n++;
      else if (d2 <= surelyOut && haversineKm(this.center, f.driver.location) <= radiusKm) n++;
    }
    return n;
  }
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

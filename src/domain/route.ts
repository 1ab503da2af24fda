import { bearingDeg, haversineKm, type LatLng } from './geo.js';

/** Geometry a scenario supplies for the way between two points. */
export interface SuppliedRoute {
  from: LatLng;
  to: LatLng;
  /** The points between `from` and `to`, in order. */
  path: LatLng[];
}

/** How close a trip's end must be to a supplied route's end for the route to apply. */
const MATCH_KM = 0.05;

/** A route: a polyline with the cumulative distance at each vertex. */
export interface Route {
  points: LatLng[];
  /** `cumulativeKm[i]` is the distance along the route from the start to `points[i]`. */
  cumulativeKm: number[];
  lengthKm: number;
}

/** Builds a route from a polyline (consecutive duplicate points are dropped). */
export function routeFromPoints(points: LatLng[]): Route {
  const kept: LatLng[] = [];
  for (const p of points) {
    const last = kept[kept.length - 1];
    if (!last || last.lat !== p.lat || last.lng !== p.lng) kept.push(p);
  }
  const cumulativeKm = [0];
  for (let i = 1; i < kept.length; i++) {
    cumulativeKm.push((cumulativeKm[i - 1] ?? 0) + haversineKm(kept[i - 1]!, kept[i]!));
  }
  return { points: kept, cumulativeKm, lengthKm: cumulativeKm[cumulativeKm.length - 1] ?? 0 };
}

/** The side of one block of the street grid routes follow, in degrees (about 500 m of latitude). */
export const STREET_GRID_BLOCK_DEG = 0.005;

/**
 * A deterministic street-grid route: axis-aligned legs along the city's grid (east-west first,
 * then north-south, split into blocks of `blockDeg`), about 1.27x the straight distance on average,
 * like driving a city's streets.
 */
export function streetGridRoute(from: LatLng, to: LatLng, blockDeg = STREET_GRID_BLOCK_DEG): Route {
  const points: LatLng[] = [from];
  const count = gridCorners(from, to, blockDeg);
  for (let i = 0; i < count; i++) points.push({ lat: CORNERS[2 * i]!, lng: CORNERS[2 * i + 1]! });
  return routeFromPoints(points);
}

/**
 * Where `gridCorners` writes: each corner's latitude then longitude. One array reused (one thread;
 * filled and read before anything else runs), grown as a longer route needs.
 */
let CORNERS = new Float64Array(256);

/**
 * The corners of the street-grid route from `from` to `to`, in order, after `from` itself, written
 * to `CORNERS`; returns how many. Zig-zag between the two axes block by block, so the route looks
 * like a walk along streets rather than a single L, and stays a pure function of its two ends.
 * Written out rather than handed to a callback: a double passed to a call, or summed by a closure,
 * lives in a box of its own, one per corner (issue 24: ~0.6 KB of garbage a create).
 */
function gridCorners(from: LatLng, to: LatLng, blockDeg: number): number {
  const steps = Math.max(1, Math.ceil(Math.abs(to.lng - from.lng) / blockDeg));
  const latSteps = Math.max(1, Math.ceil(Math.abs(to.lat - from.lat) / blockDeg));
  const n = Math.max(steps, latSteps);
  if (CORNERS.length < 4 * n) CORNERS = new Float64Array(4 * n);
  const corners = CORNERS;
  let lat = from.lat;
  for (let i = 1; i <= n; i++) {
    const nextLng = from.lng + ((to.lng - from.lng) * i) / n;
    corners[4 * i - 4] = lat;
    corners[4 * i - 3] = nextLng;
    const nextLat = from.lat + ((to.lat - from.lat) * i) / n;
    corners[4 * i - 2] = nextLat;
    corners[4 * i - 1] = nextLng;
    lat = nextLat;
  }
  return 2 * n;
}

/**
 * `planRoute(from, to, supplied).lengthKm`, to the same bit, without building the route: an order's
 * `distance_km` needs only the length (issue 24: the polyline was ~2 KB of garbage per create). The
 * same corners, the same duplicates dropped, the same distances summed in the same order.
 */
export function planRouteLengthKm(
  from: LatLng,
  to: LatLng,
  supplied: readonly SuppliedRoute[],
): number {
  const path = suppliedPath(from, to, supplied);
  if (path) return routeFromPoints(path).lengthKm;
  const last = { lat: from.lat, lng: from.lng };
  const next = { lat: 0, lng: 0 };
  let lengthKm = 0;
  const count = gridCorners(from, to, STREET_GRID_BLOCK_DEG);
  for (let i = 0; i < count; i++) {
    const lat = CORNERS[2 * i]!;
    const lng = CORNERS[2 * i + 1]!;
    if (lat === last.lat && lng === last.lng) continue;
    next.lat = lat;
    next.lng = lng;
    lengthKm += haversineKm(last, next);
    last.lat = lat;
    last.lng = lng;
  }
  return lengthKm;
}

/** Where along `route` a traveller is after `km`: position, segment heading, and km remaining. */
export function positionAlong(
  route: Route,
  km: number,
): { location: LatLng; headingDeg: number; remainingKm: number } {
  const { points, cumulativeKm, lengthKm } = route;
  const d = Math.min(Math.max(km, 0), lengthKm);
  if (points.length < 2) {
    return { location: points[0] ?? { lat: 0, lng: 0 }, headingDeg: 0, remainingKm: 0 };
  }
  let i = 1;
  while (i < points.length - 1 && (cumulativeKm[i] ?? 0) < d) i++;
  const a = points[i - 1]!;
  const b = points[i]!;
  const segStart = cumulativeKm[i - 1] ?? 0;
  const segLen = (cumulativeKm[i] ?? 0) - segStart;
  const t = segLen > 0 ? (d - segStart) / segLen : 1;
  return {
    location: { lat: a.lat + (b.lat - a.lat) * t, lng: a.lng + (b.lng - a.lng) * t },
    headingDeg: bearingDeg(a, b),
    remainingKm: lengthKm - d,
  };
}

/**
 * The route a driver takes from `from` to `to`: the scenario's geometry when one of its routes
 * joins the two points (either way round, ends within 50 m), else the street grid.
 */
export function planRoute(from: LatLng, to: LatLng, supplied: readonly SuppliedRoute[]): Route {
  const path = suppliedPath(from, to, supplied);
  return path ? routeFromPoints(path) : streetGridRoute(from, to);
}

/** The polyline of the scenario's route joining `from` and `to` (either way round), if one does. */
function suppliedPath(
  from: LatLng,
  to: LatLng,
  supplied: readonly SuppliedRoute[],
): LatLng[] | undefined {
  for (const r of supplied) {
    if (haversineKm(r.from, from) <= MATCH_KM && haversineKm(r.to, to) <= MATCH_KM) {
      return [from, ...r.path, to];
    }
    if (haversineKm(r.to, from) <= MATCH_KM && haversineKm(r.from, to) <= MATCH_KM) {
      return [from, ...[...r.path].reverse(), to];
    }
  }
  return undefined;
}

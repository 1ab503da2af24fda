/**
 * The geometry of the available-driver grid: the globe cut into cells of `CELL_DEG` degrees of
 * latitude and longitude, and bounds on the great-circle distance from a point to any point of a
 * cell. The bounds are what lets a search skip whole cells and stay exact: a cell is skipped only
 * when no point in it can be nearer than what was already found.
 */

/** A cell is 0.01° a side: about 1.1 km × 0.9 km at San Francisco, ~30 drivers in a busy city. */
export const CELL_DEG = 0.01;
/** Columns round the globe; a cell key is `row * COLS + col` (a small integer, a fast Map key). */
export const COLS = Math.round(360 / CELL_DEG);
const ROWS = Math.round(180 / CELL_DEG);

const EARTH_RADIUS_KM = 6371.0088;
const RAD = Math.PI / 180;
/** Cell edges computed in floating point may sit a hair inside a point filed in the cell. */
const EDGE_EPS_DEG = 1e-9;

/** The row of a latitude (the poles fall in the first and last rows). */
export function rowOf(lat: number): number {
  return Math.min(ROWS - 1, Math.max(0, Math.floor((lat + 90) / CELL_DEG)));
}

/** The column of a longitude, wrapped round the antimeridian. */
export function colOf(lng: number): number {
  return ((Math.floor((lng + 180) / CELL_DEG) % COLS) + COLS) % COLS;
}

/**
 * How many rows and columns either side of the centre's hold every point within `radiusKm`, or
 * undefined when that box would reach round the globe or over a pole (the caller reads everything).
 * From the haversine: d ≥ R·|Δφ|, and d ≥ 2R·asin(√(cos φc · cos φ) · sin(|Δλ|/2)) with cos φ at
 * its smallest over the box's latitudes.
 */
export function searchBox(
  center: { lat: number; lng: number },
  radiusKm: number,
): { rows: number; span: number } | undefined {
  const dLat = radiusKm / EARTH_RADIUS_KM / RAD + EDGE_EPS_DEG;
  if (!(dLat < 45)) return undefined;
  const cosMin = Math.cos(Math.min(90, Math.abs(center.lat) + dLat) * RAD);
  const s =
    Math.sin(radiusKm / EARTH_RADIUS_KM / 2) / Math.sqrt(Math.cos(center.lat * RAD) * cosMin);
  if (!(s < Math.sin(80 * RAD))) return undefined;
  const dLng = (2 * Math.asin(s)) / RAD + EDGE_EPS_DEG;
  return { rows: Math.ceil(dLat / CELL_DEG) + 1, span: Math.ceil(dLng / CELL_DEG) + 1 };
}

const sin2 = (deg: number): number => Math.sin((deg * RAD) / 2) ** 2;

/**
 * The haversine term of `km`, widened by a margin far above either side's rounding: a cell whose
 * nearest possible point has a larger term cannot hold a driver within `km` (-1: nothing can).
 */
export function reachH(km: number): number {
  if (!(km >= 0)) return -1;
  return Math.sin(Math.min(km / (2 * EARTH_RADIUS_KM), Math.PI / 2)) ** 2 * (1 + 1e-9) + 1e-30;
}

/** The haversine term of `km`, narrowed by the same margin: a cell whose farthest point is below it lies wholly within `km`. */
export function insideH(km: number): number {
  return Math.sin(Math.min(km / (2 * EARTH_RADIUS_KM), Math.PI / 2)) ** 2 * (1 - 1e-9) - 1e-30;
}

/**
 * The search box round a centre: rows `-rows…rows` and columns `-span…span` from the centre's
 * cell, with what each row and column contributes to the haversine term
 * h = sin²(Δφ/2) + cos φc · cos φ · sin²(Δλ/2) of a cell's nearest and farthest possible points,
 * computed once per search. Columns are offsets from the centre's column, unwrapped, so a box
 * across the antimeridian needs no special case (sin²(Δλ/2) is the same 360° on), and while the
 * box stays under 180° wide sin²(Δλ/2) grows with the offset.
 */
export class GridFrame {
  private readonly centerRow: number;
  private readonly centerCol: number;
  private readonly cosC: number;
  /** Per row offset -rows-1…rows+1 (index + rows + 1): bounds of sin²(Δφ/2) and of cos φ. */
  private readonly rowLo: Float64Array;
  private readonly rowHi: Float64Array;
  private readonly cosLo: Float64Array;
  private readonly cosHi: Float64Array;
  /** Per column offset -span-1…span+1 (index + span + 1): bounds of sin²(Δλ/2). */
  private readonly colLo: Float64Array;
  private readonly colHi: Float64Array;
  /** The smallest cos φ over the box's rows. */
  private readonly cosMin: number;

  constructor(
    center: { lat: number; lng: number },
    readonly rows: number,
    readonly span: number,
  ) {
    const { lat, lng } = center;
    this.centerRow = rowOf(lat);
    this.centerCol = Math.floor((lng + 180) / CELL_DEG);
    this.cosC = Math.cos(lat * RAD);
    const nr = 2 * rows + 3;
    this.rowLo = new Float64Array(nr);
    this.rowHi = new Float64Array(nr);
    this.cosLo = new Float64Array(nr);
    this.cosHi = new Float64Array(nr);
    let cosMin = 1;
    for (let dr = -rows - 1; dr <= rows + 1; dr++) {
      const i = dr + rows + 1;
      const row = this.centerRow + dr;
      if (row < 0 || row >= ROWS) {
        this.rowLo[i] = Infinity; // off the globe: nothing there
        continue;
      }
      const south = row * CELL_DEG - 90 - EDGE_EPS_DEG;
      const north = (row + 1) * CELL_DEG - 90 + EDGE_EPS_DEG;
      const near = lat < south ? south - lat : lat > north ? lat - north : 0;
      const cosS = Math.cos(Math.max(-90, south) * RAD);
      const cosN = Math.cos(Math.min(90, north) * RAD);
      this.rowLo[i] = sin2(near);
      this.rowHi[i] = sin2(Math.min(180, Math.max(Math.abs(lat - south), Math.abs(lat - north))));
      this.cosLo[i] = Math.max(0, Math.min(cosS, cosN));
      this.cosHi[i] = south <= 0 && north >= 0 ? 1 : Math.max(cosS, cosN);
      if (Math.abs(dr) <= rows) cosMin = Math.min(cosMin, this.cosLo[i]);
    }
    this.cosMin = cosMin;
    const nc = 2 * span + 3;
    this.colLo = new Float64Array(nc);
    this.colHi = new Float64Array(nc);
    for (let dc = -span - 1; dc <= span + 1; dc++) {
      const west = (this.centerCol + dc) * CELL_DEG - 180 - EDGE_EPS_DEG;
      const east = (this.centerCol + dc + 1) * CELL_DEG - 180 + EDGE_EPS_DEG;
      const near = lng < west ? west - lng : lng > east ? lng - east : 0;
      this.colLo[dc + span + 1] = sin2(near);
      this.colHi[dc + span + 1] = sin2(
        Math.min(180, Math.max(Math.abs(lng - west), Math.abs(lng - east))),
      );
    }
  }

  /** Whether the row `dr` from the centre's is on the globe. */
  hasRow(dr: number): boolean {
    return this.rowLo[dr + this.rows + 1] !== Infinity;
  }

  /** The map key of the cell `dr` rows and `dc` columns from the centre's. */
  key(dr: number, dc: number): number {
    return (this.centerRow + dr) * COLS + ((((this.centerCol + dc) % COLS) + COLS) % COLS);
  }

  /** A lower bound on the haversine term of any point the cell could hold. */
  nearH(dr: number, dc: number): number {
    const i = dr + this.rows + 1;
    return this.rowLo[i]! + this.cosC * this.cosLo[i]! * this.colLo[dc + this.span + 1]!;
  }

  /** An upper bound on the haversine term of any point the cell could hold. */
  farH(dr: number, dc: number): number {
    const i = dr + this.rows + 1;
    return this.rowHi[i]! + this.cosC * this.cosHi[i]! * this.colHi[dc + this.span + 1]!;
  }

  /**
   * A lower bound on the haversine term of any point in the box's rows but outside the square of
   * rows and columns `±ring`: it is in a farther row, or in a farther column at a latitude whose
   * cosine is at least the box's smallest.
   */
  beyondRingH(ring: number): number {
    const r = Math.min(ring + 1, this.rows + 1);
    const c = Math.min(ring + 1, this.span + 1);
    const rowLo =
      ring + 1 > this.rows
        ? Infinity
        : Math.min(this.rowLo[this.rows + 1 - r]!, this.rowLo[this.rows + 1 + r]!);
    const colLo =
      ring + 1 > this.span
        ? Infinity
        : Math.min(this.colLo[this.span + 1 - c]!, this.colLo[this.span + 1 + c]!);
    return Math.min(rowLo, this.cosC * this.cosMin * colLo);
  }
}

import { roundLatLng, type LatLng } from './geo.js';

/** A `[lat, lng]` pair, compact for hand-written data. */
export type LatLngPair = readonly [number, number];

/**
 * A street as a polyline of known points, each with the house number found there. Numbers rise
 * along the list (monotonic), so nearby numbers are metres apart.
 */
export interface Street {
  /** Normalised names this street answers to, e.g. `['market st']`. */
  names: readonly string[];
  /** `[houseNumber, lat, lng]`, house numbers strictly increasing. */
  points: readonly (readonly [number, number, number])[];
}

/** What the sandbox knows of one city: its land area and some of its streets. */
export interface CityMap {
  /** Normalised city names this map answers to. */
  names: readonly string[];
  /** The land area as one ring of `[lat, lng]` (approximate, drawn a little inland). */
  land: readonly LatLngPair[];
  streets: readonly Street[];
}

/** Whether `p` is inside the ring `ring` (ray casting on lat/lng, fine at a city's scale). */
export function insideRing(ring: readonly LatLngPair[], p: LatLng): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [yi, xi] = ring[i] as LatLngPair;
    const [yj, xj] = ring[j] as LatLngPair;
    if (yi > p.lat !== yj > p.lat && p.lng < ((xj - xi) * (p.lat - yi)) / (yj - yi) + xi)
      inside = !inside;
  }
  return inside;
}

/**
 * The point of `number` along `street`: linear between the two known points whose numbers
 * surround it, the nearest end beyond them.
 */
export function placeOnStreet(street: Street, number: number): LatLng {
  const pts = street.points;
  const first = pts[0] as readonly [number, number, number];
  const last = pts[pts.length - 1] as readonly [number, number, number];
  if (number <= first[0]) return { lat: first[1], lng: first[2] };
  if (number >= last[0]) return { lat: last[1], lng: last[2] };
  for (let i = 1; i < pts.length; i++) {
    const b = pts[i] as readonly [number, number, number];
    if (number > b[0]) continue;
    const a = pts[i - 1] as readonly [number, number, number];
    const t = (number - a[0]) / (b[0] - a[0]);
    return roundLatLng({ lat: a[1] + (b[1] - a[1]) * t, lng: a[2] + (b[2] - a[2]) * t });
  }
  return { lat: last[1], lng: last[2] };
}

// A Map: the last word of an address ("500 Constructor") must not find Object.prototype's members.
const SUFFIXES: ReadonlyMap<string, string> = new Map([
  ['street', 'st'],
  ['st', 'st'],
  ['avenue', 'ave'],
  ['av', 'ave'],
  ['ave', 'ave'],
  ['boulevard', 'blvd'],
  ['blvd', 'blvd'],
  ['drive', 'dr'],
  ['dr', 'dr'],
  ['road', 'rd'],
  ['rd', 'rd'],
  ['place', 'pl'],
  ['pl', 'pl'],
  ['terrace', 'ter'],
  ['ter', 'ter'],
]);

const TYPED = / (st|ave|blvd|dr|rd|pl|ter)$/;

/** A city or street name lower-cased, without punctuation or repeated spaces. */
export function normalizeName(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The house number and the normalised street of an address such as `"500 Castro Street, San
 * Francisco"` (`{ number: 500, street: 'castro st' }`), or `undefined` when it does not start
 * with a number. The street's type is abbreviated (Street → st, Avenue → ave, Boulevard → blvd).
 */
export function parseStreetAddress(
  address: string,
): { number: number; street: string } | undefined {
  const m = /^\s*(\d{1,6})[a-z]?\b[\s,]+([^,]+)/i.exec(address);
  if (!m) return undefined;
  const words = normalizeName(m[2] ?? '').split(' ');
  const lastWord = words[words.length - 1] ?? '';
  const suffix = SUFFIXES.get(lastWord);
  if (suffix) words[words.length - 1] = suffix;
  const street = words.join(' ');
  return street ? { number: Number(m[1]), street } : undefined;
}

/**
 * The street of `map` that `street` (normalised, as {@link parseStreetAddress} gives it) names:
 * by its full name, or by its name without the type when only one street has it ("castro").
 */
export function findStreet(map: CityMap, street: string): Street | undefined {
  const exact = map.streets.find((s) => s.names.includes(street));
  if (exact) return exact;
  // A typed name that matched nothing names another street ("Castro Ave" is not Castro St).
  if (TYPED.test(street)) return undefined;
  const bare = street;
  const matches = map.streets.filter((s) => s.names.some((n) => n.replace(TYPED, '') === bare));
  return matches.length === 1 ? matches[0] : undefined;
}

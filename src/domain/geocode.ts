import { findStreet, insideRing, parseStreetAddress, placeOnStreet } from './city-map.js';
import { findCityMap } from './city-maps/find-city-map.js';
import { pointInCircle, roundLatLng, type LatLng } from './geo.js';
import { hashToUnitPair } from './seeded-random.js';

/** The city an address is geocoded in: a scenario's `city`. */
export interface GeocodeCity {
  name?: string;
  center: LatLng;
  radius_km: number;
}

// Tries of the hashed placement before falling back to the centre: with at least a tenth of the
// circle on land, the chance that all of them land in water is below 1e-3.
const LAND_TRIES = 64;

/**
 * Pseudo-geocoding, the same point for the same address (case and spacing ignored) on every run
 * and machine, so orders without coordinates still get believable distances, fees and routes.
 *
 * In a city the sandbox has a map of (San Francisco: `src/domain/city-maps/`), an address on a
 * street it knows ("500 Castro St") is placed along that street by its house number, so that
 * "1 Market St" and "20 Market St" are metres apart; any other address is placed at a hashed point
 * of the city's circle that is on land (not in the bay). Elsewhere, at a hashed point of the circle.
 *
 * @example geocode('500 Castro St', { name: 'San Francisco', center, radius_km: 6 }) // 18th St
 */
export function geocode(address: string, city: GeocodeCity): LatLng {
  const key = `${city.name ?? ''}\0${city.center.lat}\0${city.center.lng}\0${city.radius_km}\0${address}`;
  let p = placed.get(key);
  if (p === undefined) {
    p = Object.freeze(place(address, city));
    if (placed.size >= PLACED_KEPT) placed.clear();
    placed.set(key, p);
  }
  // The same point for every order of that address: an order's nested objects are never changed
  // in place (decision 24), and this one is frozen so that nothing can. A copy per order was one
  // object and two boxed numbers per place that every full GC marked again (issue 24).
  return p;
}

/**
 * Each address's point per city (its name, centre and radius, not the object: a city is plain
 * data), found once and frozen: geocoding was ~5 % of a `POST /v1/orders` (issue 24), and clients
 * send the same few addresses again and again. A few thousand are kept, then all forgotten at
 * once, so a client sending ever new addresses only refills the memory.
 */
const placed = new Map<string, LatLng>();
const PLACED_KEPT = 4096;

function place(address: string, city: GeocodeCity): LatLng {
  const normalized = address.trim().toLowerCase().replace(/\s+/g, ' ');
  const map = findCityMap(city);
  if (map) {
    const parsed = parseStreetAddress(address);
    const street = parsed && findStreet(map, parsed.street);
    if (parsed && street) return placeOnStreet(street, parsed.number);
  }
  for (let attempt = 0; attempt < LAND_TRIES; attempt++) {
    // The first try hashes the address alone: the placement of addresses already on land, and of
    // every address in a city without a map, is the one it always was.
    const [u, v] = hashToUnitPair(attempt === 0 ? normalized : `${normalized}#${attempt}`);
    // 0.9 keeps geocoded points off the very edge of the city.
    const p = roundLatLng(pointInCircle(city.center, city.radius_km * 0.9, u, v));
    if (!map || insideRing(map.land, p)) return p;
  }
  return roundLatLng(city.center);
}

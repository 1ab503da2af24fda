import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { insideRing, parseStreetAddress } from './city-map.js';
import { SAN_FRANCISCO } from './city-maps/san-francisco.js';
import { geocode } from './geocode.js';
import { haversineKm } from './geo.js';

const city = { center: { lat: 37.7749, lng: -122.4194 }, radius_km: 8 };
/** The bundled scenarios' San Francisco (ci, no-drivers, two-accounts). */
const sf = { name: 'San Francisco', center: { lat: 37.7749, lng: -122.4194 }, radius_km: 6 };
const onLand = (p: { lat: number; lng: number }): boolean => insideRing(SAN_FRANCISCO.land, p);

describe('geocode', () => {
  it('places an address inside the city, the same way every time', () => {
    const p = geocode('1 Market St', city);
    expect(haversineKm(p, city.center)).toBeLessThanOrEqual(8);
    expect(geocode('1 Market St', city)).toEqual(p);
  });

  it('ignores case and spacing but tells different addresses apart', () => {
    expect(geocode('  1   MARKET st ', city)).toEqual(geocode('1 Market St', city));
    expect(geocode('2 Market St', city)).not.toEqual(geocode('1 Market St', city));
    expect(geocode('  1   MARKET street ', sf)).toEqual(geocode('1 Market St', sf));
    expect(geocode('2 Market St', sf)).not.toEqual(geocode('1 Market St', sf));
  });

  it('answers a repeated address from memory with the same point, frozen, per city', () => {
    const first = geocode('77 Memory Ln', city);
    expect(geocode('77 Memory Ln', city)).toBe(first);
    // Shared by every order of the address: no one can change it for the others.
    expect(() => {
      (first as { lat: number }).lat = 0;
    }).toThrow(TypeError);
    expect(geocode('77 Memory Ln', city).lat).not.toBe(0);
    expect(geocode('77 Memory Ln', city)).toEqual(geocode('77 Memory Ln', { ...city }));
    // The same address in another city (another centre, or a city with a map) is placed there.
    const moved = { ...city, center: { lat: 40.7128, lng: -74.006 } };
    expect(haversineKm(geocode('77 Memory Ln', moved), moved.center)).toBeLessThanOrEqual(8);
    expect(geocode('500 Castro St', sf)).not.toEqual(geocode('500 Castro St', city));
  });

  it('keeps every one of many addresses inside the city', () => {
    for (let i = 0; i < 2000; i++)
      expect(haversineKm(geocode(`${i} Main St`, city), city.center)).toBeLessThanOrEqual(
        8 * 0.9 + 1e-6,
      );
  });
});

describe('geocode in San Francisco', () => {
  it('puts 1 Market St and 20 Market St metres apart, not kilometres', () => {
    expect(haversineKm(geocode('1 Market St', sf), geocode('20 Market St', sf))).toBeLessThan(0.3);
  });

  it.each([
    ['1 Market St', { lat: 37.7942, lng: -122.3946 }], // at Steuart St
    ['500 Castro St', { lat: 37.7609, lng: -122.435 }], // at 18th St
    ['2800 Mission Street', { lat: 37.7522, lng: -122.4183 }], // at 24th St
    ['1000 Van Ness Ave, San Francisco, CA', { lat: 37.7848, lng: -122.4209 }], // at O'Farrell
  ])('places %s on land, at its street', (address, near) => {
    const p = geocode(address, sf);
    expect(onLand(p)).toBe(true);
    expect(haversineKm(p, near)).toBeLessThan(0.2);
  });

  it('orders house numbers along a street: a higher number is further from 1', () => {
    const start = geocode('1 Mission St', sf);
    let last = 0;
    for (let n = 100; n <= 3300; n += 100) {
      const d = haversineKm(start, geocode(`${n} Mission St`, sf));
      expect(d).toBeGreaterThan(last);
      last = d;
    }
  });

  it('keeps any address on land: known streets, unknown streets, anything', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), fc.nat(5000), (text, n) => {
        for (const address of [text, `${n} ${text}`, `${n} Market St`, `${n} Geary Blvd`])
          expect(onLand(geocode(address, sf)), address).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('keeps unknown streets inside the city circle too, in every bundled city circle', () => {
    const lunchRush = {
      name: 'San Francisco',
      center: { lat: 37.7897, lng: -122.4011 },
      radius_km: 4,
    };
    for (const c of [sf, lunchRush, { ...sf, radius_km: 8 }, { ...sf, radius_km: 5 }]) {
      for (let i = 0; i < 500; i++) {
        const p = geocode(`${i} Nowhere Lane`, c);
        expect(onLand(p)).toBe(true);
        expect(haversineKm(p, c.center)).toBeLessThanOrEqual(c.radius_km * 0.9 + 1e-6);
      }
    }
  });

  it('has every point of every street on land', () => {
    for (const street of SAN_FRANCISCO.streets)
      for (const [n, lat, lng] of street.points)
        expect(onLand({ lat, lng }), `${n} ${street.names[0]}`).toBe(true);
  });

  it('draws land that holds the neighbourhoods and leaves out the water around them', () => {
    const land = [
      { lat: 37.7609, lng: -122.435 }, // the Castro
      { lat: 37.7694, lng: -122.4862 }, // Golden Gate Park
      { lat: 37.8024, lng: -122.4058 }, // Coit Tower
      { lat: 37.7786, lng: -122.3893 }, // the ballpark
      { lat: 37.7347, lng: -122.4956 }, // the zoo
    ];
    const water = [
      { lat: 37.8, lng: -122.38 }, // the bay, off the Embarcadero
      { lat: 37.815, lng: -122.478 }, // the Golden Gate
      { lat: 37.81, lng: -122.43 }, // the bay, off the Marina
      { lat: 37.75, lng: -122.52 }, // the ocean, off Ocean Beach
      { lat: 37.77, lng: -122.37 }, // the bay, off Mission Bay
      { lat: 37.825, lng: -122.37 }, // the bay, by Treasure Island
    ];
    for (const p of land) expect(onLand(p), JSON.stringify(p)).toBe(true);
    for (const p of water) expect(onLand(p), JSON.stringify(p)).toBe(false);
  });

  it('keeps the hashed placement in the circle for a city without a map', () => {
    const lyon = { name: 'Lyon', center: { lat: 45.764, lng: 4.8357 }, radius_km: 5 };
    const p = geocode('12 Rue de la République', lyon);
    expect(haversineKm(p, lyon.center)).toBeLessThanOrEqual(4.5 + 1e-6);
  });
});

describe('parseStreetAddress', () => {
  it.each([
    ['500 Castro Street, San Francisco', { number: 500, street: 'castro st' }],
    ['1 Market St', { number: 1, street: 'market st' }],
    ['1000 Van Ness Avenue', { number: 1000, street: 'van ness ave' }],
    ['12b Geary Blvd.', { number: 12, street: 'geary blvd' }],
    ['Ferry Building', undefined],
    // Words Object.prototype has are words like any other, not a street type.
    ['500 Constructor, San Francisco', { number: 500, street: 'constructor' }],
    ['7 Main Constructor', { number: 7, street: 'main constructor' }],
  ])('reads %s', (address, expected) => {
    expect(parseStreetAddress(address)).toEqual(expected);
  });
});

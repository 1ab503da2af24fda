import { describe, expect, it } from 'vitest';
import { geocode } from './geocode.js';
import { haversineKm } from './geo.js';

const city = { center: { lat: 37.7749, lng: -122.4194 }, radius_km: 8 };

describe('geocode', () => {
  it('places an address inside the city, the same way every time', () => {
    const p = geocode('1 Market St', city);
    expect(haversineKm(p, city.center)).toBeLessThanOrEqual(8);
    expect(geocode('1 Market St', city)).toEqual(p);
  });

  it('ignores case and spacing but tells different addresses apart', () => {
    expect(geocode('  1   MARKET st ', city)).toEqual(geocode('1 Market St', city));
    expect(geocode('2 Market St', city)).not.toEqual(geocode('1 Market St', city));
  });

  it('keeps every one of many addresses inside the city', () => {
    for (let i = 0; i < 2000; i++)
      expect(haversineKm(geocode(`${i} Main St`, city), city.center)).toBeLessThanOrEqual(
        8 * 0.9 + 1e-6,
      );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bearingDeg, haversineKm, type LatLng } from './geo.js';
import { planRoute, planRouteLengthKm, positionAlong, streetGridRoute } from './route.js';

const A: LatLng = { lat: 37.7955, lng: -122.3937 };
const B: LatLng = { lat: 37.7649, lng: -122.4333 };

describe('streetGridRoute', () => {
  const route = streetGridRoute(A, B);

  it('starts and ends at the two points', () => {
    expect(route.points[0]).toEqual(A);
    expect(route.points.at(-1)).toEqual(B);
  });

  it('is made of axis-aligned legs, like streets', () => {
    for (let i = 1; i < route.points.length; i++) {
      const a = route.points[i - 1]!;
      const b = route.points[i]!;
      expect(a.lat === b.lat || a.lng === b.lng).toBe(true);
    }
  });

  it('is longer than the straight line, by about the grid factor', () => {
    const ratio = route.lengthKm / haversineKm(A, B);
    expect(ratio).toBeGreaterThan(1.05);
    expect(ratio).toBeLessThan(1.45);
  });

  it('is the same route every time (a pure function of its ends)', () => {
    expect(streetGridRoute(A, B)).toEqual(route);
  });

  it('is a single point when both ends are the same', () => {
    expect(streetGridRoute(A, A).lengthKm).toBe(0);
  });

  it('has every corner of a route far longer than most, one block at a time', () => {
    // 1.2 degrees of longitude: ~240 blocks, more corners than its first buffer holds.
    const far = { lat: A.lat - 0.3, lng: A.lng - 1.2 };
    const blocks = Math.ceil(Math.abs(far.lng - A.lng) / 0.005);
    expect(blocks).toBeGreaterThan(200);
    const long = streetGridRoute(A, far);
    expect(long.points).toHaveLength(1 + 2 * blocks);
    expect(long.points.at(-1)).toEqual(far);
    for (let i = 1; i < long.points.length; i++) {
      const a = long.points[i - 1]!;
      const b = long.points[i]!;
      expect(a.lat === b.lat || a.lng === b.lng).toBe(true);
      expect(Math.abs(a.lng - b.lng)).toBeLessThanOrEqual(0.005 + 1e-12);
    }
    // And a short one after it is still its own (the buffer is reused).
    expect(streetGridRoute(A, B)).toEqual(route);
  });
});

describe('positionAlong', () => {
  const route = streetGridRoute(A, B);

  it('never goes backwards and stays on the route', () => {
    let lastRemaining = Infinity;
    for (let km = 0; km <= route.lengthKm; km += route.lengthKm / 97) {
      const at = positionAlong(route, km);
      expect(at.remainingKm).toBeLessThanOrEqual(lastRemaining + 1e-9);
      lastRemaining = at.remainingKm;
      const onSomeLeg = route.points.slice(1).some((b, i) => {
        const a = route.points[i]!;
        const within = (v: number, p: number, q: number): boolean =>
          v >= Math.min(p, q) - 1e-9 && v <= Math.max(p, q) + 1e-9;
        return within(at.location.lat, a.lat, b.lat) && within(at.location.lng, a.lng, b.lng);
      });
      expect(onSomeLeg).toBe(true);
    }
  });

  it('heads along the segment it is on', () => {
    const at = positionAlong(route, route.cumulativeKm[1]! / 2);
    expect(at.headingDeg).toBeCloseTo(bearingDeg(route.points[0]!, route.points[1]!), 6);
  });

  it('clamps before the start and past the end', () => {
    expect(positionAlong(route, -1).location).toEqual(A);
    expect(positionAlong(route, route.lengthKm + 5).location.lat).toBeCloseTo(B.lat, 9);
    expect(positionAlong(route, route.lengthKm + 5).remainingKm).toBe(0);
  });
});

describe('planRoute', () => {
  const via = [
    { lat: 37.8, lng: -122.39 },
    { lat: 37.79, lng: -122.42 },
  ];
  const supplied = [{ from: A, to: B, path: via }];

  it('follows the scenario geometry when a route joins the two points', () => {
    expect(planRoute(A, B, supplied).points).toEqual([A, ...via, B]);
  });

  it('follows it backwards from the other end, and matches ends within 50 m', () => {
    const nearB = { lat: B.lat + 0.0002, lng: B.lng };
    expect(planRoute(nearB, A, supplied).points).toEqual([nearB, ...[...via].reverse(), A]);
  });

  it('falls back to the street grid elsewhere', () => {
    const C = { lat: 37.75, lng: -122.45 };
    expect(planRoute(A, C, supplied)).toEqual(streetGridRoute(A, C));
  });
});

describe('planRouteLengthKm', () => {
  // Coordinates on a coarse lattice as well as anywhere: ends that share a latitude or a longitude,
  // or are the same point, make the grid's corners repeat, which the route drops.
  const coordinate = (centre: number) =>
    fc.oneof(
      fc.double({ min: centre - 0.1, max: centre + 0.1, noNaN: true }),
      fc.integer({ min: -20, max: 20 }).map((k) => centre + k * 0.0025),
    );
  const point = fc.record({ lat: coordinate(37.77), lng: coordinate(-122.42) });

  it("is the route's length to the same bit, on the grid and on a scenario's route", () => {
    fc.assert(
      fc.property(
        point,
        point,
        fc.array(point, { maxLength: 3 }),
        fc.boolean(),
        (a, b, via, on) => {
          const supplied = on ? [{ from: a, to: b, path: via }] : [];
          expect(planRouteLengthKm(a, b, supplied)).toBe(planRoute(a, b, supplied).lengthKm);
          expect(planRouteLengthKm(b, a, supplied)).toBe(planRoute(b, a, supplied).lengthKm);
        },
      ),
      { numRuns: 500 },
    );
  });
});

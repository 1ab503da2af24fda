import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pointInCircle, type LatLng } from '../domain/geo.js';
import { SeededRandom } from '../domain/seeded-random.js';
import type { DriverRecord } from './state.js';
import { DriverIndex, linearDriverSearch } from './driver-index.js';

function drivers(n: number, center: LatLng, radiusKm: number, seed = 'idx'): DriverRecord[] {
  const r = new SeededRandom(seed);
  return Array.from({ length: n }, (_, i) => ({
    driver_id: `drv_${String(i).padStart(6, '0')}`,
    name: `Driver ${i}`,
    phone: '+1',
    rating: 4.5,
    vehicle: { type: 'car', description: 'car', plate: 'X' },
    status: r.next() < 0.8 ? 'available' : 'on_order',
    location: pointInCircle(center, radiusKm, r.next(), r.next()),
    order_id: null,
    speed_factor: 1,
  }));
}

const ids = (res: { matches: { driver: DriverRecord; distance_km: number }[]; total: number }) => ({
  total: res.total,
  ids: res.matches.map((m) => m.driver.driver_id),
});

describe('DriverIndex', () => {
  const SF = { lat: 37.7749, lng: -122.4194 };

  it('finds exactly what a linear scan finds: same drivers, same order, same total', () => {
    const all = drivers(5000, SF, 20);
    const index = new DriverIndex(() => all);
    const r = new SeededRandom('queries');
    for (let q = 0; q < 200; q++) {
      const center = pointInCircle(SF, 25, r.next(), r.next());
      const radius = r.float(0.2, 10);
      const limit = r.int(1, 120);
      expect(ids(index.search(center, radius, limit))).toEqual(
        ids(linearDriverSearch(all, center, radius, limit)),
      );
    }
  });

  it('sees status changes at once and moved drivers at their new place', () => {
    const all = drivers(2000, SF, 10);
    const index = new DriverIndex(() => all);
    index.search(SF, 5, 10); // builds the tree
    const far = { lat: 37.9, lng: -122.2 };
    for (const d of all.slice(0, 300)) {
      d.location = far;
      d.status = 'available';
      index.markChanged(d);
    }
    all[500]!.status = 'offline';
    index.markChanged(all[500]!);
    for (const [center, radius] of [
      [far, 1],
      [SF, 5],
      [SF, 50],
    ] as const) {
      expect(ids(index.search(center, radius, 100))).toEqual(
        ids(linearDriverSearch(all, center, radius, 100)),
      );
    }
  });

  it('finds the nearest anywhere with an infinite radius, and nothing among no drivers', () => {
    const all = drivers(50, SF, 5);
    expect(new DriverIndex(() => all).search({ lat: 0, lng: 0 }, Infinity, 1).matches).toHaveLength(
      1,
    );
    expect(new DriverIndex(() => []).search(SF, 5, 10)).toEqual({ matches: [], total: 0 });
  });

  it('counts correctly across the antimeridian and near a pole', () => {
    for (const center of [
      { lat: 0, lng: 179.99 },
      { lat: 0, lng: -179.99 },
      { lat: 89.95, lng: 10 },
    ]) {
      const all = drivers(500, center, 30, `edge${center.lng}`);
      const index = new DriverIndex(() => all);
      expect(ids(index.search(center, 20, 100))).toEqual(
        ids(linearDriverSearch(all, center, 20, 100)),
      );
    }
  });
  it('stays equal to a linear scan through any run of status and location changes', () => {
    // The index files only available drivers and refiles a changed one at the next search, so a
    // change reported before the status is written (as releasing a driver does) is seen too.
    const place = fc.record({
      lat: fc.double({ min: 37.6, max: 37.95, noNaN: true }),
      lng: fc.double({ min: -122.6, max: -122.2, noNaN: true }),
    });
    const change = fc.record({
      driver: fc.nat(199),
      status: fc.constantFrom('available', 'on_order', 'offline'),
      to: fc.option(place, { nil: undefined }),
      reportFirst: fc.boolean(),
    });
    const query = fc.record({
      center: place,
      radius: fc.double({ min: 0.05, max: 30, noNaN: true }),
      limit: fc.integer({ min: 1, max: 40 }),
    });
    fc.assert(
      fc.property(
        fc.array(fc.array(change, { maxLength: 20 }), { maxLength: 8 }),
        query,
        (batches, q) => {
          const all = drivers(200, SF, 12, 'prop');
          const index = new DriverIndex(() => all);
          for (const batch of batches) {
            for (const c of batch) {
              const d = all[c.driver]!;
              if (c.reportFirst) index.markChanged(d);
              d.status = c.status;
              if (c.to) d.location = c.to;
              if (!c.reportFirst) index.markChanged(d);
            }
            expect(ids(index.search(q.center, q.radius, q.limit))).toEqual(
              ids(linearDriverSearch(all, q.center, q.radius, q.limit)),
            );
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('finds drivers stacked at one address in id order, and counts every one of them', () => {
    const all = drivers(300, SF, 5, 'stack');
    const spot = { lat: 37.78, lng: -122.41 };
    for (const d of all.slice(100, 160)) {
      d.location = spot;
      d.status = 'available';
    }
    const index = new DriverIndex(() => all);
    for (const limit of [1, 7, 59, 60, 61]) {
      expect(ids(index.search(spot, 0.5, limit))).toEqual(
        ids(linearDriverSearch(all, spot, 0.5, limit)),
      );
    }
  });

  it('warmed in slices, with drivers changed and searched before and during it, equals a linear scan', async () => {
    const all = drivers(20_000, SF, 15, 'warm');
    const index = new DriverIndex(() => all);
    const far = { lat: 37.9, lng: -122.2 };
    const r = new SeededRandom('warm-changes');
    const check = (): void => {
      for (let q = 0; q < 5; q++) {
        const center = pointInCircle(SF, 15, r.next(), r.next());
        expect(ids(index.search(center, 3, 25))).toEqual(
          ids(linearDriverSearch(all, center, 3, 25)),
        );
      }
    };
    // Changes before the warm (read as they are then) and while it runs (before and after the
    // place it reached), then a search in the middle, which files the rest itself.
    const change = (d: DriverRecord): void => {
      index.markChanged(d);
      if (r.next() < 0.5) d.status = d.status === 'available' ? 'on_order' : 'available';
      else d.location = far;
    };
    for (const d of all.slice(0, 50)) change(d);
    const warming = index.warm();
    for (let i = 0; i < 200; i++) change(all[r.int(0, all.length - 1)]!);
    check();
    await warming;
    for (let i = 0; i < 200; i++) change(all[r.int(0, all.length - 1)]!);
    check();
    // Warmed to the end with no search in between, then changed.
    const again = new DriverIndex(() => all);
    const done = again.warm();
    for (let i = 0; i < 100; i++) {
      const d = all[r.int(0, all.length - 1)]!;
      again.markChanged(d);
      d.location = pointInCircle(SF, 15, r.next(), r.next());
    }
    await done;
    const center = pointInCircle(SF, 5, r.next(), r.next());
    expect(ids(again.search(center, 4, 40))).toEqual(ids(linearDriverSearch(all, center, 4, 40)));
  });
});

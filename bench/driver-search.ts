/**
 * GET /v1/drivers/available's search with 100 000 drivers: the spatial index against a linear scan
 * of the same drivers, in the same run. Prints one JSON line.
 */
import { performance } from 'node:perf_hooks';
import { pointInCircle } from '../src/domain/geo.js';
import { SeededRandom } from '../src/domain/seeded-random.js';
import { DriverIndex, linearDriverSearch } from '../src/store/driver-index.js';
import type { DriverRecord } from '../src/store/state.js';

const N = 100_000;
const METRO = { center: { lat: 37.7749, lng: -122.4194 }, radiusKm: 30 };
const r = new SeededRandom('bench-drivers');
const drivers: DriverRecord[] = Array.from({ length: N }, (_, i) => ({
  driver_id: `drv_${i}`,
  name: `Driver ${i}`,
  phone: '+1',
  rating: 4.7,
  vehicle: { type: 'car', description: 'car', plate: 'X' },
  status: r.next() < 0.85 ? 'available' : 'on_order',
  location: pointInCircle(METRO.center, METRO.radiusKm, r.next(), r.next()),
  order_id: null,
  speed_factor: 1,
}));
const queries = Array.from({ length: 2000 }, () =>
  pointInCircle(METRO.center, METRO.radiusKm, r.next(), r.next()),
);

const index = new DriverIndex(() => drivers);
const buildStart = performance.now();
index.search(METRO.center, 5, 100);
const buildMs = performance.now() - buildStart;

function perQueryMs(search: (i: number) => unknown, count: number): number {
  for (let i = 0; i < Math.min(50, count); i++) search(i); // warm up
  const start = performance.now();
  for (let i = 0; i < count; i++) search(i);
  return (performance.now() - start) / count;
}

let found = 0;
const indexMs = perQueryMs(
  (i) => (found += index.search(queries[i % queries.length]!, 5, 100).total),
  2000,
);
const linearMs = perQueryMs(
  (i) => linearDriverSearch(drivers, queries[i % queries.length]!, 5, 100),
  100,
);

console.log(
  JSON.stringify({
    drivers: N,
    metro_radius_km: METRO.radiusKm,
    radius_km: 5,
    build_ms: buildMs,
    index_ms_per_query: indexMs,
    linear_ms_per_query: linearMs,
    mean_total_in_radius: found / 2050,
  }),
);

/**
 * Advancing the clock 1 hour with 10 000 active orders: every dispatch, pickup, delivery and event in
 * order, through the same services and engine the HTTP API uses. Prints one JSON line with the time
 * and the process's peak memory. With `--trouble`, a fifth of the orders meet trouble on the road
 * (the scenario's `outcomes` rates: reassigned and lost drivers, late restaurants, stale locations,
 * traffic) and drivers report every 10 s.
 */
import { performance } from 'node:perf_hooks';
import { pointInCircle, destination } from '../src/domain/geo.js';
import { SeededRandom } from '../src/domain/seeded-random.js';
import { createOrder } from '../src/commands/create-order.js';
import { openWorld } from '../test/support/world.js';

const ORDERS = 10_000;
const trouble = process.argv.includes('--trouble');
/** 20 % of the orders in all. */
const TROUBLE = {
  outcomes: {
    driver_reassigned: 0.05,
    driver_lost: 0.03,
    pickup_delay: 0.04,
    stale_location: 0.04,
    eta_slip: 0.04,
  },
  location: { update_interval: '10s' },
};
const world = openWorld({
  ...(trouble ? TROUBLE : {}),
  name: 'bench',
  seed: 'bench',
  city: { center: { lat: 37.7749, lng: -122.4194 }, radius_km: 10 },
  accounts: [{ id: 'acct_bench', api_keys: ['sk_test_bench'] }],
  drivers: { count: 20_000 },
  clock: { mode: 'manual', start: '2026-01-01T12:00:00.000Z' },
});
const { scenario } = world;
const account = world.store.accounts.all()[0]!;
const r = new SeededRandom('bench-orders');
const city = scenario.city;

const createStart = performance.now();
for (let i = 0; i < ORDERS; i++) {
  const pickup = pointInCircle(city.center, city.radius_km, r.next(), r.next());
  const dropoff = destination(pickup, r.float(0, 360), r.float(0.5, 4));
  createOrder(world, account, {
    pickup: { address: `${i} Pickup St`, location: pickup },
    dropoff: { address: `${i} Dropoff Ave`, location: dropoff },
    items: [{ name: 'Meal', quantity: 1, unit_price: 1500 }],
    tip: 100,
  });
  if (i % 1000 === 999) world.clock.advanceBy(5000); // orders arrive over ~50 s (the steps run in the advance below)
}
const createMs = performance.now() - createStart;

const before = world.store.events.size;
const start = performance.now();
world.scheduler.advanceTo(world.clock.now() + 3_600_000);
const advanceMs = performance.now() - start;

const statuses: Record<string, number> = {};
for (const o of world.store.orders.all())
  statuses[o.order.status] = (statuses[o.order.status] ?? 0) + 1;
console.log(
  JSON.stringify({
    orders: ORDERS,
    trouble_rate: trouble ? 0.2 : 0,
    drivers: scenario.drivers.count,
    create_ms: createMs,
    advance_ms: advanceMs,
    events_fired: world.store.events.size - before,
    statuses,
    peak_rss_mb: process.resourceUsage().maxRSS / 1024,
    heap_used_mb: process.memoryUsage().heapUsed / 1024 / 1024,
  }),
);

import { roundLatLng } from '../domain/geo.js';
import type { Cancellation, Order, OrderStatus } from '../domain/api-types.js';
import { outcomeList } from '../domain/order-outcome.js';
import { outcomePlan } from '../domain/outcome-plan.js';
import { canTransition } from '../domain/order-status.js';
import { planRoute } from '../domain/route.js';
import { SeededRandom } from '../domain/seeded-random.js';
import { trafficFactor } from '../domain/traffic-profile.js';
import { addTrouble } from '../domain/trip-trouble.js';
import {
  planTrip,
  retimePickup,
  shownTimes,
  tripPosition,
  VEHICLE_SPEED_KMH,
  type Trip,
} from '../domain/trip.js';
import type { DriverRecord, OrderRecord } from '../store/state.js';
import type { World } from '../world/world.js';
import { publishEvent } from './publish-event.js';

/**
 * The lifecycle's state changes. Each one checks the transition table, appends to the timeline,
 * updates the ETA and the driver, and emits its event, so every path (dispatch, the clock, the
 * control plane, a scenario script, a customer's DELETE) changes an order the same way. Callers
 * decide whether a change is allowed (the cancellation policy, `advanceOrder`); these only do it.
 */

function move(world: World, order: Order, to: OrderStatus): string {
  if (!canTransition(order.status, to)) {
    throw new Error(`invariant: ${order.order_id} cannot go from ${order.status} to ${to}`);
  }
  const now = world.clock.iso();
  order.status = to;
  order.timeline.push({ status: to, at: now });
  order.updated_at = now;
  return now;
}

const iso = (ms: number): string => new Date(ms).toISOString();

/** Frees the order's driver where it stands now. */
function releaseDriver(world: World, record: OrderRecord): void {
  const trip = record.trip;
  const driver = trip ? world.store.drivers.get(trip.driver_id) : undefined;
  if (!trip || !driver || driver.order_id !== record.order.order_id) return;
  driver.location = roundLatLng(
    tripPosition(trip, record.order.status, world.clock.now()).location,
  );
  world.drivers.markChanged(driver);
  world.store.drivers.touch(driver.driver_id);
  driver.status = driver.offline_after_trip ? 'offline' : 'available';
  delete driver.offline_after_trip;
  driver.order_id = null;
}

/** The order's ETAs as its trip shows them at `now` (epoch ms to ISO). */
function etaOf(trip: Trip, now: number): Order['eta'] {
  const shown = shownTimes(trip, now);
  return { pickup_at: iso(shown.pickup_depart_at), dropoff_at: iso(shown.dropoff_arrive_at) };
}

/**
 * `pending → driver_assigned`: `driver` accepts and sets off to the pickup. The order's outcomes
 * bend the pace and the wait (slow_driver, fast), and add the trouble on the road (a drop on the way,
 * a late restaurant, traffic, a stale stretch), drawn from a generator of the seed, the order and
 * how many drivers dropped it before: the same requests give the same trip.
 */
export function assignDriver(world: World, record: OrderRecord, driver: DriverRecord): void {
  const { order } = record;
  const { scenario } = world;
  const now = world.clock.now();
  const plan = outcomePlan(outcomeList(record.outcome), scenario.timing);
  const dropped = record.dropped_by?.length ?? 0;
  const traffic = trafficFactor(scenario.traffic.profile, now, scenario.city.center);
  const speed =
    VEHICLE_SPEED_KMH[driver.vehicle.type] * driver.speed_factor * plan.speedFactor * traffic;
  const planned = planTrip({
    driverId: driver.driver_id,
    speedKmh: Math.round(speed * 10) / 10,
    toPickup: planRoute(driver.location, order.pickup.location, scenario.routes),
    toDropoff: planRoute(order.pickup.location, order.dropoff.location, scenario.routes),
    pickupWaitMs: plan.pickupWait,
    now,
  });
  // Only the first driver drops the order; the trouble on the road is the last driver's.
  const trip = addTrouble(
    planned,
    { ...plan.trouble, drop: dropped === 0 ? plan.drop : null },
    new SeededRandom(`${scenario.seed}:trip:${order.order_id}:${dropped}`),
  );
  // Only the trip-related state is set before move(): move() validates the transition first.
  move(world, order, 'driver_assigned');
  record.trip = trip;
  order.driver = {
    driver_id: driver.driver_id,
    name: driver.name,
    phone: driver.phone,
    rating: driver.rating,
    vehicle: { ...driver.vehicle },
  };
  order.eta = etaOf(trip, now);
  driver.status = 'on_order';
  driver.order_id = order.order_id;
  world.drivers.markChanged(driver);
  world.store.drivers.touch(driver.driver_id);
  publishEvent(world, 'order.driver_assigned', { order });
}

/**
 * `driver_assigned → pending`, without an event (none of the six says it): the driver drops the
 * order where it stands and is free again; the order has no driver and no ETA until dispatch finds
 * another (a second `order.driver_assigned`) or the system cancels.
 */
export function dropDriver(world: World, record: OrderRecord): void {
  const { order, trip } = record;
  if (!trip) return;
  releaseDriver(world, record);
  move(world, order, 'pending');
  record.dropped_by = [...(record.dropped_by ?? []), trip.driver_id];
  record.trip = null;
  order.driver = null;
  order.eta = { pickup_at: null, dropoff_at: null };
}

/** The ETAs move (a late restaurant, traffic): the order shows the trip's next estimate, without an event. */
export function reviseEta(world: World, record: OrderRecord): void {
  if (!record.trip || record.order.status !== 'driver_assigned') return;
  const now = world.clock.now();
  record.order.eta = etaOf(record.trip, now);
  record.order.updated_at = iso(now);
}

/** `driver_assigned → picked_up`; if the clock has not reached the planned pickup, it happens now. */
export function pickUp(world: World, record: OrderRecord): void {
  const { order } = record;
  move(world, order, 'picked_up');
  const now = world.clock.now();
  if (record.trip && record.trip.pickup_depart_at !== now)
    record.trip = retimePickup(record.trip, now);
  order.eta = {
    pickup_at: iso(now),
    dropoff_at: record.trip ? iso(record.trip.dropoff_arrive_at) : order.eta.dropoff_at,
  };
  publishEvent(world, 'order.picked_up', { order });
}

/** `picked_up → delivered`: the driver hands the order over and is free again at the dropoff. */
export function deliver(world: World, record: OrderRecord): void {
  const { order } = record;
  move(world, order, 'delivered');
  const now = world.clock.now();
  if (record.trip) {
    record.trip = {
      ...record.trip,
      dropoff_arrive_at: Math.min(record.trip.dropoff_arrive_at, now),
    };
  }
  order.eta = { pickup_at: order.eta.pickup_at, dropoff_at: iso(now) };
  releaseDriver(world, record);
  publishEvent(world, 'order.delivered', { order });
}

/** `pending | driver_assigned → cancelled`, as the cancellation policy allowed it. */
export function cancel(
  world: World,
  record: OrderRecord,
  cancellation: Omit<Cancellation, 'at'>,
): void {
  const { order } = record;
  releaseDriver(world, record);
  const at = move(world, order, 'cancelled');
  order.cancellation = { ...cancellation, at };
  order.eta = { pickup_at: null, dropoff_at: null };
  publishEvent(world, 'order.cancelled', { order });
}

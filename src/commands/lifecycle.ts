import { roundLatLng } from '../domain/geo.js';
import type { Cancellation, Order, OrderStatus } from '../domain/api-types.js';
import { outcomePlan } from '../domain/order-outcome.js';
import { canTransition } from '../domain/order-status.js';
import { planRoute } from '../domain/route.js';
import { planTrip, retimePickup, tripPosition, VEHICLE_SPEED_KMH } from '../domain/trip.js';
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

/** `pending → driver_assigned`: `driver` accepts and sets off to the pickup. */
export function assignDriver(world: World, record: OrderRecord, driver: DriverRecord): void {
  const { order } = record;
  const { scenario } = world;
  // A per-order outcome (slow_driver, fast) bends the pace and the wait; none leaves them as they are.
  const plan = outcomePlan(record.outcome, scenario.timing);
  const speed = VEHICLE_SPEED_KMH[driver.vehicle.type] * driver.speed_factor * plan.speedFactor;
  const trip = planTrip({
    driverId: driver.driver_id,
    speedKmh: Math.round(speed * 10) / 10,
    toPickup: planRoute(driver.location, order.pickup.location, scenario.routes),
    toDropoff: planRoute(order.pickup.location, order.dropoff.location, scenario.routes),
    pickupWaitMs: plan.pickupWait,
    now: world.clock.now(),
  });
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
  order.eta = { pickup_at: iso(trip.pickup_depart_at), dropoff_at: iso(trip.dropoff_arrive_at) };
  driver.status = 'on_order';
  driver.order_id = order.order_id;
  world.drivers.markChanged(driver);
  world.store.drivers.touch(driver.driver_id);
  publishEvent(world, 'order.driver_assigned', { order });
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

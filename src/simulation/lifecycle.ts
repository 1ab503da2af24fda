import { roundLatLng } from '../domain/geo.js';
import type { CancelledBy, Order, OrderStatus } from '../domain/order.js';
import { canTransition } from '../domain/order-status.js';
import { cancellationFee } from '../domain/pricing.js';
import { planRoute } from '../domain/route.js';
import { planTrip, retimePickup, tripPosition, VEHICLE_SPEED_KMH } from '../domain/trip.js';
import type { SandboxContext } from '../service/context.js';
import { publishEvent } from '../service/publish-event.js';
import type { DriverRecord, OrderRecord } from '../store/state.js';

/**
 * The lifecycle's state changes. Each one checks the transition table, appends to the timeline,
 * updates the ETA and the driver, and emits its event, so every path (dispatch, the clock, the
 * control plane, a customer's DELETE) changes an order the same way.
 */

function move(ctx: SandboxContext, order: Order, to: OrderStatus): string {
  if (!canTransition(order.status, to)) {
    throw new Error(`invariant: ${order.order_id} cannot go from ${order.status} to ${to}`);
  }
  const now = ctx.clock.iso();
  order.status = to;
  order.timeline.push({ status: to, at: now });
  order.updated_at = now;
  return now;
}

const iso = (ms: number): string => new Date(ms).toISOString();

/** Frees the order's driver where it stands now. */
function releaseDriver(ctx: SandboxContext, record: OrderRecord): void {
  const trip = record.trip;
  const driver = trip ? ctx.store.drivers.get(trip.driver_id) : undefined;
  if (!trip || !driver || driver.order_id !== record.order.order_id) return;
  driver.location = roundLatLng(tripPosition(trip, record.order.status, ctx.clock.now()).location);
  ctx.drivers.markChanged(driver);
  driver.status = driver.offline_after_trip ? 'offline' : 'available';
  delete driver.offline_after_trip;
  driver.order_id = null;
}

/** `pending → driver_assigned`: `driver` accepts and sets off to the pickup. */
export function assignDriver(ctx: SandboxContext, record: OrderRecord, driver: DriverRecord): void {
  const { order } = record;
  const now = ctx.clock.now();
  const trip = planTrip({
    driverId: driver.driver_id,
    speedKmh: Math.round(VEHICLE_SPEED_KMH[driver.vehicle.type] * driver.speed_factor * 10) / 10,
    toPickup: planRoute(driver.location, order.pickup.location, ctx.scenario.routes),
    toDropoff: planRoute(order.pickup.location, order.dropoff.location, ctx.scenario.routes),
    pickupWaitMs: ctx.scenario.timing.pickup_wait,
    now,
  });
  // Only the trip-related state is set before move(): move() validates the transition first.
  move(ctx, order, 'driver_assigned');
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
  ctx.drivers.markChanged(driver);
  publishEvent(ctx, 'order.driver_assigned', { order });
}

/** `driver_assigned → picked_up`; if the clock has not reached the planned pickup, it happens now. */
export function pickUp(ctx: SandboxContext, record: OrderRecord): void {
  const { order } = record;
  move(ctx, order, 'picked_up');
  const now = ctx.clock.now();
  if (record.trip && record.trip.pickup_depart_at !== now)
    record.trip = retimePickup(record.trip, now);
  order.eta = {
    pickup_at: iso(now),
    dropoff_at: record.trip ? iso(record.trip.dropoff_arrive_at) : order.eta.dropoff_at,
  };
  publishEvent(ctx, 'order.picked_up', { order });
}

/** `picked_up → delivered`: the driver hands the order over and is free again at the dropoff. */
export function deliver(ctx: SandboxContext, record: OrderRecord): void {
  const { order } = record;
  move(ctx, order, 'delivered');
  const now = ctx.clock.now();
  if (record.trip) {
    record.trip = {
      ...record.trip,
      dropoff_arrive_at: Math.min(record.trip.dropoff_arrive_at, now),
    };
  }
  order.eta = { pickup_at: order.eta.pickup_at, dropoff_at: iso(now) };
  releaseDriver(ctx, record);
  publishEvent(ctx, 'order.delivered', { order });
}

/**
 * `pending | driver_assigned → cancelled`. A customer who cancels after assignment owes the
 * scenario's cancellation fee; cancellations by the restaurant or the system are free.
 */
export function cancelOrder(
  ctx: SandboxContext,
  record: OrderRecord,
  by: CancelledBy,
  reason: string | null,
): void {
  const { order } = record;
  const charged = by === 'customer' && order.status === 'driver_assigned';
  const fee = charged
    ? cancellationFee(order.pricing.delivery_fee, ctx.scenario.fees)
    : { amount: 0, currency: order.pricing.currency };
  releaseDriver(ctx, record);
  const at = move(ctx, order, 'cancelled');
  order.cancellation = { cancelled_by: by, reason, fee, at };
  order.eta = { pickup_at: null, dropoff_at: null };
  publishEvent(ctx, 'order.cancelled', { order });
}

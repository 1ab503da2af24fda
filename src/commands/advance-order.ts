import type { Order, OrderStatus } from '../domain/api-types.js';
import { HAPPY_PATH, nextStatus } from '../domain/order-status.js';
import { fail } from '../errors/service-error.js';
import type { OrderRecord } from '../store/state.js';
import type { World } from '../world/world.js';
import { findOrder } from './find-order.js';
import { assignDriver, deliver, pickUp } from './lifecycle.js';
import { nearestDriverFor } from './nearest-driver.js';

/** The statuses an order can be advanced to on demand. */
export type AdvanceTarget = 'driver_assigned' | 'picked_up' | 'delivered';

/**
 * On-demand control (`POST /__sandbox/orders/{id}/advance`, scenario scripts, `sandbox.advanceOrder`):
 * moves an order one step along the happy path, or straight to `to`, running every step in between
 * with its events. Assignment takes the nearest available driver within the dispatch radius, or
 * failing that the nearest anywhere: an explicit command should not fail because of distance. A
 * driver who dropped the order is not one of them, as in dispatch (`nearestDriverFor`).
 */
export function advanceOrder(world: World, id: string, to?: OrderStatus): Order {
  const record = findOrder(world, id);
  const { order } = record;
  const from = order.status;
  const target = to ?? nextStatus(from);
  if (target === undefined)
    throw fail('order_finished', { id, status: from }, { as: 'invalid_request' });
  const path = HAPPY_PATH.join(' → ');
  if (target === 'cancelled') throw fail('invalid_transition', { id, from, to: target, path });
  if (target === from) return order;
  const fromIndex = HAPPY_PATH.indexOf(from);
  const toIndex = HAPPY_PATH.indexOf(target);
  if (fromIndex < 0 || toIndex < fromIndex) {
    throw fail('invalid_transition', { id, from, to: target, path });
  }
  for (const step of HAPPY_PATH.slice(fromIndex + 1, toIndex + 1)) runStep(world, record, step);
  return order;
}

function runStep(world: World, record: OrderRecord, step: OrderStatus): void {
  if (step === 'driver_assigned') {
    const driver =
      nearestDriverFor(world, record, world.scenario.dispatch.radius_km) ??
      nearestDriverFor(world, record, Number.POSITIVE_INFINITY);
    if (!driver) throw fail('no_driver_available');
    assignDriver(world, record, driver);
  } else if (step === 'picked_up') {
    pickUp(world, record);
  } else if (step === 'delivered') {
    deliver(world, record);
  }
}

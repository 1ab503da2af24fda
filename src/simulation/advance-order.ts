import type { Order, OrderStatus } from '../domain/order.js';
import { HAPPY_PATH, nextStatus } from '../domain/order-status.js';
import type { SandboxContext } from '../service/context.js';
import { errors } from '../service/errors.js';
import type { OrderRecord } from '../store/state.js';
import { assignDriver, deliver, pickUp } from './lifecycle.js';

/**
 * On-demand control (`POST /__sandbox/orders/{id}/advance`): moves an order one step along the
 * happy path, or straight to `to`, running every step in between with its events. Assignment takes
 * the nearest available driver within the dispatch radius, or failing that the nearest anywhere:
 * an explicit command should not fail because of distance.
 */
export function advanceOrder(ctx: SandboxContext, id: string, to?: OrderStatus): Order {
  const record = ctx.store.orders.get(id);
  if (!record) throw errors.orderNotFound(id);
  const { order } = record;
  const from = order.status;
  const target = to ?? nextStatus(from);
  if (target === undefined) {
    throw errors.invalid(
      `The order ${id} is ${from}; there is no further step`,
      'order_id',
      'order_finished',
    );
  }
  if (target === 'cancelled') {
    throw errors.invalid(
      'Use POST /__sandbox/orders/{id}/cancel (or DELETE /v1/orders/{id}) to cancel an order',
      'to',
      'invalid_transition',
    );
  }
  if (target === from) return order;
  const fromIndex = HAPPY_PATH.indexOf(from);
  const toIndex = HAPPY_PATH.indexOf(target);
  if (fromIndex < 0 || toIndex < fromIndex) {
    throw errors.invalid(
      `The order ${id} is ${from} and cannot go to ${target}; orders only move forward (${HAPPY_PATH.join(' → ')})`,
      'to',
      'invalid_transition',
    );
  }
  for (const step of HAPPY_PATH.slice(fromIndex + 1, toIndex + 1)) runStep(ctx, record, step);
  return order;
}

function runStep(ctx: SandboxContext, record: OrderRecord, step: OrderStatus): void {
  if (step === 'driver_assigned') {
    const at = record.order.pickup.location;
    const near = ctx.drivers.search(at, ctx.scenario.dispatch.radius_km, 1, { count: false })
      .matches[0];
    const match =
      near ?? ctx.drivers.search(at, Number.POSITIVE_INFINITY, 1, { count: false }).matches[0];
    if (!match) {
      throw errors.invalid(
        'No driver is available to assign: every driver is offline or on an order; finish or cancel an order, or add drivers to the scenario',
        'order_id',
        'no_driver_available',
      );
    }
    assignDriver(ctx, record, match.driver);
  } else if (step === 'picked_up') {
    pickUp(ctx, record);
  } else if (step === 'delivered') {
    deliver(ctx, record);
  }
}

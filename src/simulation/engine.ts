import type { SandboxEvent } from '../events/event-bus.js';
import { cancelOrder } from '../commands/cancel-order.js';
import { assignDriver, deliver, dropDriver, pickUp, reviseEta } from '../commands/lifecycle.js';
import { nearestDriverFor } from '../commands/nearest-driver.js';
import { outcomeList } from '../domain/order-outcome.js';
import {
  DRIVER_LOST_REASON,
  LOST_DRIVER_SEARCH_MS,
  outcomePlan,
  RESTAURANT_CANCEL_REASON,
  type OutcomePlan,
} from '../domain/outcome-plan.js';
import type { Order } from '../domain/api-types.js';
import { nextEtaMove } from '../domain/trip.js';
import type { OrderRecord } from '../store/state.js';
import type { World } from '../world/world.js';

/** How often dispatch tries again when no driver is near. */
export const DISPATCH_RETRY_MS = 30_000;

/**
 * Turns clock time into lifecycle changes. It listens to the event bus, so every path that changes
 * an order (dispatch, the clock, an on-demand advance, a customer's DELETE) schedules the order's
 * next step the same way, and each order has at most one step waiting:
 *
 * - `order.created`: dispatch after `timing.assign_after`, then every 30 s, and a system
 *   cancellation (`no_driver_available`) at `timing.no_driver_timeout`;
 * - `order.driver_assigned`: the pickup when the trip leaves the pickup;
 * - `order.picked_up`: the delivery when the trip reaches the dropoff;
 * - `order.delivered`, `order.cancelled`: nothing more.
 *
 * An order created with a `Sandbox-Outcome` (or drawn one by the scenario's `outcomes` rates)
 * follows its outcomes' plan instead (`outcomePlan`): no dispatch and a system cancellation
 * (`no_driver`, `system_cancels`), dispatch at once (`fast`), the restaurant cancelling when the
 * driver reaches the pickup (`restaurant_cancels`), the driver dropping the order at its trip's
 * `drop_at` (back to pending; dispatch again 30 s later, `driver_reassigned`, or the system cancels
 * 2 min later, `driver_lost`), and the ETAs moving at the trip's `earlier_etas` (`pickup_delay`,
 * `eta_slip`). Each of these is the order's one waiting step, and schedules the next.
 */
export class SimulationEngine {
  /** Each unfinished order's waiting step (its scheduler id), or the last that ran. */
  private readonly waiting = new Map<string, number>();

  constructor(private readonly world: World) {}

  /** Subscribes to the world's events (the world's bus lives and dies with it). */
  attach(): void {
    this.world.bus.subscribe((event) => this.onEvent(event));
  }

  /**
   * Schedules the next step of every unfinished order from its state alone: what a restart or an
   * import of the state needs. Dispatch of a pending order resumes on its 30-second cadence.
   */
  rebuild(): void {
    const now = this.world.clock.now();
    for (const record of this.world.store.orders.all()) {
      const { order, trip } = record;
      const plan = this.plan(record);
      if (order.status === 'pending') {
        const dropped = (record.dropped_by?.length ?? 0) > 0;
        if (dropped && plan.drop === 'lost') {
          this.scheduleLostCancel(record, pendingSince(order));
          continue;
        }
        if (plan.dispatchAfter === null) {
          this.schedulePendingCancel(record, plan, now);
          continue;
        }
        const first = pendingSince(order) + (dropped ? DISPATCH_RETRY_MS : plan.dispatchAfter);
        const behind = Math.max(0, Math.ceil((now - first) / DISPATCH_RETRY_MS));
        this.scheduleDispatch(record, first + behind * DISPATCH_RETRY_MS);
      } else if (order.status === 'driver_assigned' && trip) {
        this.afterAssign(record, plan);
      } else if (order.status === 'picked_up' && trip) {
        this.schedule(record, trip.dropoff_arrive_at, () => deliver(this.world, record));
      }
    }
  }

  private onEvent(event: SandboxEvent): void {
    const record = this.world.store.orders.get(event.data.order.order_id);
    if (!record) return;
    const { trip } = record;
    switch (event.event) {
      case 'order.created': {
        const plan = this.plan(record);
        if (plan.dispatchAfter === null) this.schedulePendingCancel(record, plan, 0);
        else
          this.scheduleDispatch(record, Date.parse(record.order.created_at) + plan.dispatchAfter);
        break;
      }
      case 'order.driver_assigned':
        if (trip) this.afterAssign(record, this.plan(record));
        break;
      case 'order.picked_up':
        if (trip) this.schedule(record, trip.dropoff_arrive_at, () => deliver(this.world, record));
        break;
      case 'order.delivered':
      case 'order.cancelled':
        this.world.scheduler.cancel(this.waiting.get(record.order.order_id));
        this.waiting.delete(record.order.order_id);
        break;
      case 'payment.completed':
        break;
    }
  }

  private plan(record: OrderRecord): OutcomePlan {
    return outcomePlan(outcomeList(record.outcome), this.world.scenario.timing);
  }

  /** The next step of an assigned order: the drop, an ETA that moves, or what happens at the pickup. */
  private afterAssign(record: OrderRecord, plan: OutcomePlan): void {
    const { trip } = record;
    if (!trip) return;
    if (trip.drop_at !== undefined) {
      this.schedule(record, trip.drop_at, () => this.drop(record, plan));
      return;
    }
    const move = nextEtaMove(trip, this.world.clock.now());
    if (move === undefined) {
      this.scheduleAtPickup(record, plan);
      return;
    }
    this.schedule(record, move, () => {
      if (record.order.status !== 'driver_assigned') return;
      reviseEta(this.world, record);
      this.afterAssign(record, plan);
    });
  }

  /** The driver drops the order: dispatch looks again 30 s later, or (`driver_lost`) nobody will. */
  private drop(record: OrderRecord, plan: OutcomePlan): void {
    if (record.order.status !== 'driver_assigned') return;
    dropDriver(this.world, record);
    const now = this.world.clock.now();
    if (plan.drop === 'lost') this.scheduleLostCancel(record, now);
    else this.scheduleDispatch(record, now + DISPATCH_RETRY_MS);
  }

  /** `driver_lost`: the system cancels `LOST_DRIVER_SEARCH_MS` after the drop, free of charge. */
  private scheduleLostCancel(record: OrderRecord, droppedAt: number): void {
    this.schedule(record, droppedAt + LOST_DRIVER_SEARCH_MS, () => {
      if (record.order.status !== 'pending') return;
      cancelOrder(this.world, {
        orderId: record.order.order_id,
        by: 'system',
        reason: DRIVER_LOST_REASON,
      });
    });
  }

  /** An outcome that ends while pending (`no_driver`, `system_cancels`): its cancellation, never before `notBefore`. */
  private schedulePendingCancel(record: OrderRecord, plan: OutcomePlan, notBefore: number): void {
    const cancel = plan.cancelPending;
    if (!cancel) return;
    const at = Math.max(notBefore, Date.parse(record.order.created_at) + cancel.after);
    this.schedule(record, at, () => {
      if (record.order.status !== 'pending') return;
      cancelOrder(this.world, {
        orderId: record.order.order_id,
        by: cancel.by,
        reason: cancel.reason,
      });
    });
  }

  /** What happens at the pickup: the pickup itself, or (`restaurant_cancels`) the restaurant cancelling as the driver arrives. */
  private scheduleAtPickup(record: OrderRecord, plan: OutcomePlan): void {
    const { trip } = record;
    if (!trip) return;
    if (!plan.restaurantCancelsAtPickup) {
      this.schedule(record, trip.pickup_depart_at, () => pickUp(this.world, record));
      return;
    }
    this.schedule(record, trip.pickup_arrive_at, () => {
      if (record.order.status !== 'driver_assigned') return;
      cancelOrder(this.world, {
        orderId: record.order.order_id,
        by: 'restaurant',
        reason: RESTAURANT_CANCEL_REASON,
      });
    });
  }

  /**
   * Makes `step` the order's one waiting step. The id it replaces may be of a step that already
   * ran (nothing removes it then: cancelling a task that ran changes nothing), so a pending order
   * keeps one task in the queue, not two (issue 24: one is kept for every order a load creates).
   */
  private schedule(record: OrderRecord, at: number, step: (record: OrderRecord) => void): void {
    const id = record.order.order_id;
    this.world.scheduler.cancel(this.waiting.get(id));
    this.waiting.set(id, this.world.scheduler.schedule(at, step, record));
  }

  // A pending order's dispatch steps, made once: the queue keeps the record beside them, not a
  // closure of its own for every pending order (issue 24).
  private readonly dispatchStep = (record: OrderRecord): void => this.dispatch(record, false);
  private readonly lastDispatchStep = (record: OrderRecord): void => this.dispatch(record, true);

  private scheduleDispatch(record: OrderRecord, at: number): void {
    const deadline = pendingSince(record.order) + this.world.scenario.timing.no_driver_timeout;
    if (at >= deadline) {
      this.schedule(record, deadline, this.lastDispatchStep);
    } else {
      this.schedule(record, at, this.dispatchStep);
    }
  }

  /** One dispatch attempt: the nearest available driver within the dispatch radius, if any. */
  private dispatch(record: OrderRecord, last: boolean): void {
    if (record.order.status !== 'pending') return;
    const driver = nearestDriverFor(this.world, record, this.world.scenario.dispatch.radius_km);
    if (driver) {
      assignDriver(this.world, record, driver);
    } else if (last) {
      cancelOrder(this.world, {
        orderId: record.order.order_id,
        by: 'system',
        reason: 'no_driver_available',
      });
    } else {
      this.scheduleDispatch(record, this.world.clock.now() + DISPATCH_RETRY_MS);
    }
  }
}

/** Since when the order has been waiting for a driver: its creation, or the last drop (epoch ms). */
function pendingSince(order: Order): number {
  const last = order.timeline.at(-1);
  return Date.parse(last?.status === 'pending' ? last.at : order.created_at);
}

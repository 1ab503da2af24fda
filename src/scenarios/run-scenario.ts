import { parseDuration } from '../domain/duration.js';
import type { SandboxContext } from '../service/context.js';
import { errors } from '../service/errors.js';
import { cancelOrderAsCustomer, createOrder } from '../service/orders.js';
import { payOrder } from '../service/payments.js';
import { isCancellable } from '../domain/order-status.js';
import { advanceOrder } from '../simulation/advance-order.js';
import { cancelOrder } from '../simulation/lifecycle.js';
import type { AccountRecord } from '../store/state.js';
import { ScenarioError } from './load-scenario.js';
import type { OrderBody, ScriptStep } from './scenario.js';

/**
 * Brings a scenario to life in a fresh context: creates its pre-existing orders (moving each to its
 * status, so their history is in the event log), then schedules its script on the virtual clock.
 * Returns a function that stops the script (its event-triggered steps) for a reset.
 */
export function runScenario(ctx: SandboxContext): () => void {
  const { scenario } = ctx;
  const refs = new Map<string, string>();
  const account = (id: string | undefined): AccountRecord => {
    const found = ctx.store.accounts.get(id ?? scenario.accounts[0]?.id ?? '');
    if (!found)
      throw new ScenarioError(
        `${scenario.name}: no account "${id ?? ''}"; use one of the scenario's accounts`,
      );
    return found;
  };

  scenario.orders.forEach((spec, i) => {
    try {
      const owner = account(spec.account);
      const { order_id } = createOrder(ctx, owner, spec.order);
      if (spec.ref) refs.set(spec.ref, order_id);
      const status = spec.status ?? 'pending';
      if (spec.paid) payOrder(ctx, owner, order_id, { payment_method: 'pm_card_visa' });
      if (status === 'cancelled') {
        if ((spec.cancelled_by ?? 'customer') === 'customer')
          cancelOrderAsCustomer(ctx, owner, order_id);
        else
          cancelOrder(
            ctx,
            ctx.store.orders.get(order_id)!,
            spec.cancelled_by!,
            `cancelled_by_${spec.cancelled_by}`,
          );
      } else if (status !== 'pending') {
        advanceOrder(ctx, order_id, status);
      }
    } catch (err) {
      if (err instanceof ScenarioError) throw err;
      throw new ScenarioError(`${scenario.name}: orders.${i}: ${(err as Error).message}`);
    }
  });

  const start = ctx.clock.now();
  const log = ctx.logger.child({ scenario: scenario.name });
  const run = (step: ScriptStep, index: number): void => {
    try {
      runStep(ctx, step, refs, account);
      log.info({ step: index, do: step.do }, `script step ${index}: ${step.do}`);
    } catch (err) {
      log.warn(
        { step: index, do: step.do, err: (err as Error).message },
        `script step ${index} (${step.do}) failed: ${(err as Error).message}`,
      );
    }
  };
  const unsubscribers: (() => void)[] = [];
  scenario.script.forEach((step, index) => {
    const delay = parseDuration(step.delay ?? 0) ?? 0;
    if (step.after) {
      const { event, order } = step.after;
      let done = false;
      const unsubscribe = ctx.bus.subscribe((e) => {
        if (
          done ||
          e.event !== event ||
          (order !== undefined && e.data.order.order_id !== refs.get(order))
        )
          return;
        done = true;
        ctx.scheduler.schedule(ctx.clock.now() + delay, () => run(step, index));
      });
      unsubscribers.push(unsubscribe);
    } else {
      ctx.scheduler.schedule(Math.max(ctx.clock.now(), resolveAt(step.at, start) + delay), () =>
        run(step, index),
      );
    }
  });
  return () => unsubscribers.forEach((u) => u());
}

/** `"5m"` after the start, or an ISO time; nothing means at the start. */
function resolveAt(at: string | undefined, start: number): number {
  if (at === undefined) return start;
  const offset = parseDuration(at);
  return offset !== undefined ? start + offset : Date.parse(at);
}

function runStep(
  ctx: SandboxContext,
  step: ScriptStep,
  refs: Map<string, string>,
  account: (id: string | undefined) => AccountRecord,
): void {
  const orderId = (): string => {
    const ref = step.order as string;
    const id = refs.get(ref) ?? (ref.startsWith('ord_') ? ref : undefined);
    if (!id)
      throw errors.invalid(
        `no order "${ref}" yet: create it (with ref: ${ref}) in an earlier step`,
        'order',
      );
    return id;
  };
  const driver = () => {
    const d = ctx.store.drivers.get(step.driver ?? '');
    if (!d) throw errors.invalid(`no driver "${step.driver ?? ''}"`, 'driver');
    return d;
  };
  switch (step.do) {
    case 'create_order': {
      const { order_id } = createOrder(ctx, account(step.account), step.order as OrderBody);
      if (step.ref) refs.set(step.ref, order_id);
      return;
    }
    case 'advance_order':
      advanceOrder(ctx, orderId(), step.to);
      return;
    case 'cancel_order': {
      const id = orderId();
      const record = ctx.store.orders.get(id);
      if (!record) throw errors.orderNotFound(id);
      if (record.order.status !== 'cancelled' && !isCancellable(record.order.status)) {
        throw errors.invalid(
          `the order ${id} is ${record.order.status} and can no longer be cancelled`,
          'order',
        );
      }
      if (step.by === 'customer') cancelOrderAsCustomer(ctx, account(record.account_id), id);
      else if (record.order.status !== 'cancelled')
        cancelOrder(
          ctx,
          record,
          step.by ?? 'restaurant',
          step.reason ?? `cancelled_by_${step.by ?? 'restaurant'}`,
        );
      return;
    }
    case 'driver_offline': {
      const d = driver();
      if (d.status === 'on_order') d.offline_after_trip = true;
      else d.status = 'offline';
      ctx.drivers.markChanged(d);
      return;
    }
    case 'driver_online': {
      const d = driver();
      delete d.offline_after_trip;
      if (d.status === 'offline') d.status = 'available';
      ctx.drivers.markChanged(d);
      return;
    }
  }
}

import { advanceOrder } from '../commands/advance-order.js';
import { cancelOrder } from '../commands/cancel-order.js';
import { createOrder } from '../commands/create-order.js';
import { payOrder } from '../commands/pay-order.js';
import { setDriverOnline } from '../commands/set-driver-online.js';
import { parseDuration } from '../domain/duration.js';
import type { AccountRecord } from '../store/state.js';
import type { World } from '../world/world.js';
import { ScenarioError } from '../errors/scenario-error.js';
import { ServiceError } from '../errors/service-error.js';
import type { OrderBody, ScriptStep } from './scenario.js';

/**
 * Brings a scenario to life in a fresh world: creates its pre-existing orders (moving each to its
 * status, so their history is in the event log), then schedules its script on the world's clock.
 * Every step goes through the same commands as the API. The script lives and dies with the world
 * (its event-triggered steps listen on the world's bus).
 */
export function runScenario(world: World): void {
  const { scenario } = world;
  const refs = new Map<string, string>();
  const account = (id: string | undefined): AccountRecord => {
    const found = world.store.accounts.get(id ?? scenario.accounts[0]?.id ?? '');
    if (!found)
      throw new ScenarioError(
        `${scenario.name}: no account "${id ?? ''}"; use one of the scenario's accounts`,
      );
    return found;
  };

  scenario.orders.forEach((spec, i) => {
    try {
      const owner = account(spec.account);
      const { order_id } = createOrder(world, owner, spec.order);
      if (spec.ref) refs.set(spec.ref, order_id);
      const status = spec.status ?? 'pending';
      if (spec.paid) payOrder(world, owner, order_id, { payment_method: 'pm_card_visa' });
      if (status === 'cancelled') {
        cancelOrder(world, { orderId: order_id, by: spec.cancelled_by ?? 'customer' });
      } else if (status !== 'pending') {
        advanceOrder(world, order_id, status);
      }
    } catch (err) {
      if (err instanceof ScenarioError) throw err;
      // Not the scenario's fault: the sandbox's cap (--sandbox-max-orders), answered as such.
      if (err instanceof ServiceError && err.reason === 'sandbox_full') throw err;
      throw new ScenarioError(`${scenario.name}: orders.${i}: ${(err as Error).message}`);
    }
  });

  const start = world.clock.now();
  const log = world.logger.child({ scenario: scenario.name });
  const run = (step: ScriptStep, index: number): void => {
    try {
      runStep(world, step, refs, account);
      log.info({ step: index, do: step.do }, `script step ${index}: ${step.do}`);
    } catch (err) {
      log.warn(
        { step: index, do: step.do, err: (err as Error).message },
        `script step ${index} (${step.do}) failed: ${(err as Error).message}`,
      );
    }
  };
  scenario.script.forEach((step, index) => {
    const delay = parseDuration(step.delay ?? 0) ?? 0;
    if (step.after) {
      const { event, order } = step.after;
      let done = false;
      world.bus.subscribe((e) => {
        if (
          done ||
          e.event !== event ||
          (order !== undefined && e.data.order.order_id !== refs.get(order))
        )
          return;
        done = true;
        world.scheduler.schedule(world.clock.now() + delay, () => run(step, index));
      });
    } else {
      world.scheduler.schedule(Math.max(world.clock.now(), resolveAt(step.at, start) + delay), () =>
        run(step, index),
      );
    }
  });
}

/** `"5m"` after the start, or an ISO time; nothing means at the start. */
function resolveAt(at: string | undefined, start: number): number {
  if (at === undefined) return start;
  const offset = parseDuration(at);
  return offset !== undefined ? start + offset : Date.parse(at);
}

function runStep(
  world: World,
  step: ScriptStep,
  refs: Map<string, string>,
  account: (id: string | undefined) => AccountRecord,
): void {
  const orderId = (): string => {
    const ref = step.order as string;
    const id = refs.get(ref) ?? (ref.startsWith('ord_') ? ref : undefined);
    if (!id) {
      throw new ScenarioError(
        `no order "${ref}" yet: create it (with ref: ${ref}) in an earlier step`,
      );
    }
    return id;
  };
  switch (step.do) {
    case 'create_order': {
      const { order_id } = createOrder(world, account(step.account), step.order as OrderBody);
      if (step.ref) refs.set(step.ref, order_id);
      return;
    }
    case 'advance_order':
      advanceOrder(world, orderId(), step.to);
      return;
    case 'cancel_order':
      cancelOrder(world, { orderId: orderId(), by: step.by ?? 'restaurant', reason: step.reason });
      return;
    case 'driver_offline':
    case 'driver_online':
      setDriverOnline(world, step.driver ?? '', step.do === 'driver_online');
      return;
  }
}

// A property test over random mixes of per-order outcomes and client actions, on the sandbox's own
// engine in this process (the wiring of test/support/world.ts, a manual clock): whatever happens,
// the status table holds.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { advanceOrder } from '../src/commands/advance-order.js';
import { cancelOrder } from '../src/commands/cancel-order.js';
import { createOrder } from '../src/commands/create-order.js';
import type { Order } from '../src/domain/api-types.js';
import { ORDER_OUTCOMES, outcomeChoice, parseOutcomes } from '../src/domain/order-outcome.js';
import { canTransition } from '../src/domain/order-status.js';
import { ServiceError } from '../src/errors/service-error.js';
import { openWorld } from './support/world.js';

const MINUTE = 60_000;

/** Any valid combination of outcomes (or none): a random subset, kept when the header would be. */
const outcomes = fc
  .subarray([...ORDER_OUTCOMES], { maxLength: 3 })
  .map((names) => (names.length === 0 ? undefined : parseOutcomes(names.join(','))))
  .map((parsed) => (parsed?.ok ? parsed.outcomes : []));

type Step =
  | { do: 'create'; outcomes: string[] }
  | { do: 'clock'; minutes: number }
  | { do: 'cancel'; nth: number }
  | { do: 'advance'; nth: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  outcomes.map((o) => ({ do: 'create' as const, outcomes: o })),
  fc.integer({ min: 1, max: 15 }).map((minutes) => ({ do: 'clock' as const, minutes })),
  fc.nat(5).map((nth) => ({ do: 'cancel' as const, nth })),
  fc.nat(5).map((nth) => ({ do: 'advance' as const, nth })),
);

/** Runs `steps` on a fresh world, then 3 hours more, and returns each order's events. */
function run(steps: Step[], seed: string): Map<string, { event: string; order: Order }[]> {
  const world = openWorld({
    name: 'mix',
    seed,
    city: { name: 'Mix', center: { lat: 37.7749, lng: -122.4194 }, radius_km: 3 },
    accounts: [{ id: 'acct_mix', api_keys: ['sk_test_mix_0001'] }],
    drivers: { count: 8 },
    clock: { mode: 'manual', start: '2026-01-01T12:00:00.000Z' },
  });
  const account = world.store.accounts.all()[0]!;
  const ids: string[] = [];
  const tolerate = (act: () => void): void => {
    try {
      act();
    } catch (err) {
      // A refused action (cancel after pickup, advance of a finished order) is an answer, not a bug.
      if (!(err instanceof ServiceError)) throw err;
    }
  };
  for (const s of steps) {
    if (s.do === 'create') {
      const order = createOrder(
        world,
        account,
        { pickup: { address: '1 Market St' }, dropoff: { address: '2 Castro St' } },
        { outcome: outcomeChoice(s.outcomes as (typeof ORDER_OUTCOMES)[number][]) },
      );
      ids.push(order.order_id);
    } else if (s.do === 'clock') {
      world.scheduler.advanceTo(world.clock.now() + s.minutes * MINUTE);
    } else if (ids.length > 0) {
      const id = ids[s.nth % ids.length]!;
      if (s.do === 'cancel')
        tolerate(() => cancelOrder(world, { orderId: id, by: 'customer', account }));
      else tolerate(() => advanceOrder(world, id));
    }
  }
  world.scheduler.advanceTo(world.clock.now() + 3 * 60 * MINUTE);
  const byOrder = new Map<string, { event: string; order: Order }[]>(ids.map((id) => [id, []]));
  for (const e of world.store.events.all()) {
    if (!('order' in e.data)) continue;
    byOrder.get(e.data.order.order_id)?.push({ event: e.event, order: e.data.order });
  }
  world.dispose();
  return byOrder;
}

const FINAL = new Set(['order.delivered', 'order.cancelled']);

describe('random mixes of outcomes and client actions', () => {
  it('keep the status table: no event after a final one, at most one pickup, fees as documented, every order ends', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 14 }), fc.nat(3), (steps, s) => {
        for (const [, events] of run(steps, `mix-${s}`)) {
          const names = events.map((e) => e.event);
          const final = names.findIndex((n) => FINAL.has(n));
          // Every order ends within 3 hours, with exactly one final event, last.
          expect(final).toBe(names.length - 1);
          expect(names.filter((n) => n === 'order.picked_up').length).toBeLessThanOrEqual(1);
          const last = events.at(-1)!.order;
          // Its timeline follows the transition table, in time order.
          last.timeline.slice(1).forEach((t, i) => {
            expect(canTransition(last.timeline[i]!.status, t.status)).toBe(true);
            expect(Date.parse(t.at)).toBeGreaterThanOrEqual(Date.parse(last.timeline[i]!.at));
          });
          // A second assignment is another driver.
          const drivers = events
            .filter((e) => e.event === 'order.driver_assigned')
            .map((e) => e.order.driver!.driver_id);
          expect(new Set(drivers).size).toBe(drivers.length);
          if (last.status === 'cancelled') {
            const before = last.timeline.at(-2)!.status;
            const { cancelled_by, fee } = last.cancellation!;
            // Free unless the customer cancels with a driver on the order: then half the delivery
            // fee (the default cancellation_percent), whoever the driver is after a reassignment.
            const owed =
              cancelled_by === 'customer' && before === 'driver_assigned'
                ? Math.round(last.pricing.delivery_fee / 2)
                : 0;
            expect(fee.amount).toBe(owed);
          }
        }
      }),
      { numRuns: 60 },
    );
  });
});

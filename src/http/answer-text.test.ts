// The cached texts (and the events' snapshots) of an order, of its location and of a driver search (src/http/order-text.ts,
// location-text.ts, drivers-text.ts) against JSON.stringify of what the commands answer, after every way an order changes: a property test over random mixes of creates (with every trouble outcome), clock
// steps (assignments, drops and reassignments, ETA revisions, pickups, deliveries, system
// cancellations), client cancellations, forced advances and payments, each order read (so cached)
// before every change, at random instants between and on the drivers' reports. A change the cache
// did not see would answer a stale text here.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { advanceOrder } from '../commands/advance-order.js';
import { availableDrivers } from '../commands/available-drivers.js';
import { cancelOrder } from '../commands/cancel-order.js';
import { createOrder } from '../commands/create-order.js';
import { locationFix, orderLocation, type LocationFix } from '../commands/order-location.js';
import { payOrder } from '../commands/pay-order.js';
import { ORDER_OUTCOMES, outcomeChoice } from '../domain/order-outcome.js';
import { ServiceError } from '../errors/service-error.js';
import type { SandboxEvent } from '../events/event-bus.js';
import { openWorld } from '../../test/support/world.js';
import { availableDriversText } from './drivers-text.js';
import { locationText } from './location-text.js';
import { orderText } from './order-text.js';

const MINUTE = 60_000;
// A search read before every step, and another before some: reading it replaces the first one's
// kept text, which the next read of the first makes again.
const SEARCHES = [
  { lat: 37.7749, lng: -122.4194, radius: 5 },
  { lat: 37.79, lng: -122.41, radius: 1 },
];

type Step =
  | { do: 'create'; outcomes: string[] }
  | { do: 'clock'; seconds: number }
  | { do: 'cancel' | 'advance' | 'pay'; nth: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc
    .subarray([...ORDER_OUTCOMES], { maxLength: 2 })
    .map((o) => ({ do: 'create' as const, outcomes: o })),
  fc.integer({ min: 1, max: 900 }).map((seconds) => ({ do: 'clock' as const, seconds })),
  fc.integer({ min: 1, max: 25 }).map((seconds) => ({ do: 'clock' as const, seconds })),
  fc
    .constantFrom('cancel' as const, 'advance' as const, 'pay' as const)
    .chain((what) => fc.nat(5).map((nth) => ({ do: what, nth }))),
);

describe('the cached texts of orders, locations and driver searches', () => {
  it('are JSON.stringify of what the commands answer, after every change', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 20 }), fc.nat(3), (steps, seed) => {
        const world = openWorld({
          name: 'text',
          seed: `text-${seed}`,
          city: { name: 'Text', center: { lat: 37.7749, lng: -122.4194 }, radius_km: 3 },
          accounts: [{ id: 'acct_text', api_keys: ['sk_test_text_0001'] }],
          drivers: { count: 4 },
          clock: { mode: 'manual', start: '2026-01-01T12:00:00.000Z' },
        });
        const account = world.store.accounts.all()[0]!;
        const ids: string[] = [];
        // Each event's order as JSON when published, against the live order then: a snapshot
        // shared between events and idempotent answers (orderSnapshot) must never change after.
        const published: { event: SandboxEvent; text: string }[] = [];
        world.bus.subscribe((event) => {
          const text = JSON.stringify(event.data);
          expect(JSON.stringify(event.data.order)).toBe(
            JSON.stringify(world.store.orders.get(event.data.order.order_id)!.order),
          );
          published.push({ event, text });
        });
        const checkAll = (other = false): void => {
          for (const id of ids) {
            const { order } = world.store.orders.get(id)!;
            expect(orderText(order)).toBe(JSON.stringify(order));
            let fix: LocationFix | undefined;
            try {
              fix = locationFix(world, account, id);
            } catch (err) {
              if (!(err instanceof ServiceError)) throw err;
            }
            if (fix)
              expect(locationText(fix)).toBe(JSON.stringify(orderLocation(world, account, id)));
          }
          for (const query of other ? SEARCHES : SEARCHES.slice(0, 1))
            expect(availableDriversText(world, query)).toBe(
              JSON.stringify(availableDrivers(world, query)),
            );
        };
        const tolerate = (act: () => unknown): void => {
          try {
            act();
          } catch (err) {
            if (!(err instanceof ServiceError)) throw err;
          }
        };
        for (const s of steps) {
          checkAll(s.do === 'pay');
          if (s.do === 'create') {
            const outcome = outcomeChoice(s.outcomes as (typeof ORDER_OUTCOMES)[number][]);
            const input = {
              pickup: { address: '1 Market St' },
              dropoff: { address: '2 Castro St' },
            };
            ids.push(createOrder(world, account, input, { outcome }).order_id);
          } else if (s.do === 'clock') {
            world.scheduler.advanceTo(world.clock.now() + s.seconds * 1000);
          } else if (ids.length > 0) {
            const id = ids[s.nth % ids.length]!;
            if (s.do === 'cancel')
              tolerate(() => cancelOrder(world, { orderId: id, by: 'customer', account }));
            else if (s.do === 'advance') tolerate(() => advanceOrder(world, id));
            else tolerate(() => payOrder(world, account, id, { payment_method: 'pm_card_visa' }));
          }
        }
        checkAll();
        world.scheduler.advanceTo(world.clock.now() + 3 * 60 * MINUTE);
        checkAll();
        for (const p of published) expect(JSON.stringify(p.event.data)).toBe(p.text);
        world.dispose();
      }),
      { numRuns: 60 },
    );
  });

  it('is made again when a field changes in place, is added or is removed', () => {
    const order = { order_id: 'ord_1', status: 'pending', timeline: [{ status: 'pending' }] };
    const text = (o: object): string => orderText(o as Parameters<typeof orderText>[0]);
    expect(text(order)).toBe(JSON.stringify(order));
    order.status = 'driver_assigned';
    expect(text(order)).toBe(JSON.stringify(order));
    order.timeline.push({ status: 'driver_assigned' });
    expect(text(order)).toBe(JSON.stringify(order));
    Object.assign(order, { driver: { driver_id: 'drv_1' } });
    expect(text(order)).toBe(JSON.stringify(order));
    delete (order as { driver?: unknown }).driver;
    expect(text(order)).toBe(JSON.stringify(order));
    // The same object unchanged: the very same string (what the report and the trace compare).
    expect(text(order)).toBe(text(order));
  });
});

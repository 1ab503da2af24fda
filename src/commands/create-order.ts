import { geocode } from '../domain/geocode.js';
import { haversineKm, round } from '../domain/geo.js';
import type { Item, Order, Place } from '../domain/api-types.js';
import { drawOutcome, type OrderOutcomeChoice } from '../domain/order-outcome.js';
import { SeededRandom } from '../domain/seeded-random.js';
import { deliveryFee } from '../domain/pricing.js';
import { planRouteLengthKm } from '../domain/route.js';
import { fail } from '../errors/service-error.js';
import type { AccountRecord } from '../store/state.js';
import type { World } from '../world/world.js';
import { publishEvent } from './publish-event.js';

export interface PlaceInput {
  address: string;
  location?: { lat: number; lng: number };
  name?: string;
  phone?: string;
  instructions?: string;
}

/** The body of `POST /v1/orders`, already validated against the OpenAPI schema. */
export interface CreateOrderInput {
  pickup: PlaceInput;
  dropoff: PlaceInput;
  items?: Item[];
  tip?: number;
  external_reference?: string;
  metadata?: Record<string, string>;
}

// What a new order starts with when the request gives none, and no command changes in place (each
// is replaced by a new object or array: decision 24): one frozen object for every order, not one
// each, kept for as long as the order lives (issue 24).
const NO_ITEMS = Object.freeze([]) as readonly Item[] as Item[];
const NO_METADATA: Record<string, string> = Object.freeze({});
const UNPAID: Order['payment'] = Object.freeze({ status: 'unpaid', payment_id: null });
const NO_ETA: Order['eta'] = Object.freeze({ pickup_at: null, dropoff_at: null });

function toPlace(world: World, input: PlaceInput): Place {
  return {
    address: input.address,
    location: input.location
      ? { lat: input.location.lat, lng: input.location.lng }
      : geocode(input.address, world.scenario.city),
    name: input.name ?? null,
    phone: input.phone ?? null,
    instructions: input.instructions ?? null,
  };
}

/**
 * The outcome an order created without `Sandbox-Outcome` follows under the scenario's `outcomes`
 * rates: one draw from a generator of the seed and the order's id, so it depends on neither the
 * other orders nor the time of the request.
 */
function scenarioOutcome(world: World, orderId: string): OrderOutcomeChoice | undefined {
  const rates = world.scenario.outcomes;
  if (!Object.values(rates).some((r) => r > 0)) return undefined;
  return drawOutcome(rates, new SeededRandom(`${world.scenario.seed}:outcome:${orderId}`).next());
}

/**
 * Creates a pending order for `account` and emits `order.created`. `opts.outcome` (the
 * `Sandbox-Outcome` header) chooses its path through the lifecycle, else the scenario's
 * `outcomes` rates may; it is kept on the record.
 */
export function createOrder(
  world: World,
  account: AccountRecord,
  input: CreateOrderInput,
  opts: { outcome?: OrderOutcomeChoice | undefined } = {},
): Order {
  if (account.billing === 'delinquent') {
    throw fail('account_delinquent', { account_id: account.account_id });
  }
  const limit = world.orderLimit;
  if (limit && world.store.orders.size >= limit.maxOrders)
    throw fail('sandbox_full', { sandbox: limit.sandbox, limit: limit.maxOrders });
  const { scenario } = world;
  const pickup = toPlace(world, input.pickup);
  const dropoff = toPlace(world, input.dropoff);
  const straightKm = haversineKm(pickup.location, dropoff.location);
  const radius = scenario.city.service_radius_km;
  if (straightKm > radius)
    throw fail('out_of_service_area', { km: round(straightKm, 1), limit: radius });
  const distanceKm = round(
    planRouteLengthKm(pickup.location, dropoff.location, scenario.routes),
    2,
  );
  const fee = deliveryFee(distanceKm, scenario.fees);
  const tip = input.tip ?? 0;
  const now = world.clock.iso();
  const order: Order = {
    order_id: world.ids.next('ord'),
    status: 'pending',
    pickup,
    dropoff,
    items:
      input.items === undefined || input.items.length === 0
        ? NO_ITEMS
        : input.items.map((i) => ({
            name: i.name,
            quantity: i.quantity,
            unit_price: i.unit_price,
          })),
    driver: null,
    distance_km: distanceKm,
    pricing: { delivery_fee: fee, tip, total: fee + tip, currency: scenario.fees.currency },
    payment: UNPAID,
    eta: NO_ETA,
    cancellation: null,
    timeline: [{ status: 'pending', at: now }],
    external_reference: input.external_reference ?? null,
    metadata: input.metadata === undefined ? NO_METADATA : { ...input.metadata },
    created_at: now,
    updated_at: now,
  };
  const outcome = opts.outcome ?? scenarioOutcome(world, order.order_id);
  world.store.orders.insert({
    account_id: account.account_id,
    order,
    trip: null,
    ...(outcome === undefined ? {} : { outcome }),
  });
  publishEvent(world, 'order.created', { order });
  return order;
}

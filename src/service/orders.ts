import { geocode } from '../domain/geocode.js';
import { haversineKm, round } from '../domain/geo.js';
import type { Item, Order, Place } from '../domain/order.js';
import { isCancellable } from '../domain/order-status.js';
import { deliveryFee } from '../domain/pricing.js';
import { planRoute } from '../domain/route.js';
import { cancelOrder } from '../simulation/lifecycle.js';
import type { AccountRecord, OrderRecord } from '../store/state.js';
import type { SandboxContext } from './context.js';
import { errors, ServiceError } from './errors.js';
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

function toPlace(ctx: SandboxContext, input: PlaceInput): Place {
  return {
    address: input.address,
    location: input.location
      ? { lat: input.location.lat, lng: input.location.lng }
      : geocode(input.address, ctx.scenario.city),
    name: input.name ?? null,
    phone: input.phone ?? null,
    instructions: input.instructions ?? null,
  };
}

/** Creates a pending order for `account` and emits `order.created`. */
export function createOrder(
  ctx: SandboxContext,
  account: AccountRecord,
  input: CreateOrderInput,
): Order {
  if (account.billing === 'delinquent') {
    throw errors.paymentRequired(
      `The account ${account.account_id} has an unpaid balance and cannot create orders; settle its billing (in the sandbox: set billing: ok in the scenario)`,
      'account_delinquent',
    );
  }
  const pickup = toPlace(ctx, input.pickup);
  const dropoff = toPlace(ctx, input.dropoff);
  const straightKm = haversineKm(pickup.location, dropoff.location);
  const limit = ctx.scenario.city.service_radius_km;
  if (straightKm > limit) {
    throw errors.invalid(
      `The dropoff is ${round(straightKm, 1)} km from the pickup; the service delivers up to ${limit} km`,
      'dropoff',
      'out_of_service_area',
    );
  }
  const distanceKm = round(
    planRoute(pickup.location, dropoff.location, ctx.scenario.routes).lengthKm,
    2,
  );
  const fee = deliveryFee(distanceKm, ctx.scenario.fees);
  const tip = input.tip ?? 0;
  const now = ctx.clock.iso();
  const order: Order = {
    order_id: ctx.ids.next('ord'),
    status: 'pending',
    pickup,
    dropoff,
    items: (input.items ?? []).map((i) => ({
      name: i.name,
      quantity: i.quantity,
      unit_price: i.unit_price,
    })),
    driver: null,
    distance_km: distanceKm,
    pricing: { delivery_fee: fee, tip, total: fee + tip, currency: ctx.scenario.fees.currency },
    payment: { status: 'unpaid', payment_id: null },
    eta: { pickup_at: null, dropoff_at: null },
    cancellation: null,
    timeline: [{ status: 'pending', at: now }],
    external_reference: input.external_reference ?? null,
    metadata: { ...input.metadata },
    created_at: now,
    updated_at: now,
  };
  ctx.store.orders.insert({ account_id: account.account_id, order, trip: null });
  publishEvent(ctx, 'order.created', { order });
  return order;
}

/** The order `id` if `account` owns it: 404 when there is none, 403 when another account owns it. */
export function findOwnedOrder(
  ctx: SandboxContext,
  account: AccountRecord,
  id: string,
): OrderRecord {
  const record = ctx.store.orders.get(id);
  if (!record) throw errors.orderNotFound(id);
  if (record.account_id !== account.account_id) throw errors.otherAccount('order', id);
  return record;
}

/**
 * The customer cancels (`DELETE /v1/orders/{id}`): free while pending, with the scenario's fee once
 * a driver is assigned, refused after pickup. An already cancelled order is returned unchanged.
 */
export function cancelOrderAsCustomer(
  ctx: SandboxContext,
  account: AccountRecord,
  id: string,
): Order {
  const record = findOwnedOrder(ctx, account, id);
  const { order } = record;
  if (order.status === 'cancelled') return order;
  if (!isCancellable(order.status)) {
    const forbidden = ctx.scenario.rules.cancel_after_pickup === 'forbidden';
    throw new ServiceError(
      forbidden ? 'forbidden' : 'invalid_request',
      `The order ${id} is ${order.status}; an order can be cancelled only before the driver picks it up`,
      { param: 'order_id', reason: 'order_not_cancellable' },
    );
  }
  cancelOrder(ctx, record, 'customer', 'requested_by_customer');
  return order;
}

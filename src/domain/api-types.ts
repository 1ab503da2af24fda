import type { components, paths, webhooks } from './api-types.generated.js';

/**
 * The `/v1` types users import, named: each is a schema of openapi/v1.yaml, generated into
 * api-types.generated.ts (`npm run generate`), so they follow the contract with no hand copy.
 */

type Schemas = components['schemas'];

/** The OpenAPI document's paths, operations and components, for typed clients (openapi-fetch, …). */
export type { paths as V1Paths, components as V1Components, webhooks as V1Webhooks };

/** An order exactly as `GET /v1/orders/{order_id}` returns it. */
export type Order = Schemas['Order'];
export type OrderStatus = Schemas['OrderStatus'];
/** The body of `POST /v1/orders`. */
export type CreateOrderRequest = Schemas['CreateOrderRequest'];
export type Place = Schemas['Place'];
export type PlaceInput = Schemas['PlaceInput'];
export type Item = Schemas['Item'];
export type Money = Schemas['Money'];
export type LatLng = Schemas['LatLng'];
/** The driver of an order (`order.driver`). */
export type Driver = Schemas['OrderDriver'];
/** The same, by its schema's name (what the sandbox's own code calls it). */
export type OrderDriver = Driver;
export type Vehicle = Schemas['Vehicle'];
export type VehicleType = Vehicle['type'];
/** `order.cancellation` once cancelled: who, why, the fee and when. */
export type Cancellation = NonNullable<Order['cancellation']>;
export type CancelledBy = Cancellation['cancelled_by'];
/** One of `GET /v1/drivers/available`'s drivers, and the whole answer. */
export type AvailableDriver = Schemas['AvailableDriver'];
export type AvailableDrivers = Schemas['AvailableDrivers'];
/** `GET /v1/orders/{order_id}/location`: where the driver is, computed now. */
export type Location = Schemas['DriverLocation'];
/** The body of `POST /v1/orders/{order_id}/payment`, and its answer. */
export type PaymentRequest = Schemas['PaymentRequest'];
export type Payment = Schemas['Payment'];
/** Every error answer: `{ error: { code, message, param, reason, details, request_id } }`. */
export type ErrorBody = Schemas['ErrorResponse'];
/** The finer cause of an error (`error.reason`), one of the catalogue's reasons or null. */
export type ErrorReason = Schemas['ErrorReason'];

/** An order event's body, with `event` narrowed to `name`. */
type OrderEventOf<Name extends Schemas['EventName']> = Omit<Schemas['OrderEvent'], 'event'> & {
  event: Name;
};

/** The six webhook bodies, as POSTed to your receiver (and as `sandbox.events()` lists them). */
export type OrderCreatedEvent = OrderEventOf<'order.created'>;
export type OrderDriverAssignedEvent = OrderEventOf<'order.driver_assigned'>;
export type OrderPickedUpEvent = OrderEventOf<'order.picked_up'>;
export type OrderDeliveredEvent = OrderEventOf<'order.delivered'>;
export type OrderCancelledEvent = OrderEventOf<'order.cancelled'>;
export type PaymentCompletedEvent = Schemas['PaymentEvent'];
/** Any webhook body: switch on `event` to narrow it. */
export type WebhookEvent =
  | OrderCreatedEvent
  | OrderDriverAssignedEvent
  | OrderPickedUpEvent
  | OrderDeliveredEvent
  | OrderCancelledEvent
  | PaymentCompletedEvent;

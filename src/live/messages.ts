import type { DriverLocation } from '../commands/order-location.js';
import type { ClockState } from '../commands/set-clock.js';
import type { LatLng } from '../domain/geo.js';
import type { Order } from '../domain/api-types.js';
import type { SandboxEvent } from '../events/event-bus.js';
import type { DriverStatus } from '../store/state.js';
import type { DeliveryAttempt } from '../domain/sandbox-types.js';

/** Which world a stream is showing: sent on open (`hello`) and when the world is replaced (`reset`). */
export interface WorldSummary {
  scenario: string;
  seed: string;
  clock: ClockState;
  /** 1 for the sandbox's first world, one more at each reset or state import. */
  generation: number;
}

/** A driver as the `drivers` message shows it: where it is and what it is doing. */
export interface DriverPosition {
  driver_id: string;
  status: DriverStatus;
  location: LatLng;
  order_id: string | null;
}

/**
 * A message of `GET /__sandbox/stream` (and of `sandbox.stream()`), one JSON text frame each:
 * - `hello`: first, on open: the world being shown;
 * - `event`: every event the world emits, exactly the webhook body;
 * - `delivery`: every webhook attempt, as `GET /__sandbox/webhook-deliveries` lists it;
 * - `clock`: the clock after every set or advance;
 * - `drivers`: on open every driver, as a snapshot of pages (at most DRIVERS_PAGE, 1 000, drivers
 *   each, in the world's driver order; the next page once the client read the previous one, so
 *   other messages may come between pages: merge by `driver_id`), then (batched, at most every
 *   `intervalMs` real ms) the drivers whose status, position or order changed since the previous
 *   `drivers` message;
 * - `reset`: the world was replaced (a reset or a state import); what follows is the new world's,
 *   starting with its drivers snapshot, paged the same way.
 */
export type SandboxStreamMessage =
  | { type: 'hello'; data: WorldSummary }
  | { type: 'event'; data: SandboxEvent }
  | { type: 'delivery'; data: DeliveryAttempt }
  | { type: 'clock'; data: ClockState }
  | { type: 'drivers'; data: DriverPosition[] }
  | { type: 'reset'; data: WorldSummary };

/**
 * A message of `GET /v1/orders/{order_id}/location/stream`: `status` (the order, on open and at
 * every status change) and `location` (the driver's position, as `GET …/location` returns it, when
 * it moved: at most once per virtual second and once per `intervalMs` of real time).
 */
export type LocationStreamMessage =
  { type: 'status'; data: Order } | { type: 'location'; data: DriverLocation };

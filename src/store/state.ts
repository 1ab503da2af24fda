import type { LatLng } from '../domain/geo.js';
import type { Order, OrderDriver, Payment } from '../domain/order.js';
import type { OrderOutcome } from '../domain/order-outcome.js';
import type { Trip } from '../domain/trip.js';

export type DriverStatus = 'available' | 'on_order' | 'offline';

/** A driver as the sandbox keeps it. */
export interface DriverRecord extends OrderDriver {
  status: DriverStatus;
  location: LatLng;
  order_id: string | null;
  /** This driver's speed as a share of its vehicle's nominal speed (0.8–1.2, from the seed). */
  speed_factor: number;
  /** Set when the driver was taken offline during a trip: it goes offline once the trip ends. */
  offline_after_trip?: boolean;
}

export interface AccountRecord {
  account_id: string;
  name: string;
  billing: 'ok' | 'delinquent';
  api_keys: string[];
}

/** An order with what only the sandbox sees: who owns it. */
export interface OrderRecord {
  account_id: string;
  order: Order;
  /** The driver's trip once one is assigned (kept after the order ends, for the record). */
  trip: Trip | null;
  /** The path the client chose with `Sandbox-Outcome` (control plane only, never in `/v1`). */
  outcome?: OrderOutcome;
}

export interface PaymentRecord {
  account_id: string;
  payment: Payment;
}

/** An emitted event, exactly the webhook body. */
export interface EventRecord {
  event_id: string;
  event: string;
  created_at: string;
  api_version: 'v1';
  data: { order: Order; payment?: Payment };
}

/** A remembered response to an `Idempotency-Key`. */
export interface IdempotencyRecord {
  /** `<account_id>:<key>`: keys are scoped per account. */
  scope_key: string;
  /** Method, path and a hash of the body: what "the same request" means. */
  fingerprint: string;
  status: number;
  body: unknown;
  created_at_ms: number;
}

/** A registered webhook endpoint. */
export interface WebhookEndpointRecord {
  endpoint_id: string;
  url: string;
  secret: string;
  /** Event names, or `["*"]` for all. */
  events: string[];
  created_at: string;
}

/** The delivery of one event to one endpoint, across its attempts. */
export interface DeliveryRecord {
  /** `<event_id>:<endpoint_id>`. */
  key: string;
  event_id: string;
  endpoint_id: string;
  status: 'pending' | 'retrying' | 'succeeded' | 'failed';
  attempts: number;
  /** Epoch ms of the next scheduled attempt, when retrying. */
  next_attempt_at: number | null;
}

/** One attempt, as the delivery log shows it. */
export interface DeliveryAttempt {
  delivery_id: string;
  event_id: string;
  event: string;
  order_id: string | null;
  endpoint_id: string;
  url: string;
  attempt: number;
  status: 'succeeded' | 'failed' | 'retrying';
  response_status: number | null;
  error: string | null;
  duration_ms: number;
  request: { headers: Record<string, string>; body: string };
  response_body: string | null;
  attempted_at: string;
  next_attempt_at: string | null;
  /** The fault injection that shaped this attempt, if any (`duplicate`, `dropped`, `delayed`, `reordered`). */
  fault: string | null;
}

/** The whole state of a sandbox: what `GET /__sandbox/state` exports and `--data` persists. */
export interface SandboxState {
  version: 1;
  scenario: string;
  seed: string;
  /** The virtual clock when the state was last committed (a restart resumes from it). */
  clock?: { now: number; mode: 'realtime' | 'manual'; speed: number };
  counters: Record<string, number>;
  /**
   * The generation of the world that last held this state, mixed into its ids; the next world
   * (after a `--data` restart or an import) counts on from it. States saved before it was stored
   * lack it and load as generation 0.
   */
  generation?: number;
  /**
   * In a `--data` snapshot only: the last journal batch it contains (the journal replays the batches
   * after it). Never part of an export.
   */
  journal_seq?: number;
  accounts: AccountRecord[];
  drivers: DriverRecord[];
  orders: OrderRecord[];
  payments: PaymentRecord[];
  events: EventRecord[];
  idempotency: IdempotencyRecord[];
  webhook_endpoints: WebhookEndpointRecord[];
  deliveries: DeliveryRecord[];
  /** The delivery log, oldest first, capped (see webhooks/delivery-log.ts). */
  webhook_attempts: DeliveryAttempt[];
}

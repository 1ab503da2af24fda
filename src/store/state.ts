import type { OrderDriver, Order, Payment } from '../domain/api-types.js';
import type {
  AccountKeys,
  DeliveryAttempt,
  OrderOutcomeChoice,
  SandboxDriver,
  SandboxStateSchema,
  WebhookEndpoint,
} from '../domain/sandbox-types.js';
import type { Trip } from '../domain/trip.js';
import type { EventRecord } from '../events/event-record.js';

/*
 * The records a sandbox keeps: each is a generated wire type (openapi/v1.yaml,
 * openapi/sandbox.yaml) plus the fields only the sandbox sees, so a change to the contract fails
 * the typecheck instead of a run. The whole state is what `GET /__sandbox/state` exports and an
 * import accepts: state.test.ts checks that each record is that document's item, field by field.
 */

/** One item of the exported state's `key` list, for the records that only the state shows. */
type StateItem<K extends keyof SandboxStateSchema> =
  NonNullable<SandboxStateSchema[K]> extends (infer T)[] ? T : never;

export type DriverStatus = SandboxDriver['status'];

/** A driver as the sandbox keeps it: the driver an order shows, where it is and its pace. */
export type DriverRecord = OrderDriver &
  Pick<SandboxDriver, 'status' | 'location' | 'order_id'> & {
    /** This driver's speed as a share of its vehicle's nominal speed (0.8–1.2, from the seed). */
    speed_factor: number;
    /** Set when the driver was taken offline during a trip: it goes offline once the trip ends. */
    offline_after_trip?: boolean;
  };

/** An account: its keys as reset answers them, and its billing standing. */
export type AccountRecord = AccountKeys & { billing: 'ok' | 'delinquent' };

/** An order with what only the sandbox sees: who owns it. */
export interface OrderRecord {
  account_id: string;
  order: Order;
  /** The driver's trip once one is assigned (kept after the order ends, for the record). */
  trip: Trip | null;
  /**
   * The path the client chose with `Sandbox-Outcome`, or the scenario's `outcomes` rates drew
   * (control plane only, never in `/v1`): one outcome, or the list of a combination.
   */
  outcome?: OrderOutcomeChoice;
  /** The drivers who dropped the order on the way to the pickup, first first. */
  dropped_by?: string[];
}

export interface PaymentRecord {
  account_id: string;
  payment: Payment;
}

/**
 * A remembered response to an `Idempotency-Key`: `scope_key` is `<account_id>:<key>` (keys are
 * scoped per account), `fingerprint` the method, path and a hash of the body (what "the same
 * request" means).
 */
export type IdempotencyRecord = StateItem<'idempotency'>;

/** A registered webhook endpoint, `secret` in full. */
export type WebhookEndpointRecord = WebhookEndpoint;

/**
 * The delivery of one event to one endpoint, across its attempts: `key` is
 * `<event_id>:<endpoint_id>`, `next_attempt_at` the epoch ms of the next scheduled attempt when
 * retrying.
 */
export type DeliveryRecord = StateItem<'deliveries'>;

/** The lists of records the state holds. */
type RecordLists =
  | 'accounts'
  | 'drivers'
  | 'orders'
  | 'payments'
  | 'events'
  | 'idempotency'
  | 'webhook_endpoints'
  | 'deliveries'
  | 'webhook_attempts';

/**
 * The whole state of a sandbox: what `GET /__sandbox/state` exports and `--data` persists (the
 * clock when last committed, the id counters and generation, in a snapshot the last journal batch
 * it contains), with the records above. `webhook_attempts` is the delivery log, oldest first,
 * capped (see webhooks/delivery-log.ts).
 */
export interface SandboxState extends Omit<SandboxStateSchema, RecordLists> {
  accounts: AccountRecord[];
  drivers: DriverRecord[];
  orders: OrderRecord[];
  payments: PaymentRecord[];
  events: EventRecord[];
  idempotency: IdempotencyRecord[];
  webhook_endpoints: WebhookEndpointRecord[];
  deliveries: DeliveryRecord[];
  webhook_attempts: DeliveryAttempt[];
}

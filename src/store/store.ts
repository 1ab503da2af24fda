import { Low, Memory } from 'lowdb';
import { JSONFile } from 'lowdb/node';
import { Collection } from './collection.js';
import type {
  AccountRecord,
  DriverRecord,
  EventRecord,
  IdempotencyRecord,
  OrderRecord,
  PaymentRecord,
  SandboxState,
  WebhookEndpointRecord,
  DeliveryRecord,
  DeliveryAttempt,
} from './state.js';

/**
 * The sandbox's state behind one collection per kind of record, on lowdb. Reads are synchronous
 * from memory; `commit()` persists through lowdb's adapter (memory by default) and resolves once the
 * write is done, so a handler acknowledges a write only after it is stored.
 */
export class Store {
  readonly accounts: Collection<AccountRecord>;
  readonly drivers: Collection<DriverRecord>;
  readonly orders: Collection<OrderRecord>;
  readonly payments: Collection<PaymentRecord>;
  readonly events: Collection<EventRecord>;
  readonly idempotency: Collection<IdempotencyRecord>;
  readonly webhookEndpoints: Collection<WebhookEndpointRecord>;
  readonly deliveries: Collection<DeliveryRecord>;
  readonly webhookAttempts: Collection<DeliveryAttempt>;

  private constructor(private readonly db: Low<SandboxState>) {
    const data = db.data;
    this.accounts = new Collection(data.accounts, (a) => a.account_id);
    this.drivers = new Collection(data.drivers, (d) => d.driver_id);
    this.orders = new Collection(data.orders, (o) => o.order.order_id);
    this.payments = new Collection(data.payments, (p) => p.payment.payment_id);
    this.events = new Collection(data.events, (e) => e.event_id);
    this.idempotency = new Collection(data.idempotency, (r) => r.scope_key);
    this.webhookEndpoints = new Collection(data.webhook_endpoints, (e) => e.endpoint_id);
    this.deliveries = new Collection(data.deliveries, (d) => d.key);
    this.webhookAttempts = new Collection(data.webhook_attempts, (a) => a.delivery_id);
  }

  /** Runs just before each commit (the context records the clock there). */
  beforeCommit: (() => void) | undefined;

  /** A store kept in memory (lowdb's memory adapter), starting from `state`. */
  static inMemory(state: SandboxState): Store {
    return new Store(new Low(new Memory<SandboxState>(), state));
  }

  /**
   * A store kept in a JSON file (lowdb's file adapter), starting from `state`. Writes go to a
   * temporary file that is then renamed over the old one (steno), so a crash never leaves a torn
   * file; writes that arrive while one is in progress are grouped into the next.
   */
  static inFile(path: string, state: SandboxState): Store {
    return new Store(new Low(new JSONFile<SandboxState>(path), state));
  }

  /** The whole state (live: do not mutate). */
  get state(): SandboxState {
    return this.db.data;
  }

  private closed = false;

  /**
   * Persists the current state through the adapter; resolves once it is stored. A closed store
   * (its world was replaced by a reset) writes nothing: late work must not overwrite the new world.
   */
  commit(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.beforeCommit?.();
    return this.db.write();
  }

  /** Stops writing for good (its world was disposed). */
  close(): void {
    this.closed = true;
  }
}

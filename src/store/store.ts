import { LowSync, MemorySync } from 'lowdb';
import { fail } from '../errors/service-error.js';
import { Collection } from './collection.js';
import type { JournalSource, StateFile } from './state-file.js';
import type {
  AccountRecord,
  DriverRecord,
  IdempotencyRecord,
  OrderRecord,
  PaymentRecord,
  SandboxState,
  WebhookEndpointRecord,
  DeliveryRecord,
} from './state.js';
import type { DeliveryAttempt } from '../domain/sandbox-types.js';
import type { EventRecord } from '../events/event-record.js';

/** Each collection's record id (its index key), by the state's field name. */
export const RECORD_IDS = {
  accounts: (a: AccountRecord) => a.account_id,
  drivers: (d: DriverRecord) => d.driver_id,
  orders: (o: OrderRecord) => o.order.order_id,
  payments: (p: PaymentRecord) => p.payment.payment_id,
  events: (e: EventRecord) => e.event_id,
  idempotency: (r: IdempotencyRecord) => r.scope_key,
  webhook_endpoints: (e: WebhookEndpointRecord) => e.endpoint_id,
  deliveries: (d: DeliveryRecord) => d.key,
  webhook_attempts: (a: DeliveryAttempt) => a.delivery_id,
} satisfies { [K in keyof SandboxState]?: (record: never) => string };

/** A collection's field in the state. */
export type CollectionName = keyof typeof RECORD_IDS;

/** Indexes built beforehand (src/store/state-index.ts), by collection: each by its record id. */
export type StateIndexes = { [K in CollectionName]?: Map<string, SandboxState[K][number]> };

/** What an in-memory commit answers: nothing to wait for. */
const STORED: Promise<void> = Promise.resolve();

/**
 * The sandbox's state behind one collection per kind of record, on lowdb (its synchronous memory adapter). Reads are
 * synchronous from memory; with a `StateFile` (`--data`), `commit()` appends what changed to its
 * journal and resolves once that is durable, so a handler acknowledges a write only after it is
 * stored. Records changed in place are reported with the collection's `touch`.
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

  private constructor(
    private readonly db: LowSync<SandboxState>,
    private readonly file: StateFile | undefined,
    continues: boolean,
    built: StateIndexes,
  ) {
    const data = db.data;
    const ids = RECORD_IDS;
    this.accounts = new Collection(data.accounts, ids.accounts, built.accounts);
    this.drivers = new Collection(data.drivers, ids.drivers, built.drivers);
    this.orders = new Collection(data.orders, ids.orders, built.orders);
    this.payments = new Collection(data.payments, ids.payments, built.payments);
    this.events = new Collection(data.events, ids.events, built.events);
    this.idempotency = new Collection(data.idempotency, ids.idempotency, built.idempotency);
    this.webhookEndpoints = new Collection(
      data.webhook_endpoints,
      ids.webhook_endpoints,
      built.webhook_endpoints,
    );
    this.deliveries = new Collection(data.deliveries, ids.deliveries, built.deliveries);
    this.webhookAttempts = new Collection(
      data.webhook_attempts,
      ids.webhook_attempts,
      built.webhook_attempts,
    );
    this.source = {
      state: data,
      beforeCommit: () => this.beforeCommit?.(),
      collections: {
        accounts: this.accounts,
        drivers: this.drivers,
        orders: this.orders,
        payments: this.payments,
        events: this.events,
        idempotency: this.idempotency,
        webhook_endpoints: this.webhookEndpoints,
        deliveries: this.deliveries,
        webhook_attempts: this.webhookAttempts,
      } as JournalSource['collections'],
    };
    file?.attach(this.source, continues);
  }

  private readonly source: JournalSource;

  /** Runs just before each commit (the context records the clock there). */
  beforeCommit: (() => void) | undefined;

  /**
   * A store kept in memory (lowdb's synchronous memory adapter), starting from `state`; `built` are indexes
   * of its collections made beforehand (the others are built here).
   */
  static inMemory(state: SandboxState, built: StateIndexes = {}): Store {
    return new Store(new LowSync(new MemorySync<SandboxState>(), state), undefined, false, built);
  }

  /**
   * A store persisted by `file` (a snapshot and a change journal), starting from `state`.
   * `continues`: `state` is the one read from that file (its journal goes on); otherwise the first
   * commit writes it whole as a new snapshot.
   */
  static inFile(
    file: StateFile,
    state: SandboxState,
    continues: boolean,
    built: StateIndexes = {},
  ): Store {
    return new Store(new LowSync(new MemorySync<SandboxState>(), state), file, continues, built);
  }

  /** The whole state (live: do not mutate). */
  get state(): SandboxState {
    return this.db.data;
  }

  /** Why the store was closed, once it is: its world was replaced, or the sandbox stopped. */
  private closed: 'replaced' | 'stopped' | undefined;

  /**
   * Persists the current state through the adapter; resolves once it is stored. A closed store
   * rejects (`world_replaced` or `shutting_down`, 503): its world is gone, so nothing is stored
   * and a write must not be acknowledged. In memory the write is synchronous (lowdb's
   * `MemorySync`), so the promise is one already resolved: the asynchronous `Memory` adapter cost
   * a write three more promises for the same reference kept.
   */
  commit(): Promise<void> {
    if (this.closed)
      return Promise.reject(fail(this.closed === 'stopped' ? 'shutting_down' : 'world_replaced'));
    if (this.file) return this.file.commit(this.source);
    this.beforeCommit?.();
    this.db.write();
    return STORED;
  }

  /**
   * Makes this store the one its data file persists again (a next world that failed to start
   * had taken the file over): the next commit writes the whole state as a new snapshot.
   */
  reattach(): void {
    if (!this.closed) this.file?.attach(this.source, false);
  }

  /** Stops writing for good: its world was replaced by the next one, or the sandbox stopped. */
  close(why: 'replaced' | 'stopped'): void {
    this.closed ??= why;
    this.file?.detach(this.source);
  }
}

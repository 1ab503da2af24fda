import type { Logger } from 'pino';
import type { Scheduler } from '../clock/scheduler.js';
import type { VirtualClock } from '../clock/virtual-clock.js';
import type { IdGenerator } from '../domain/ids.js';
import type { ProbeCase, ProbeResult } from '../domain/sandbox-types.js';
import type { TestPaymentMethod } from '../domain/payment-methods.js';
import type { Scenario, WebhookFaults } from '../domain/scenario.js';
import type { SeededRandom } from '../domain/seeded-random.js';
import type { ActivityFeed } from '../events/activity-feed.js';
import type { EventBus } from '../events/event-bus.js';
import type { DriverIndex } from '../store/driver-index.js';
import type { WebhookEndpointRecord } from '../store/state.js';
import type { DeliveryAttempt } from '../domain/sandbox-types.js';
import type { EventRecord } from '../events/event-record.js';
import type { Store } from '../store/store.js';
import type { ApiFaultInjector } from './api-faults.js';
import type { Keyring } from './keyring.js';

/**
 * What the commands ask of webhook delivery. Implemented by `webhooks/`'s dispatcher, which the
 * host hands to `createWorld`; the commands never import `webhooks/` itself.
 */
export interface WebhookPort {
  /** Starts delivering the world's events (the host calls it once the simulation listens). */
  listen(): void;
  /** Sends a stored event again, now, to every endpoint that subscribes to it. */
  redeliver(event: EventRecord): Promise<DeliveryAttempt[]>;
  /** Sends `event` (a synthetic test event) once to `endpoint`, without retries. */
  test(endpoint: WebhookEndpointRecord, event: EventRecord): Promise<DeliveryAttempt>;
  /**
   * The signature probe: sends `endpoint` one genuine and three forged requests, each about its
   * own sample event from `sample`, outside the delivery log; resolves with the verdict, which
   * every `onProbe` listener also hears. Never rejects.
   */
  probe(
    endpoint: WebhookEndpointRecord,
    sample: (kind: ProbeCase) => EventRecord,
  ): Promise<ProbeResult>;
  /** Calls `listener` with each probe's result (the integration report listens); returns the unsubscribe. */
  onProbe(listener: (result: ProbeResult) => void): () => void;
  /** The fault injection in force (`PUT /__sandbox/faults`). */
  faults: WebhookFaults;
  /** Retries scheduled and not yet due (the metrics' pending retries). */
  readonly pendingRetries: number;
  /** Waits until no attempt is in flight, or `boundMs` of real time at most. */
  settle(boundMs?: number): Promise<void>;
  /** Stops for good: attempts still in flight finish into nothing. */
  dispose(): void;
}

/** A named sandbox's cap on stored orders (`--sandbox-max-orders`): past it, 409 `sandbox_full`. */
export interface OrderLimit {
  /** The sandbox's name, for the error. */
  readonly sandbox: string;
  readonly maxOrders: number;
}

/**
 * One generation of the sandbox: everything a command reads and changes. Created whole by
 * `createWorld`, never changed in place: a reset disposes it and creates the next generation, and
 * whoever works on a world (a request, a scheduled step, a delivery) reads the host's current one
 * once and keeps it.
 */
export interface World {
  /** 1 for the world a sandbox starts with, then one more at each reset or import. */
  readonly generation: number;
  readonly scenario: Scenario;
  readonly clock: VirtualClock;
  /** Runs lifecycle steps and retries on the clock. */
  readonly scheduler: Scheduler;
  readonly store: Store;
  readonly ids: IdGenerator;
  /** The seeded generator of the simulation (fault draws). */
  readonly random: SeededRandom;
  /** This world's events: the simulation, webhooks and scenario scripts subscribe. */
  readonly bus: EventBus;
  /** This world's webhook attempts and clock changes, for live streams. */
  readonly activity: ActivityFeed;
  readonly logger: Logger;
  readonly paymentMethods: readonly TestPaymentMethod[];
  /** The spatial index over `store.drivers`. */
  readonly drivers: DriverIndex;
  /** The accounts' API keys, by digest. */
  readonly keys: Keyring;
  /** The cap on stored orders, for a named sandbox; `undefined` (no cap) for the default one. */
  readonly orderLimit: OrderLimit | undefined;
  readonly webhooks: WebhookPort;
  /** API fault injection on `/v1` (`faults.api`), drawn from its own stream of the seed. */
  readonly apiFaults: ApiFaultInjector;
  /**
   * Stops the clock's wake-ups and deliveries and closes the store: nothing it does is seen again,
   * and a write still in flight on it fails (`why`: the next world replaced it, the default, or the
   * sandbox stopped) rather than be acknowledged.
   */
  dispose(why?: 'replaced' | 'stopped'): void;
}

/** A world before its webhook delivery is attached: what the delivery itself is built on. */
export type WorldCore = Omit<World, 'webhooks' | 'apiFaults' | 'dispose'>;

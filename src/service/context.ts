import type { Logger } from 'pino';
import type { Scheduler } from '../clock/scheduler.js';
import type { VirtualClock } from '../clock/virtual-clock.js';
import type { IdGenerator } from '../domain/ids.js';
import type { TestPaymentMethod } from '../domain/payment-methods.js';
import type { SeededRandom } from '../domain/seeded-random.js';
import type { EventBus } from '../events/event-bus.js';
import type { Scenario } from '../scenarios/scenario.js';
import type { DriverIndex } from '../simulation/driver-index.js';
import type { Store } from '../store/store.js';

/** Everything the services work with, handed in once by `createSandbox`. */
/** Mutable on purpose: a reset swaps the store, clock and ids in place so every holder sees them. */
export interface SandboxContext {
  scenario: Scenario;
  clock: VirtualClock;
  /** Runs lifecycle steps on the clock. */
  scheduler: Scheduler;
  store: Store;
  ids: IdGenerator;
  random: SeededRandom;
  bus: EventBus;
  logger: Logger;
  paymentMethods: readonly TestPaymentMethod[];
  /** The spatial index over `store.drivers`. */
  drivers: DriverIndex;
}

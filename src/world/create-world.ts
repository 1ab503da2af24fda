import type { Logger } from 'pino';
import { Scheduler } from '../clock/scheduler.js';
import { VirtualClock, type WallClock } from '../clock/virtual-clock.js';
import type { TestPaymentMethod } from '../domain/payment-methods.js';
import type { Scenario } from '../domain/scenario.js';
import { SeededRandom } from '../domain/seeded-random.js';
import { createActivityFeed } from '../events/activity-feed.js';
import { createEventBus } from '../events/event-bus.js';
import { DriverIndex } from '../store/driver-index.js';
import type { SandboxState } from '../store/state.js';
import type { StateFile } from '../store/state-file.js';
import { RetentionKeeper } from '../store/retention.js';
import { Store, type StateIndexes } from '../store/store.js';
import { ApiFaultInjector } from './api-faults.js';
import { Keyring } from './keyring.js';
import { worldIds } from './world-ids.js';
import type { OrderLimit, WebhookPort, World, WorldCore } from './world.js';

export interface WorldConfig {
  scenario: Scenario;
  /** The state to start from: a fresh scenario's seeded state, or a saved or imported one. */
  state: SandboxState;
  /** Indexes of the state's collections built beforehand (src/store/state-index.ts). */
  indexes?: StateIndexes | undefined;
  /** Counts the worlds before this one (1 for the first); mixed into every id it issues. */
  generation: number;
  /** A named sandbox's id space (mixed into every id it issues, as the generation is). Default none. */
  idSpace?: string | undefined;
  logger: Logger;
  paymentMethods: readonly TestPaymentMethod[];
  /** Keep the state in this file (`--data`). Default: memory only. */
  dataFile?: StateFile | undefined;
  /** `state` was read from `dataFile`: its journal goes on rather than a new snapshot being written. */
  continuesFile?: boolean;
  /** A named sandbox's cap on stored orders. Default: none. */
  orderLimit?: OrderLimit | undefined;
  /** Where real time comes from (tests and benchmarks drive it). Default: the system clock. */
  wall?: WallClock;
  /** Builds the world's webhook delivery (the host passes `webhooks/`'s dispatcher). */
  webhooks: (core: WorldCore) => WebhookPort;
}

/**
 * Creates one generation of the sandbox from a state: its clock (resuming at the state's time, or
 * at the scenario's start, or now), scheduler, store, ids, driver index, keys and event bus.
 */
export function createWorld(config: WorldConfig): World {
  const { scenario, state, logger } = config;
  // A saved state resumes at its own time; a fresh one starts at the scenario's (or now).
  const start =
    state.clock?.now ??
    scenario.clock.start ??
    new VirtualClock(0, { mode: 'manual', speed: 1 }, config.wall).wallNow();
  const clock = new VirtualClock(
    start,
    { mode: scenario.clock.mode, speed: scenario.clock.speed },
    config.wall,
  );
  const store = config.dataFile
    ? Store.inFile(config.dataFile, state, config.continuesFile ?? false, config.indexes)
    : Store.inMemory(state, config.indexes);
  const retention = new RetentionKeeper(store, scenario.retention);
  store.beforeCommit = () => {
    state.clock = { now: clock.now(), mode: clock.mode, speed: clock.speed };
    retention.apply(clock.now());
  };
  const scheduler = new Scheduler(
    clock,
    (err) => logger.error({ err }, 'a scheduled step failed'),
    // What the clock changes by itself is stored too, once per batch of steps.
    () =>
      void store
        .commit()
        .catch((err: unknown) => logger.error({ err }, 'storing the state failed')),
  );
  const core: WorldCore = {
    generation: config.generation,
    scenario,
    clock,
    scheduler,
    store,
    ids: worldIds(scenario.seed, state, config.generation, clock, config.idSpace),
    random: new SeededRandom(`${scenario.seed}:simulation`),
    bus: createEventBus(logger),
    activity: createActivityFeed(logger),
    logger,
    paymentMethods: config.paymentMethods,
    drivers: new DriverIndex(() => store.drivers.all()),
    keys: new Keyring(store.accounts.all()),
    orderLimit: config.orderLimit,
  };
  const webhooks = config.webhooks(core);
  // Its own stream of the seed: turning API faults on shifts none of the simulation's draws.
  const apiRandom = new SeededRandom(`${scenario.seed}:api-faults`);
  return Object.freeze({
    ...core,
    webhooks,
    apiFaults: new ApiFaultInjector(scenario.faults.api, () => apiRandom.next()),
    dispose(why: 'replaced' | 'stopped' = 'replaced'): void {
      scheduler.stop();
      webhooks.dispose();
      store.close(why);
    },
  });
}

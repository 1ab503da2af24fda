import type { Logger } from 'pino';
import { Scheduler } from './clock/scheduler.js';
import { VirtualClock, type WallClock } from './clock/virtual-clock.js';
import { IdGenerator } from './domain/ids.js';
import { SeededRandom } from './domain/seeded-random.js';
import { EventBus } from './events/event-bus.js';
import { testPaymentMethods } from './fixtures.js';
import type { Scenario } from './scenarios/scenario.js';
import { seedState } from './scenarios/seed-state.js';
import type { SandboxContext } from './service/context.js';
import { DriverIndex } from './simulation/driver-index.js';
import type { SandboxState } from './store/state.js';
import { Store } from './store/store.js';

/**
 * Builds the context a sandbox runs on from a scenario: its seeded world (or `state`, when one is
 * given), its clock and scheduler, ids, the driver index and the event bus.
 */
export function createContext(
  scenario: Scenario,
  logger: Logger,
  opts: { bus?: EventBus; state?: SandboxState; wall?: WallClock; dataFile?: string } = {},
): SandboxContext {
  const state = opts.state ?? seedState(scenario);
  // A saved state resumes at its own time; a fresh one starts at the scenario's (or now).
  const start =
    state.clock?.now ??
    scenario.clock.start ??
    new VirtualClock(0, { mode: 'manual', speed: 1 }, opts.wall).wallNow();
  const clock = new VirtualClock(
    start,
    { mode: scenario.clock.mode, speed: scenario.clock.speed },
    opts.wall,
  );
  const store = opts.dataFile ? Store.inFile(opts.dataFile, state) : Store.inMemory(state);
  store.beforeCommit = () => {
    state.clock = { now: clock.now(), mode: clock.mode, speed: clock.speed };
  };
  return {
    scenario,
    clock,
    scheduler: new Scheduler(
      clock,
      (err) => logger.error({ err }, 'a scheduled step failed'),
      // What the clock changes by itself is stored too, once per batch of steps.
      () =>
        void store
          .commit()
          .catch((err: unknown) => logger.error({ err }, 'storing the state failed')),
    ),
    store,
    ids: new IdGenerator(scenario.seed, state.counters),
    random: new SeededRandom(`${scenario.seed}:simulation`),
    bus: opts.bus ?? new EventBus(),
    logger,
    paymentMethods: testPaymentMethods(),
    drivers: new DriverIndex(() => store.drivers.all()),
  };
}

/**
 * Replaces a running context's world in place (a reset): everything holding the context sees the
 * new store, clock and scheduler; the event bus and its subscribers stay.
 */
export function replaceContext(ctx: SandboxContext, fresh: SandboxContext): void {
  ctx.scheduler.stop();
  Object.assign(ctx, { ...fresh, bus: ctx.bus, logger: ctx.logger });
}

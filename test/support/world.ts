import pino, { type Logger } from 'pino';
import { testPaymentMethods } from '../../src/fixtures.js';
import { parseScenario } from '../../src/scenarios/load-scenario.js';
import type { ScenarioFile } from '../../src/scenarios/scenario.js';
import { seedStateWith } from '../../src/scenarios/seed-state.js';
import { SimulationEngine } from '../../src/simulation/engine.js';
import { WebhookDispatcher } from '../../src/webhooks/dispatcher.js';
import { send, type Transport } from '../../src/webhooks/send.js';
import { createWorld } from '../../src/world/create-world.js';
import type { World } from '../../src/world/world.js';
import { driverLocale } from './driver-locales.js';

/**
 * A world in this process, wired as the sandbox wires it (the simulation, then webhook delivery),
 * without HTTP: for unit tests of the layers below it and for benchmarks. `transport` replaces the
 * HTTP sender (a fake in unit tests); `wall` drives real time; `logger` hears what the world logs
 * (nothing by default).
 */
export function openWorld(
  file: ScenarioFile,
  opts: { transport?: Transport; wall?: () => number; simulation?: boolean; logger?: Logger } = {},
): World {
  const scenario = parseScenario(file, file.name);
  const world = createWorld({
    scenario,
    state: seedStateWith(scenario, driverLocale(scenario.locale)),
    generation: 1,
    logger: opts.logger ?? pino({ level: 'silent' }),
    paymentMethods: testPaymentMethods(),
    ...(opts.wall ? { wall: opts.wall } : {}),
    webhooks: (core) => new WebhookDispatcher(core, opts.transport ?? send),
  });
  if (opts.simulation !== false) new SimulationEngine(world).attach();
  world.webhooks.listen();
  return world;
}

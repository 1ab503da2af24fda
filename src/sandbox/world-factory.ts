import { probeAllEndpoints } from '../commands/probe-endpoint.js';
import { registerEndpoint } from '../commands/webhook-endpoints.js';
import { testPaymentMethods } from '../fixtures.js';
import { runScenario } from '../scenarios/run-scenario.js';
import type { Scenario } from '../scenarios/scenario.js';
import { SimulationEngine } from '../simulation/engine.js';
import type { StateFile } from '../store/state-file.js';
import type { SandboxState, WebhookEndpointRecord } from '../store/state.js';
import type { StateIndexes } from '../store/store.js';
import { WebhookDispatcher } from '../webhooks/dispatcher.js';
import { createWorld } from '../world/create-world.js';
import type { World } from '../world/world.js';
import type { SandboxConfig } from './config.js';

/**
 * Builds a sandbox's next world and wires its features: the simulation, the webhook dispatcher,
 * the scenario's orders and script, the configured endpoints. The host decides when a world
 * begins or resumes and installs it (src/sandbox/sandbox-host.ts); this is how one is made.
 */
export class WorldFactory {
  /**
   * `file` is the `--data` file every world of the sandbox writes; `running` the world still
   * serving, which takes the file back when a next world fails to start.
   */
  constructor(
    private readonly config: SandboxConfig,
    private readonly file: StateFile | undefined,
    private readonly running: () => World | undefined,
  ) {}

  /**
   * A fresh world from the scenario: its seeded state (`seedStateInSlices`), the endpoints kept from before, the
   * scenario's orders and script, then the configured endpoints. Pre-existing orders come before the
   * configured endpoints: their history is not sent as webhooks.
   */
  begin(
    scenario: Scenario,
    state: SandboxState,
    endpoints: WebhookEndpointRecord[],
    generation: number,
    indexes?: StateIndexes,
  ): World {
    state.webhook_endpoints.push(...endpoints);
    const world = this.create(scenario, state, generation, { indexes });
    try {
      runScenario(world);
      this.registerConfigured(world); // 400 past the endpoints a sandbox keeps
    } catch (err) {
      this.abandon(world);
      throw err;
    }
    return world;
  }

  /** A world resumed from a state: the schedule and the pending deliveries come back from it. */
  resume(
    scenario: Scenario,
    state: SandboxState,
    generation: number,
    opts: { continuesFile?: boolean; indexes?: StateIndexes | undefined } = {},
  ): World {
    const world = this.create(scenario, state, generation, { resume: true, ...opts });
    try {
      this.registerConfigured(world); // 400 past the endpoints a sandbox keeps
    } catch (err) {
      this.abandon(world);
      throw err;
    }
    return world;
  }

  /**
   * Disposes a next world that failed to start (its scheduled steps must never run) and hands the
   * data file back to the world still running: creating the next world had taken it over, and
   * without this every later write would fail.
   */
  private abandon(world: World): void {
    world.dispose();
    this.running()?.store.reattach();
  }

  private create(
    scenario: Scenario,
    state: SandboxState,
    generation: number,
    opts: { resume?: boolean; continuesFile?: boolean; indexes?: StateIndexes | undefined } = {},
  ): World {
    let dispatcher: WebhookDispatcher | undefined;
    const world = createWorld({
      scenario,
      state,
      generation,
      idSpace: this.config.idSpace,
      orderLimit: this.config.orderLimit,
      logger: this.config.logger,
      paymentMethods: testPaymentMethods(),
      dataFile: this.file,
      continuesFile: opts.continuesFile ?? false,
      indexes: opts.indexes,
      webhooks: (core) => (dispatcher = new WebhookDispatcher(core)),
    });
    // The simulation listens first: the lifecycle reacts to an event before deliveries go out.
    const engine = new SimulationEngine(world);
    engine.attach();
    world.webhooks.listen();
    if (opts.resume) {
      engine.rebuild();
      dispatcher?.rebuild();
    }
    // The endpoints the world starts with; the ones registered later are probed as they come.
    if (scenario.webhooks.probe) probeAllEndpoints(world);
    return world;
  }

  private registerConfigured(world: World): void {
    const known = new Set(world.store.webhookEndpoints.all().map((e) => e.url));
    for (const endpoint of [...world.scenario.webhooks.endpoints, ...this.config.webhooks]) {
      if (!known.has(endpoint.url)) registerEndpoint(world, endpoint);
      known.add(endpoint.url);
    }
  }
}

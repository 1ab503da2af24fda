import type { Logger } from 'pino';
import { createContext, replaceContext } from './create-context.js';
import { bundledScenarioNames, loadScenario } from './scenarios/load-scenario.js';
import { runScenario } from './scenarios/run-scenario.js';
import type { Scenario } from './scenarios/scenario.js';
import type { SandboxContext } from './service/context.js';
import { SimulationEngine } from './simulation/engine.js';
import { Store } from './store/store.js';
import type { SandboxState } from './store/state.js';
import { WebhookDispatcher } from './webhooks/dispatcher.js';
import { createWebhookControl } from './webhooks/webhook-control.js';

export interface WorldOptions {
  /** Resolves the scenario to run (the sandbox's options, with a reset's overrides). */
  resolve: (overrides: { scenario?: string; seed?: string | number }) => Scenario;
  /** Webhook endpoints configured outside the scenario (`--webhook-url`). */
  endpoints: { url: string; secret?: string; events?: string[] }[];
  /** Keep the whole state in this JSON file (`--data`). */
  dataFile?: string | undefined;
  logger: Logger;
}

/**
 * The sandbox's world and its lifecycle: start (fresh from the scenario, or resumed from a data
 * file), reset, export and import. The context object stays the same throughout, so the HTTP app
 * and everything else holding it always see the current world.
 */
export class SandboxWorld {
  readonly engine: SimulationEngine;
  readonly dispatcher: WebhookDispatcher;
  readonly webhooks: ReturnType<typeof createWebhookControl>;
  private stopScript: () => void = () => undefined;

  private constructor(
    readonly context: SandboxContext,
    private readonly options: WorldOptions,
  ) {
    this.engine = new SimulationEngine(context);
    this.engine.attach();
    this.dispatcher = new WebhookDispatcher(context);
    this.dispatcher.attach();
    this.webhooks = createWebhookControl(context, this.dispatcher);
  }

  /** Opens the world: resumes the data file's state when there is one, else starts the scenario. */
  static async open(options: WorldOptions): Promise<SandboxWorld> {
    const scenario = options.resolve({});
    const saved = options.dataFile ? Store.readFile(options.dataFile) : undefined;
    const context = createContext(
      saved ? { ...scenario, seed: saved.seed } : scenario,
      options.logger,
      {
        state: saved,
        dataFile: options.dataFile,
      },
    );
    const world = new SandboxWorld(context, options);
    if (saved) world.resume();
    else world.begin();
    await context.store.commit();
    return world;
  }

  /** Back to a fresh scenario state; webhook endpoints (configuration, not data) stay. */
  async reset(overrides: { scenario?: string; seed?: string | number }): Promise<void> {
    const next = this.options.resolve(overrides);
    const endpoints = this.context.store.webhookEndpoints.all().map((e) => ({ ...e }));
    await this.replace(
      createContext(next, this.options.logger, { dataFile: this.options.dataFile }),
    );
    for (const e of endpoints) this.context.store.webhookEndpoints.insert(e);
    this.begin();
    await this.context.store.commit();
  }

  /** The whole state, as `GET /__sandbox/state` exports it. */
  exportState(): SandboxState {
    this.context.store.beforeCommit?.(); // records the clock
    return structuredClone(this.context.store.state);
  }

  /**
   * Replaces the whole state with an exported one (validated against the control-plane schema by
   * the caller): orders resume where they were, pending retries are rescheduled. The running
   * scenario's settings (timing, fees, rules) stay; its script does not run again.
   */
  async importState(state: SandboxState): Promise<void> {
    const scenario = { ...this.context.scenario, seed: state.seed };
    await this.replace(
      createContext(scenario, this.options.logger, {
        state: structuredClone(state),
        dataFile: this.options.dataFile,
      }),
    );
    this.resume();
    await this.context.store.commit();
  }

  /** The bundled scenarios, with which one is running. */
  scenarios(): { name: string; description: string; current: boolean }[] {
    return bundledScenarioNames().map((name) => ({
      name,
      description: loadScenario(name).description,
      current: name === this.context.scenario.name,
    }));
  }

  private async replace(fresh: SandboxContext): Promise<void> {
    await this.dispatcher.settle();
    this.stopScript();
    this.stopScript = () => undefined;
    replaceContext(this.context, fresh);
    this.engine.clear();
    this.dispatcher.clear();
  }

  /** A fresh start: the scenario's orders and script, then the configured endpoints. */
  private begin(): void {
    // Pre-existing orders come before the endpoints: their history is not sent as webhooks.
    this.stopScript = runScenario(this.context);
    this.registerConfigured();
  }

  /** A resumed state: the schedule and the pending deliveries come back from the state itself. */
  private resume(): void {
    this.context.drivers.invalidate();
    this.engine.rebuild();
    this.dispatcher.rebuild();
    this.registerConfigured();
  }

  private registerConfigured(): void {
    const known = new Set(this.context.store.webhookEndpoints.all().map((e) => e.url));
    for (const endpoint of [
      ...this.context.scenario.webhooks.endpoints,
      ...this.options.endpoints,
    ]) {
      if (!known.has(endpoint.url)) this.webhooks.register(endpoint);
      known.add(endpoint.url);
    }
  }
}

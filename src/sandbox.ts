import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino, { type Logger } from 'pino';
import { answerClientErrorsInJson } from './http/client-error.js';
import { SandboxWorld } from './sandbox-world.js';
import type { ClockMode } from './clock/virtual-clock.js';
import { createApp } from './http/create-app.js';
import type { SandboxContext } from './service/context.js';
import type { DeliveryAttempt, WebhookEndpointRecord } from './store/state.js';
import type { Order } from './domain/order.js';
import type { EventName, SandboxEvent } from './events/event-bus.js';
import { advanceClock } from './service/advance-clock.js';
import { advanceOrder } from './simulation/advance-order.js';
import { listAttempts, type DeliveryFilter } from './webhooks/delivery-log.js';
import { loadScenario, parseScenario } from './scenarios/load-scenario.js';
import type { Scenario, ScenarioFile } from './scenarios/scenario.js';
import { VERSION } from './version.js';

/** How to start a sandbox. Every field is optional; defaults are noted on each. */
export interface SandboxOptions {
  /** A bundled scenario name (`ci`), a path to a .yaml/.json file, or a scenario object. Default `default`. */
  scenario?: string | ScenarioFile;
  /** Overrides the scenario's seed. */
  seed?: string | number;
  /** Port to listen on; 0 picks a free one. Default 0. */
  port?: number;
  /** Interface to listen on. Default `127.0.0.1`. */
  host?: string;
  /** Overrides the scenario's clock mode. */
  clock?: ClockMode;
  /** Overrides the scenario's clock speed (virtual seconds per real second). */
  speed?: number;
  /** Require `Authorization: Bearer <adminToken>` on `/__sandbox`. Default: none. */
  adminToken?: string;
  /** Where logs go. Default: silent. */
  logger?: Logger;
  /**
   * Keep the whole state in this JSON file (`--data`): every write is on disk before it is
   * acknowledged, and a restart resumes orders, deliveries and the clock. Default: memory only.
   */
  data?: string;
  /** Webhook endpoints to register at start, besides the scenario's (`--webhook-url`). */
  webhooks?: { url: string; secret?: string; events?: string[] }[];
}

/** A running sandbox. */
export interface Sandbox {
  /** Base URL, e.g. `http://127.0.0.1:4242`. */
  url: string;
  port: number;
  host: string;
  /** The first read-write key of the scenario's first account. */
  apiKey: string;
  /** The scenario it started with (after a reset, `context.scenario` is the one running). */
  scenario: Scenario;
  context: SandboxContext;
  server: Server;
  /** The webhook endpoints registered at start, with their secrets. */
  webhookEndpoints: WebhookEndpointRecord[];
  /** The JSON file the state is kept in (`data`), if any. */
  dataFile: string | undefined;
  /** The secret of the first webhook endpoint registered at start, if any. */
  webhookSecret: string | undefined;
  /**
   * Moves the virtual clock forward (`90`, `"90s"`, `"10m"`, `"1h30m"`), running everything due in
   * order and waiting for the webhook attempts it starts; resolves with what fired.
   */
  advance(by: string | number): Promise<{ now: string; fired: SandboxEvent[] }>;
  /** Moves an order one step, or straight `to` a status, now (as `POST /__sandbox/orders/{id}/advance`). */
  advanceOrder(orderId: string, to?: 'driver_assigned' | 'picked_up' | 'delivered'): Promise<Order>;
  /** Every event emitted, oldest first, optionally of one order or name. */
  events(filter?: { order_id?: string; event?: EventName }): SandboxEvent[];
  /** The webhook delivery log, oldest first, filtered like `GET /__sandbox/webhook-deliveries`. */
  deliveries(filter?: DeliveryFilter): DeliveryAttempt[];
  /** Back to a fresh scenario state (as `POST /__sandbox/reset`). */
  reset(opts?: { scenario?: string; seed?: string | number }): Promise<void>;
  /** Waits (bounded) until no webhook attempt is in flight. */
  settle(): Promise<void>;
  /** Stops listening and closes open connections. */
  close(): Promise<void>;
}

/** Resolves the scenario option, applying the seed and clock overrides. */
function resolveSandboxScenario(options: SandboxOptions): Scenario {
  const source = options.scenario ?? 'default';
  const scenario =
    typeof source === 'string' ? loadScenario(source) : parseScenario(source, 'scenario option');
  return {
    ...scenario,
    seed: options.seed === undefined ? scenario.seed : String(options.seed),
    clock: {
      ...scenario.clock,
      mode: options.clock ?? scenario.clock.mode,
      speed: options.speed ?? scenario.clock.speed,
    },
  };
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException): void => {
      server.off('listening', onListening);
      reject(
        err.code === 'EADDRINUSE'
          ? new Error(
              `port ${port} on ${host} is already in use; choose another with --port, or --port 0 for any free port`,
            )
          : err,
      );
    };
    const onListening = (): void => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

/**
 * Starts a sandbox: loads the scenario, seeds its world and serves the API.
 *
 * @example
 * const sandbox = await startSandbox({ scenario: 'ci' });
 * await fetch(`${sandbox.url}/v1/orders`, { headers: { Authorization: `Bearer ${sandbox.apiKey}` } });
 * await sandbox.close();
 */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const logger = options.logger ?? pino({ level: 'silent' });
  let source = options.scenario ?? 'default';
  const world = await SandboxWorld.open({
    resolve: (overrides) => {
      const scenario = resolveSandboxScenario({
        ...options,
        scenario: overrides.scenario ?? source,
        seed: overrides.seed ?? options.seed,
      });
      source = overrides.scenario ?? source;
      return scenario;
    },
    endpoints: options.webhooks ?? [],
    dataFile: options.data,
    logger,
  });
  const { context, dispatcher, webhooks } = world;
  const scenario = context.scenario;
  const webhookEndpoints = context.store.webhookEndpoints.all().map((e) => ({ ...e }));
  const reset = (opts: { scenario?: string; seed?: string | number }) => world.reset(opts);
  const app = createApp({
    context,
    logger,
    version: VERSION,
    adminToken: options.adminToken,
    reset,
    webhooks,
    state: {
      export: () => world.exportState(),
      import: (state) => world.importState(state),
      scenarios: () => world.scenarios(),
    },
  });
  const server = createServer(app);
  answerClientErrorsInJson(server, () => context.ids.next('req'));
  const host = options.host ?? '127.0.0.1';
  await listen(server, options.port ?? 0, host);
  const port = (server.address() as AddressInfo).port;
  const apiKey =
    scenario.accounts.flatMap((a) => a.api_keys).find((k) => k.startsWith('sk_')) ??
    scenario.accounts[0]?.api_keys[0] ??
    '';
  const urlHost = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host;
  return {
    url: `http://${urlHost}:${port}`,
    port,
    host,
    apiKey,
    scenario,
    context,
    server,
    webhookEndpoints,
    webhookSecret: webhookEndpoints[0]?.secret,
    dataFile: options.data,
    advance: (by) => advanceClock(context, by, () => dispatcher.settle()),
    advanceOrder: async (orderId, to) => {
      const order = advanceOrder(context, orderId, to);
      await dispatcher.settle();
      await context.store.commit();
      return structuredClone(order);
    },
    events: (filter = {}) =>
      (context.store.events.all() as SandboxEvent[]).filter(
        (e) =>
          (filter.order_id === undefined || e.data.order.order_id === filter.order_id) &&
          (filter.event === undefined || e.event === filter.event),
      ),
    deliveries: (filter = {}) => listAttempts(context.store, filter),
    reset: (opts = {}) => reset(opts),
    settle: () => dispatcher.settle(),
    close: async () => {
      context.scheduler.stop();
      await dispatcher.settle(1000);
      await new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}

/** The same as `startSandbox` (its earlier name). */
export const createSandbox = startSandbox;

import { advanceClock } from '../commands/advance-clock.js';
import { advanceOrder } from '../commands/advance-order.js';
import { cancelOrder } from '../commands/cancel-order.js';
import { completeWrite } from '../commands/complete-write.js';
import { describeWorld } from '../commands/describe-world.js';
import { listDeliveries } from '../commands/list-deliveries.js';
import { listEvents } from '../commands/list-events.js';
import { probeEndpoint } from '../commands/probe-endpoint.js';
import { setClock } from '../commands/set-clock.js';
import type { AdvanceTarget } from '../commands/advance-order.js';
import type { DeliveryFilter } from '../commands/list-deliveries.js';
import type { EventFilter } from '../commands/list-events.js';
import type { ClockState } from '../commands/set-clock.js';
import type { Order } from '../domain/api-types.js';
import { clonePlain } from '../domain/clone-plain.js';
import type { AccountKeys, DeliveryAttempt, ProbeResult } from '../domain/sandbox-types.js';
import type { ClockMode } from '../domain/scenario.js';
import type { SandboxEvent } from '../events/event-bus.js';
import type { Scenario, ScenarioFile } from '../scenarios/scenario.js';
import type { IntegrationReport } from '../report/integration-report.js';
import type { WebhookEndpointRecord } from '../store/state.js';
import type { SandboxHost } from './sandbox-host.js';
import { mapInSlices } from '../slices.js';

/**
 * What a `Sandbox` and a named sandbox's handle both do: the commands on one host's world.
 * `apiKey`, `keys`, `scenario` and the webhook fields describe the scenario running now.
 */
export interface HostCommands {
  /** The first read-write key of the running scenario. */
  readonly apiKey: string;
  /** Every account's keys, in the running scenario. */
  readonly keys: AccountKeys[];
  /** The running scenario, every default filled in. */
  readonly scenario: Scenario;
  /** The webhook endpoints registered now, with their secrets. */
  readonly webhookEndpoints: WebhookEndpointRecord[];
  /** The secret of the first webhook endpoint, if any. */
  readonly webhookSecret: string | undefined;
  /** The virtual clock. */
  readonly clock: {
    /** Virtual time now, in epoch milliseconds. */
    now(): number;
    /**
     * Moves virtual time forward (`90`, `"90s"`, `"10m"`, `"1h30m"`), running everything due in
     * order and waiting for the webhook attempts it starts; resolves with what fired.
     */
    advance(by: string | number): Promise<{ now: string; fired: SandboxEvent[] }>;
    /** Switches the clock's mode and, optionally, its speed (virtual seconds per real second). */
    set(mode: ClockMode, speed?: number): ClockState;
  };
  /** Moves an order one step, or straight `to` a status, now (as `POST /__sandbox/orders/{id}/advance`). */
  advanceOrder(orderId: string, to?: AdvanceTarget): Promise<Order>;
  /** Cancels an order as the restaurant or the system (as `POST /__sandbox/orders/{id}/cancel`). */
  cancelOrder(orderId: string, by: 'restaurant' | 'system', reason?: string): Promise<Order>;
  /** Every event emitted, oldest first, optionally of one order or name: the caller's own copies. */
  events(filter?: EventFilter): SandboxEvent[];
  /** The webhook delivery log, oldest first, filtered like `GET /__sandbox/webhook-deliveries`. */
  deliveries(filter?: DeliveryFilter): DeliveryAttempt[];
  /**
   * Back to a fresh scenario state (as `POST /__sandbox/reset`); endpoints stay. `scenario` is a
   * bundled name, a path to a .yaml/.json file (read as at start: a regular file, at most 1 MiB)
   * or a scenario object.
   */
  reset(opts?: { scenario?: string | ScenarioFile; seed?: string | number }): Promise<void>;
  /**
   * The integration report (as `GET /__sandbox/report`): coverage, violations and a scorecard per
   * webhook receiver, since the start or the last `resetReport()`; a `reset()` keeps it.
   */
  report(): IntegrationReport;
  /** Starts a fresh report without touching the world (as `POST /__sandbox/report/reset`). */
  resetReport(): IntegrationReport;
  /** The signature probe of one endpoint (as `POST /__sandbox/webhook-endpoints/{id}/probe`). */
  probe(endpointId: string): Promise<ProbeResult>;
  /** Waits (bounded) until no webhook attempt is in flight. */
  settle(): Promise<void>;
}

/** The first read-write key of a scenario (a read-only one if it has none). */
function firstKey(scenario: Scenario): string {
  const keys = scenario.accounts.flatMap((a) => a.api_keys);
  return keys.find((k) => k.startsWith('sk_')) ?? keys[0] ?? '';
}

/**
 * The programmatic commands on the host `host()` returns (read at each call, so a handle follows
 * its sandbox and fails once it is gone): the same commands the control plane runs. The getters
 * describe the world running now.
 */
export function hostCommands(host: () => SandboxHost): HostCommands {
  const endpoints = (): WebhookEndpointRecord[] =>
    host()
      .current.store.webhookEndpoints.all()
      .map((e) => ({ ...e }));
  return {
    get apiKey() {
      return firstKey(host().current.scenario);
    },
    get keys() {
      return describeWorld(host().current).keys;
    },
    get scenario() {
      return host().current.scenario;
    },
    get webhookEndpoints() {
      return endpoints();
    },
    get webhookSecret() {
      return endpoints()[0]?.secret;
    },
    clock: {
      now: () => host().current.clock.now(),
      advance: (by) =>
        // Copies, made in slices: an advance over 10 000 orders fires ~28 000 events, and copying
        // them at once held every sandbox's requests for ~200 ms (bench/sandboxes.ts).
        advanceClock(host().current, by).then(async ({ now, fired }) => ({
          now,
          fired: await mapInSlices(fired, clonePlain),
        })),
      set: (mode, speed) =>
        setClock(host().current, { mode, ...(speed === undefined ? {} : { speed }) }),
    },
    advanceOrder: async (orderId, to) => {
      const world = host().current;
      const order = advanceOrder(world, orderId, to);
      await completeWrite(world, { settle: true });
      return structuredClone(order);
    },
    cancelOrder: async (orderId, by, reason) => {
      const world = host().current;
      const order = cancelOrder(world, { orderId, by, reason });
      await completeWrite(world, { settle: true });
      return structuredClone(order);
    },
    // Copies, as `fired` above: an event's order shares with the live order what has not changed
    // since (orderSnapshot), and the caller may change what it gets.
    events: (filter) => clonePlain(listEvents(host().current, filter)),
    deliveries: (filter) => listDeliveries(host().current, filter),
    reset: async (opts) => {
      await host().reset(opts, { files: true });
    },
    report: () => host().report(),
    resetReport: () => host().resetReport(),
    probe: (endpointId) => probeEndpoint(host().current, endpointId),
    settle: () => host().current.webhooks.settle(),
  };
}

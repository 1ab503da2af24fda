import { advanceClock } from '../commands/advance-clock.js';
import { advanceOrder } from '../commands/advance-order.js';
import { cancelOrder } from '../commands/cancel-order.js';
import { completeWrite } from '../commands/complete-write.js';
import { describeWorld } from '../commands/describe-world.js';
import { listDeliveries } from '../commands/list-deliveries.js';
import { listEvents } from '../commands/list-events.js';
import { probeEndpoint } from '../commands/probe-endpoint.js';
import { setClock } from '../commands/set-clock.js';
import type { Scenario } from '../scenarios/scenario.js';
import type { WebhookEndpointRecord } from '../store/state.js';
import type { Sandbox } from './sandbox.js';
import type { SandboxHost } from './sandbox-host.js';

/** What a `Sandbox` and a named sandbox's handle both do: the commands on one host's world. */
export type HostCommands = Omit<Sandbox, 'url' | 'port' | 'stream' | 'close' | 'sandboxes'>;

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
      advance: (by) => advanceClock(host().current, by),
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
    events: (filter) => listEvents(host().current, filter),
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

import type { Logger } from 'pino';
import type { WebhookFaults } from '../scenarios/scenario.js';
import type { SandboxContext } from '../service/context.js';
import type { DeliveryAttempt, SandboxState, WebhookEndpointRecord } from '../store/state.js';

/** What the control plane may ask of webhook delivery (implemented by webhooks/, wired in sandbox.ts). */
export interface WebhookControl {
  register(input: { url: string; secret?: string; events?: string[] }): WebhookEndpointRecord;
  remove(endpointId: string): WebhookEndpointRecord;
  /** One test delivery to an endpoint. */
  test(endpointId: string): Promise<DeliveryAttempt>;
  /** Sends a stored event again to its endpoints. */
  redeliver(eventId: string): Promise<DeliveryAttempt[]>;
  faults: WebhookFaults;
  /** Waits (bounded) for the attempts in flight. */
  settle(): Promise<void>;
}

/** What `createApp` needs. */
export interface AppDeps {
  context: SandboxContext;
  logger: Logger;
  /** Starts again from a fresh scenario state (`POST /__sandbox/reset`); throws a ScenarioError for a bad scenario. */
  reset: (opts: { scenario?: string; seed?: string | number }) => Promise<void>;
  webhooks: WebhookControl;
  /** The whole state (`GET·PUT /__sandbox/state`) and the bundled scenarios. */
  state: {
    export(): SandboxState;
    import(state: SandboxState): Promise<void>;
    scenarios(): { name: string; description: string; current: boolean }[];
  };
  /** The package version, shown by `/__sandbox/health`. */
  version: string;
  /** When set, `/__sandbox` requires `Authorization: Bearer <adminToken>`. */
  adminToken?: string | undefined;
}

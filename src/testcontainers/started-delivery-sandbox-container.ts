import type { StartedTestContainer } from 'testcontainers';
import { ControlClient } from '../cli/control-client.js';
import type { StartLineFields } from '../cli/start-line.js';
import type { AccountKeys } from '../domain/sandbox-types.js';
import { containerSandboxes, type ContainerSandboxes } from './container-sandboxes.js';
import { testcontainers } from './load-testcontainers.js';

/**
 * A running sandbox container: where it answers, the running scenario's keys and webhook secret
 * (as at start), its named sandboxes over the control plane, and everything a started
 * Testcontainers container offers (`stop()`, `logs()`, `getMappedPort()`…).
 */
export class StartedDeliverySandboxContainer extends testcontainers.AbstractStartedContainer {
  /** The base URL on the test's machine, e.g. `http://localhost:32768` (no trailing `/v1`). */
  readonly url: string;
  /** The first read-write key of the running scenario. */
  readonly apiKey: string;
  /** Every account's keys in the running scenario. */
  readonly keys: AccountKeys[];
  /** The secret signing the first webhook endpoint's deliveries, if one was given at start. */
  readonly webhookSecret: string | undefined;
  /** The container's start line (docs/cli.md), as it logged it. */
  readonly startLine: StartLineFields;
  /** Named sandboxes, each a world of its own with its own keys (docs/sandboxes.md). */
  readonly sandboxes: ContainerSandboxes;

  private constructor(
    started: StartedTestContainer,
    url: string,
    startLine: StartLineFields,
    keys: AccountKeys[],
    adminToken: string | undefined,
  ) {
    super(started);
    this.url = url;
    this.startLine = startLine;
    this.keys = keys;
    this.apiKey = firstKey(keys);
    this.webhookSecret = startLine.webhook_secret ?? undefined;
    this.sandboxes = containerSandboxes(url, adminToken);
  }

  /** The handle on `started`, answering at `url`, with the keys its control plane reports. */
  static async connect(
    started: StartedTestContainer,
    url: string,
    startLine: StartLineFields,
    adminToken: string | undefined,
  ): Promise<StartedDeliverySandboxContainer> {
    const { keys } = await new ControlClient(url, adminToken).world();
    return new StartedDeliverySandboxContainer(started, url, startLine, keys, adminToken);
  }
}

/** The first read-write key (a read-only one if there is none), as `sandbox.apiKey` picks it. */
function firstKey(keys: AccountKeys[]): string {
  const all = keys.flatMap((a) => a.api_keys);
  return all.find((k) => k.startsWith('sk_')) ?? all[0] ?? '';
}

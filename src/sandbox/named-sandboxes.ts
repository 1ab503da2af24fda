import { fail } from '../errors/service-error.js';
import type { SandboxSpec, SandboxSummary } from '../http/sandbox-directory.js';
import type { SandboxStreamMessage } from '../live/messages.js';
import type { ScenarioFile } from '../scenarios/scenario.js';
import { withCallerStacks } from './caller-stack.js';
import { hostCommands, type HostCommands } from './host-commands.js';
import type { SandboxHost } from './sandbox-host.js';
import type { SandboxRegistry } from './sandbox-registry.js';

export type { SandboxSpec, SandboxSummary } from '../http/sandbox-directory.js';

/** How to create a named sandbox programmatically: as `PUT /__sandbox/sandboxes/{name}`'s body. */
export interface NamedSandboxOptions extends SandboxSpec {
  /** A bundled name, a path to a .yaml/.json file (unlike over HTTP), or a scenario object. */
  scenario?: string | ScenarioFile | undefined;
}

/**
 * A named sandbox, from `sandbox.sandboxes.create(name)`: the `Sandbox` commands on its own world
 * (its keys, clock, orders, events, deliveries, report, reset). Each call is a use (its `ttl`
 * starts again); once the sandbox is deleted or expired every call throws `sandbox_not_found`.
 */
export interface NamedSandboxHandle extends HostCommands {
  readonly name: string;
  /** The server's base URL: a named sandbox is reached through its keys, on the same server. */
  readonly url: string;
  /**
   * The messages of `GET /__sandbox/sandboxes/{name}/stream` (this sandbox's only), from now on,
   * as `sandbox.stream()` yields the default sandbox's; it ends when the sandbox is deleted,
   * expires or is replaced.
   */
  stream(): AsyncIterableIterator<SandboxStreamMessage>;
  /** Disposes the sandbox now (as `DELETE /__sandbox/sandboxes/{name}`). */
  delete(): Promise<void>;
}

/** `sandbox.sandboxes`: the named sandboxes of a server (docs/sandboxes.md). */
export interface NamedSandboxes {
  /** Creates the sandbox, or replaces it with a fresh world and new keys (as `PUT`). */
  create(name: string, options?: NamedSandboxOptions): Promise<NamedSandboxHandle>;
  /** A handle on a live sandbox, or `undefined` when there is none. */
  get(name: string): NamedSandboxHandle | undefined;
  /** Every live sandbox, oldest first, as `GET /__sandbox/sandboxes` lists them. */
  list(): SandboxSummary[];
  /** Disposes the sandbox now; throws `sandbox_not_found` when there is none. */
  delete(name: string): Promise<void>;
}

/**
 * The programmatic face of `registry`, for a server at `url`; `stream` reads a sandbox's stream
 * (the server's LiveStreams).
 */
export function namedSandboxes(
  registry: SandboxRegistry,
  url: string,
  stream: (host: SandboxHost) => AsyncIterableIterator<SandboxStreamMessage>,
): NamedSandboxes {
  const handle = (name: string): NamedSandboxHandle => {
    const host = (): SandboxHost => {
      const found = registry.get(name);
      if (!found) throw fail('sandbox_not_found', { name });
      return found;
    };
    return withCallerStacks(
      Object.assign(hostCommands(host), {
        name,
        url,
        stream: () => stream(host()),
        delete: () => registry.delete(name),
      }),
    );
  };
  return {
    create: async (name, options = {}) => {
      await registry.open(name, options, { files: true });
      return handle(name);
    },
    get: (name) => (registry.get(name) ? handle(name) : undefined),
    list: () => registry.summaries(),
    delete: (name) => registry.delete(name),
  };
}

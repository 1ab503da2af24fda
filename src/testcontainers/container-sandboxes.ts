import { ControlClient, type NamedSandbox } from '../cli/control-client.js';
import type { AccountKeys, SandboxSchemas } from '../domain/sandbox-types.js';

/** How to create a named sandbox in the container: `PUT /__sandbox/sandboxes/{name}`'s body. */
export type ContainerSandboxOptions = SandboxSchemas['SandboxRequest'];

/**
 * A named sandbox in the container (docs/sandboxes.md): a whole world of its own, reached on the
 * container's URL with its own keys. `info` is the control plane's answer as it came.
 */
export interface ContainerSandbox {
  readonly name: string;
  /** The container's base URL: a named sandbox is told apart by its keys. */
  readonly url: string;
  /** Its first read-write key (`sk_test_sb-{name}_…`). */
  readonly apiKey: string;
  /** Every account's keys in it, as `sandbox.keys` lists them. */
  readonly keys: AccountKeys[];
  readonly info: NamedSandbox;
  /** Disposes it now (`DELETE /__sandbox/sandboxes/{name}`). */
  delete(): Promise<void>;
}

/** The named sandboxes of a started container, over its control plane. */
export interface ContainerSandboxes {
  /** Creates the sandbox, or replaces it with a fresh world and new keys (as `PUT`). */
  create(name: string, options?: ContainerSandboxOptions): Promise<ContainerSandbox>;
  /** Every live sandbox, oldest first. */
  list(): Promise<NamedSandbox[]>;
  /** Disposes the sandbox now; rejects when there is none. */
  delete(name: string): Promise<void>;
}

/** A named sandbox's accounts as `AccountKeys`: the read-write key first, then the read-only one. */
function accountKeys(info: NamedSandbox): AccountKeys[] {
  return info.accounts.map((a) => ({
    account_id: a.account_id,
    name: a.name,
    api_keys: [a.api_key, a.read_only_key].filter((k): k is string => k !== null),
  }));
}

/** The named sandboxes of the sandbox at `url`, through the package's control client. */
export function containerSandboxes(url: string, adminToken?: string): ContainerSandboxes {
  const control = new ControlClient(url, adminToken);
  return {
    create: async (name, options = {}) => {
      const info = await control.putSandbox(name, options);
      const keys = accountKeys(info);
      return {
        name: info.name,
        url,
        apiKey: info.accounts.find((a) => a.api_key !== null)?.api_key ?? '',
        keys,
        info,
        delete: () => control.deleteSandbox(info.name),
      };
    },
    list: () => control.listSandboxes(),
    delete: (name) => control.deleteSandbox(name),
  };
}

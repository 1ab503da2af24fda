import type { StreamHosts } from '../live/stream-hosts.js';
import { checkSandboxName } from './named-sandbox-config.js';
import type { SandboxRegistry } from './sandbox-registry.js';

/**
 * The server's sandboxes as the live streams find them: `default` and the named ones by name (a
 * name against the rule is 400 `invalid_sandbox_name`), by key, and their disposal.
 */
export function streamHosts(registry: SandboxRegistry): StreamHosts {
  return {
    default: registry.defaultHost,
    byName: (name) => {
      if (name === 'default') return registry.defaultHost;
      checkSandboxName(name);
      return registry.get(name);
    },
    byKey: (token) => registry.resolveKey(token),
    onDisposed: (listener) => registry.onDisposed(listener),
  };
}

import { join } from 'node:path';
import type { SandboxConfig } from './config.js';
import { checkSandboxName, namedSandboxConfig } from './named-sandbox-config.js';
import type { SandboxFiles } from './sandbox-files.js';
import { SandboxHost } from './sandbox-host.js';
import { SandboxKeys } from './sandbox-keys.js';
import type { NamedSandbox } from './named-sandbox.js';

/**
 * The named sandboxes a `--data` index holds, opened again from their files: each with its keys,
 * its state (resumed as the default sandbox's is) and its `ttl` counted from its last use before
 * the stop. An expired one's files are removed instead; one that cannot be opened (a file damaged
 * by hand) is logged and left out, its files kept for a look.
 */
export async function restoreSandboxes(
  files: SandboxFiles,
  server: SandboxConfig,
  now: () => number,
): Promise<NamedSandbox[]> {
  const restored: NamedSandbox[] = [];
  for (const saved of await files.read()) {
    const lastUsed = Date.parse(saved.last_used);
    if (!(now() - lastUsed < saved.ttl_ms)) {
      await files.remove(saved.file);
      continue;
    }
    try {
      checkSandboxName(saved.name);
      const dataFile = files.fileFor(saved.name, saved.made);
      if (dataFile !== join(files.dir, saved.file))
        throw new Error(`unexpected file ${saved.file}`);
      const keys = new SandboxKeys(saved.name, saved.keys);
      const config: SandboxConfig = {
        ...namedSandboxConfig(server, saved.name, saved.spec, keys, saved.made - 1, dataFile),
        // The file's scenario and seed win, even after a reset to others (as for --data's own).
        scenarioNamed: false,
        seed: undefined,
      };
      const host = await SandboxHost.open(config);
      restored.push({
        name: saved.name,
        spec: saved.spec,
        files: saved.files,
        made: saved.made,
        host,
        createdAt: Date.parse(saved.created_at),
        lastUsed,
        ttlMs: saved.ttl_ms,
        keys,
        dataFile,
      });
    } catch (err) {
      server.logger.error(
        { err, sandbox: saved.name },
        'a named sandbox could not be brought back from its data file; its files are kept',
      );
    }
  }
  return restored;
}

import type { Logger } from 'pino';
import type { SandboxContext } from '../service/context.js';

/** What `createApp` needs. */
export interface AppDeps {
  context: SandboxContext;
  logger: Logger;
  /** Starts again from a fresh scenario state (`POST /__sandbox/reset`); throws a ScenarioError for a bad scenario. */
  reset: (opts: { scenario?: string; seed?: string | number }) => Promise<void>;
  /** The package version, shown by `/__sandbox/health`. */
  version: string;
  /** When set, `/__sandbox` requires `Authorization: Bearer <adminToken>`. */
  adminToken?: string | undefined;
}

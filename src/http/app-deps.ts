import type { Logger } from 'pino';
import type { SandboxContext } from '../service/context.js';

/** What `createApp` needs. */
export interface AppDeps {
  context: SandboxContext;
  logger: Logger;
  /** The package version, shown by `/__sandbox/health`. */
  version: string;
  /** When set, `/__sandbox` requires `Authorization: Bearer <adminToken>`. */
  adminToken?: string | undefined;
}

import type { ClockState } from '../commands/set-clock.js';
import type { ClockMode, ScenarioFile } from '../domain/scenario.js';

/** The body of `PUT /__sandbox/sandboxes/{name}` (`SandboxRequest` in openapi/sandbox.yaml). */
export interface SandboxSpec {
  /** A bundled scenario's name or a scenario object. Default: the server's `--scenario`. */
  scenario?: string | ScenarioFile | undefined;
  /** Overrides the scenario's seed. */
  seed?: string | number | undefined;
  /** Overrides the scenario's clock: mode, speed, and start (an ISO time). */
  clock?: { mode?: ClockMode; speed?: number; start?: string } | undefined;
  /** Real time since the last use after which the sandbox is gone (`"30m"`, seconds). Default 1 h. */
  ttl?: string | number | undefined;
  /** Record a trace of this sandbox in memory (GET /__sandbox/sandboxes/{name}/trace). Default false. */
  trace?: boolean | undefined;
}

/** One account of a named sandbox, with its first read-write and first read-only key. */
export interface SandboxAccount {
  account_id: string;
  name: string;
  api_key: string | null;
  read_only_key: string | null;
}

/** A named sandbox as the control plane answers it, but for its `urls` (which name the Host). */
export interface SandboxSummary {
  name: string;
  scenario: string;
  seed: string;
  clock: ClockState;
  /** Real (wall-clock) times, as ISO strings: the `ttl` runs in real time. */
  created_at: string;
  expires_at: string;
  accounts: SandboxAccount[];
}

/**
 * The named sandboxes, as the control routes reach them (src/sandbox/sandbox-registry.ts holds
 * them). Every failure is a ServiceError from the catalogue.
 */
export interface SandboxDirectory {
  /** Creates the sandbox, or replaces it with a fresh world built from `spec`. */
  put(name: string, spec: SandboxSpec): Promise<{ created: boolean; sandbox: SandboxSummary }>;
  /** One sandbox (a use: its `ttl` starts again); 404 `sandbox_not_found` when there is none. */
  describe(name: string): SandboxSummary;
  /** Every live sandbox, oldest first. */
  summaries(): SandboxSummary[];
  /** Disposes the sandbox now; 404 `sandbox_not_found` when there is none. */
  delete(name: string): Promise<void>;
}

import { basename } from 'node:path';
import type { SandboxSpec, SandboxSummary } from '../http/sandbox-directory.js';
import type { SavedSandbox } from './sandbox-files.js';
import type { SandboxHost } from './sandbox-host.js';
import type { SandboxKeys } from './sandbox-keys.js';

/** One named sandbox: its host (a whole world of its own) and when it was made and last used. */
export interface NamedSandbox {
  readonly name: string;
  readonly host: SandboxHost;
  /** Real epoch milliseconds. */
  readonly createdAt: number;
  lastUsed: number;
  readonly ttlMs: number;
  /** The body it was made from (`ttl` aside), its keys and its number: what `--data` keeps. */
  readonly spec: SandboxSpec;
  readonly files: boolean;
  readonly keys: SandboxKeys;
  readonly made: number;
  /** Its data file, under `--data` (src/sandbox/sandbox-files.ts). */
  readonly dataFile?: string | undefined;
  /** Set once it is being disposed. */
  closing?: Promise<void>;
}

const iso = (ms: number): string => new Date(ms).toISOString();

/** What the `--data` index keeps of `e` (nothing without a data file). */
export function savedSandbox(e: NamedSandbox): SavedSandbox[] {
  if (!e.dataFile) return [];
  return [
    {
      name: e.name,
      spec: e.spec,
      files: e.files,
      keys: e.keys.saved(),
      made: e.made,
      file: basename(e.dataFile),
      created_at: iso(e.createdAt),
      last_used: iso(e.lastUsed),
      ttl_ms: e.ttlMs,
    },
  ];
}

/** What `GET /__sandbox/sandboxes/{name}` answers about `e` (its world as it runs now). */
export function summarizeSandbox(e: NamedSandbox): SandboxSummary {
  const world = e.host.current;
  return {
    name: e.name,
    scenario: world.scenario.name,
    seed: world.scenario.seed,
    clock: world.clock.state(),
    created_at: iso(e.createdAt),
    expires_at: iso(e.lastUsed + e.ttlMs),
    accounts: world.scenario.accounts.map((a) => ({
      account_id: a.id,
      name: a.name,
      api_key: a.api_keys.find((k) => k.startsWith('sk_')) ?? null,
      read_only_key: a.api_keys.find((k) => k.startsWith('rk_')) ?? null,
    })),
  };
}

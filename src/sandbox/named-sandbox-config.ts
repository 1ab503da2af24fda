import { parseDuration } from '../domain/duration.js';
import { SANDBOX_NAME, SANDBOX_NAME_RULE } from '../domain/api-key.js';
import { fail } from '../errors/service-error.js';
import type { SandboxSpec } from '../http/sandbox-directory.js';
import { DEFAULTS, type SandboxConfig } from './config.js';
import type { SandboxKeys } from './sandbox-keys.js';

/** A named sandbox's `ttl`: the default and its bounds, in real milliseconds. */
export const TTL = {
  defaultMs: 60 * 60 * 1000,
  minMs: 1000,
  maxMs: 7 * 24 * 60 * 60 * 1000,
  min: '1s',
  max: '7d',
} as const;

/** Refuses a name that breaks SANDBOX_NAME, and `default` (400 `invalid_sandbox_name`). */
export function checkSandboxName(name: string): void {
  if (!SANDBOX_NAME.test(name) || name === 'default')
    throw fail('invalid_sandbox_name', { name, rule: SANDBOX_NAME_RULE });
}

/** A `ttl` in real milliseconds (default 1 h); 400 `invalid_ttl` outside 1 s to 7 d. */
export function parseTtl(ttl: string | number | undefined): number {
  if (ttl === undefined) return TTL.defaultMs;
  const ms = parseDuration(ttl);
  if (ms === undefined || ms < TTL.minMs || ms > TTL.maxMs)
    throw fail('invalid_ttl', { got: JSON.stringify(ttl), min: TTL.min, max: TTL.max });
  return ms;
}

/**
 * A named sandbox's config, from the server's: its own scenario, seed and clock from `spec`, its
 * own keys (`keys`), its cap on stored orders (`sandboxMaxOrders`), no `--data` file and none of the server's `--webhook-url` endpoints (those
 * are the default sandbox's; a named sandbox starts with its scenario's own). With no scenario in
 * `spec` it starts as the default sandbox did: the server's scenario, seed, clock mode and speed,
 * each unless `spec` sets it.
 */
export function namedSandboxConfig(
  server: SandboxConfig,
  name: string,
  spec: SandboxSpec,
  keys: SandboxKeys,
  /** How many sandboxes of this name the server made before this one. */
  before: number,
  /** Its data file when the server has `--data`. */
  dataFile?: string,
): SandboxConfig {
  const asServer = spec.scenario === undefined;
  const start = spec.clock?.start === undefined ? undefined : Date.parse(spec.clock.start);
  return {
    ...server,
    scenario: spec.scenario ?? server.scenario,
    scenarioNamed: true,
    seed: spec.seed ?? (asServer ? server.seed : undefined),
    clock: spec.clock?.mode ?? (asServer ? server.clock : undefined),
    speed: spec.clock?.speed ?? (asServer ? server.speed : undefined),
    logger: server.logger.child({ sandbox: name }),
    dataFile,
    // A named sandbox's trace is kept in memory, read with GET /__sandbox/sandboxes/{name}/trace.
    trace: spec.trace === true ? { memory: true } : undefined,
    traceMaxBytes: Math.min(server.traceMaxBytes, DEFAULTS.namedTraceMaxBytes),
    webhooks: [],
    idSpace: `sb-${name}#${before + 1}`,
    orderLimit: { sandbox: name, maxOrders: server.sandboxMaxOrders },
    shapeScenario: (scenario) =>
      keys.apply(
        start === undefined ? scenario : { ...scenario, clock: { ...scenario.clock, start } },
      ),
  };
}

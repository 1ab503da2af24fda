import type { SandboxSchemas } from '../domain/sandbox-types.js';
import type { World } from '../world/world.js';

/**
 * What runs now, as reset and state import answer it (`ResetResult` in openapi/sandbox.yaml).
 * It carries the accounts' keys, so a client that switched scenario knows which to use; health,
 * which is not behind the admin token, picks only the scenario and clock from it.
 */
export type WorldSummary = SandboxSchemas['ResetResult'];

export function describeWorld(world: World): WorldSummary {
  return {
    status: 'ok',
    scenario: world.scenario.name,
    seed: world.scenario.seed,
    clock: world.clock.state(),
    keys: world.scenario.accounts.map((a) => ({
      account_id: a.id,
      name: a.name,
      api_keys: [...a.api_keys],
    })),
  };
}

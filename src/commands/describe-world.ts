import type { World } from '../world/world.js';
import type { ClockState } from './set-clock.js';

/** What runs now, as health, reset and state import answer it (`ResetResult` in openapi/sandbox.yaml). */
export interface WorldSummary {
  status: 'ok';
  scenario: string;
  seed: string;
  clock: ClockState;
}

export function describeWorld(world: World): WorldSummary {
  return {
    status: 'ok',
    scenario: world.scenario.name,
    seed: world.scenario.seed,
    clock: world.clock.state(),
  };
}

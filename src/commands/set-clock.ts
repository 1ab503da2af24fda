import type { SandboxSchemas } from '../domain/sandbox-types.js';
import type { ClockMode } from '../domain/scenario.js';
import type { World } from '../world/world.js';

/** The clock as the control plane shows it (`ClockState` in openapi/sandbox.yaml). */
export type ClockState = SandboxSchemas['ClockState'];

/** Switches the clock's mode or speed (without a jump in virtual time) and re-arms the scheduler. */
export function setClock(world: World, settings: { mode?: ClockMode; speed?: number }): ClockState {
  world.clock.configure(settings);
  world.scheduler.clockChanged();
  const state = world.clock.state();
  world.activity.emit({ type: 'clock', data: state });
  return state;
}

import type { ClockMode } from '../domain/scenario.js';
import type { World } from '../world/world.js';

/** The clock as the control plane shows it. */
export interface ClockState {
  mode: ClockMode;
  speed: number;
  now: string;
}

/** Switches the clock's mode or speed (without a jump in virtual time) and re-arms the scheduler. */
export function setClock(world: World, settings: { mode?: ClockMode; speed?: number }): ClockState {
  world.clock.configure(settings);
  world.scheduler.clockChanged();
  const state = world.clock.state();
  world.activity.emit({ type: 'clock', data: state });
  return state;
}

import type { SandboxConfig } from './config.js';
import { loadScenario, parseScenario } from '../scenarios/load-scenario.js';
import type { Scenario, ScenarioFile } from '../scenarios/scenario.js';

/**
 * The scenario to run: the configured one (or a reset's choice), with the configured seed, clock
 * mode, speed and location interval applied over the file's own.
 */
export async function chooseScenario(
  config: Pick<SandboxConfig, 'scenario' | 'seed' | 'clock' | 'speed'> &
    Partial<Pick<SandboxConfig, 'retention' | 'shapeScenario' | 'locationIntervalMs'>>,
  choice: { scenario?: string | ScenarioFile | undefined; seed?: string | number | undefined } = {},
): Promise<Scenario> {
  const source = choice.scenario ?? config.scenario;
  const scenario =
    typeof source === 'string'
      ? await loadScenario(source)
      : parseScenario(source, 'scenario option');
  const seed = choice.seed ?? config.seed;
  const chosen: Scenario = {
    ...scenario,
    seed: seed === undefined ? scenario.seed : String(seed),
    clock: {
      ...scenario.clock,
      mode: config.clock ?? scenario.clock.mode,
      speed: config.speed ?? scenario.clock.speed,
    },
    retention: { ...scenario.retention, ...config.retention },
    location: {
      ...scenario.location,
      update_interval: config.locationIntervalMs ?? scenario.location.update_interval,
    },
  };
  return config.shapeScenario ? config.shapeScenario(chosen) : chosen;
}

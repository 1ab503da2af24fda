import { ScenarioError } from '../errors/scenario-error.js';
import { bundledScenarioNames, isBundledScenario } from '../scenarios/load-scenario.js';

/**
 * Refuses a scenario named by a string that is not a bundled one: over HTTP a scenario is a
 * bundled name or the scenario itself, never a path (the sandbox reads no file named by a client).
 * Throws the ScenarioError a reset and a sandbox's creation answer as 400 `invalid_scenario`.
 */
export function checkBundledOnly(scenario: unknown): void {
  if (typeof scenario === 'string' && !isBundledScenario(scenario))
    throw new ScenarioError(
      `no bundled scenario "${scenario}"; use one of ${bundledScenarioNames().join(', ')}, or send the scenario itself as an object`,
    );
}

import { loadScenarioFile } from '../scenarios/load-scenario.js';
import type { ScenarioFile } from '../scenarios/scenario.js';

/**
 * A scenario source (a bundled name, a path, or a scenario object) as a scenario file: what a
 * trace records so that it is self-contained and `delivery-sandbox replay` needs no other file.
 */
export async function scenarioAsFile(source: string | ScenarioFile): Promise<ScenarioFile> {
  return typeof source === 'string' ? await loadScenarioFile(source) : structuredClone(source);
}

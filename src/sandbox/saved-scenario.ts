import { chooseScenario } from './choose-scenario.js';
import type { SandboxConfig } from './config.js';
import { isBundledScenario } from '../scenarios/load-scenario.js';
import type { Scenario } from '../scenarios/scenario.js';
import type { SandboxState } from '../store/state.js';

/**
 * The scenario a `--data` file's state resumes with: the file's scenario and seed win. With no
 * scenario named, the file's own runs (a bundled one; a scenario file must be named again); a
 * scenario or seed named that differs from the file's is refused, with one line saying how to go
 * on, rather than running one scenario's settings over another's state.
 */
export async function savedScenario(
  config: Pick<SandboxConfig, 'scenario' | 'scenarioNamed' | 'seed' | 'clock' | 'speed'> &
    Partial<Pick<SandboxConfig, 'retention' | 'locationIntervalMs'>>,
  chosen: Scenario,
  saved: SandboxState,
  path: string,
): Promise<Scenario> {
  const afresh = (what: string, reset: string): string =>
    `or give --data a new file (or delete ${path}) to start ${what} afresh; or resume it, then switch with \`delivery-sandbox reset ${reset}\``;
  let scenario = chosen;
  if (saved.scenario !== chosen.name) {
    const holds = `${path} holds the state of scenario "${saved.scenario}"`;
    if (config.scenarioNamed)
      throw new Error(
        `${holds}, not "${chosen.name}": start with --scenario ${saved.scenario} to resume it, ${afresh(`"${chosen.name}"`, `--scenario ${chosen.name}`)}`,
      );
    if (!isBundledScenario(saved.scenario))
      throw new Error(
        `${holds}, which is not a bundled scenario: start with --scenario <its file> to resume it, or give --data a new file to start afresh`,
      );
    scenario = await chooseScenario(config, { scenario: saved.scenario });
  }
  if (config.seed !== undefined && String(config.seed) !== saved.seed)
    throw new Error(
      `${path} holds the state of seed "${saved.seed}", not "${config.seed}": start without --seed (or with --seed ${saved.seed}) to resume it, ${afresh(`seed "${config.seed}"`, `--seed ${config.seed}`)}`,
    );
  return { ...scenario, seed: saved.seed };
}

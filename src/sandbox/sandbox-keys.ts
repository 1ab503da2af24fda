import { randomInt } from 'node:crypto';
import type { Scenario } from '../scenarios/scenario.js';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 24 characters of [A-Za-z0-9] from the system's cryptographic source (about 143 bits). */
function randomPart(): string {
  let out = '';
  for (let i = 0; i < 24; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

/**
 * The API keys of one named sandbox, `sk_test_sb-<name>_<random>` (`rk_test_…` for a read-only
 * one; SANDBOX_KEY in domain/api-key.ts), standing in for its scenario's keys. Each scenario key
 * gets its own, drawn once from crypto (not the seed: a sandbox deleted and created again must
 * not answer to its old keys) and kept for the sandbox's life, so a reset keeps them.
 */
export class SandboxKeys {
  /** The scenario's key → this sandbox's key in its place. */
  private readonly byScenarioKey = new Map<string, string>();

  /** `saved`: the keys a `--data` restart brings back (`saved()` of the sandbox before the stop). */
  constructor(
    private readonly name: string,
    saved: Record<string, string> = {},
  ) {
    for (const [scenarioKey, key] of Object.entries(saved))
      this.byScenarioKey.set(scenarioKey, key);
  }

  /** Scenario key → this sandbox's key, as a `--data` index keeps them. */
  saved(): Record<string, string> {
    return Object.fromEntries(this.byScenarioKey);
  }

  /** The scenario with each account's keys replaced by this sandbox's (read-only stays read-only). */
  apply(scenario: Scenario): Scenario {
    return {
      ...scenario,
      accounts: scenario.accounts.map((account) => ({
        ...account,
        api_keys: account.api_keys.map((key) => this.keyFor(key)),
      })),
    };
  }

  private keyFor(scenarioKey: string): string {
    let key = this.byScenarioKey.get(scenarioKey);
    if (key === undefined) {
      const kind = scenarioKey.startsWith('rk_') ? 'rk' : 'sk';
      key = `${kind}_test_sb-${this.name}_${randomPart()}`;
      this.byScenarioKey.set(scenarioKey, key);
    }
    return key;
  }
}

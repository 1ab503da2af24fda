import { digestSecret } from '../domain/api-key.js';
import type { AccountRecord } from '../store/state.js';

export interface KeyEntry {
  account: AccountRecord;
  readOnly: boolean;
}

/**
 * The accounts' API keys by their SHA-256 digest, so that a lookup never depends on how many
 * leading characters of a secret a guess got right. Built once per world (accounts change only by
 * a reset or an import, which make a new world).
 */
export class Keyring {
  private readonly byDigest = new Map<string, KeyEntry>();

  constructor(accounts: readonly AccountRecord[]) {
    for (const account of accounts) {
      for (const key of account.api_keys) {
        this.byDigest.set(digestSecret(key), { account, readOnly: key.startsWith('rk_') });
      }
    }
  }

  /** The account whose key this is, or `undefined`. */
  find(key: string): KeyEntry | undefined {
    return this.byDigest.get(digestSecret(key));
  }
}

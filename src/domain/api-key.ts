import { hash } from 'node:crypto';

/** What a test API key looks like: `sk_test_…` (read-write) or `rk_test_…` (read-only). */
export const API_KEY_SHAPE = /^(sk|rk)_test_[A-Za-z0-9_]{4,100}$/;

/**
 * What an admin token may be: printable ASCII without spaces, as an `Authorization: Bearer` header
 * carries it (parseBearer stops at whitespace, so a token with a space could never match).
 */
export const ADMIN_TOKEN_SHAPE = /^[\x21-\x7e]{1,200}$/;

/** ADMIN_TOKEN_SHAPE in words, for error messages. */
export const ADMIN_TOKEN_RULE = '1 to 200 printable ASCII characters without spaces';

/** The SHA-256 digest of a secret (an API key, an admin token), for constant-time lookups. */
export function digestSecret(secret: string): string {
  // The one-shot form: no Hash object per call (every /v1 request digests its key).
  return hash('sha256', secret, 'hex');
}

/**
 * A named sandbox's name: 1 to 40 of `a-z`, `0-9` and `-`, starting with a letter or digit
 * (docs/sandboxes.md). `default` names the default sandbox and is never a named one's.
 */
export const SANDBOX_NAME = /^[a-z0-9][a-z0-9-]{0,39}$/;

/** SANDBOX_NAME in words, for error messages. */
export const SANDBOX_NAME_RULE =
  "1 to 40 characters of a-z, 0-9 and '-', starting with a letter or digit";

/**
 * The shape of a named sandbox's API key, `sk_test_sb-<name>_<24 random>` (read-only
 * `rk_test_sb-<name>_…`); the one group is the sandbox's name. A default sandbox's key never
 * matches: API_KEY_SHAPE, the scenario schema and the state schema allow no `-` in a key.
 *
 * @example SANDBOX_KEY.exec('sk_test_sb-checkout-1_AbC…')?.[1] // 'checkout-1'
 */
export const SANDBOX_KEY = /^[sr]k_test_sb-([a-z0-9][a-z0-9-]{0,39})_[A-Za-z0-9]{24}$/;

/** The sandbox a named sandbox's key names (`SANDBOX_KEY`'s one group), or `undefined` for any other key. */
export function sandboxNameOfKey(token: string): string | undefined {
  return SANDBOX_KEY.exec(token)?.[1];
}

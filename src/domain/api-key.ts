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

import { timingSafeEqual } from 'node:crypto';
import { API_KEY_SHAPE, digestSecret, SANDBOX_KEY } from '../domain/api-key.js';
import { fail, orThrow, type ServiceError } from '../errors/service-error.js';
import type { KeyEntry } from '../world/keyring.js';
import type { World } from '../world/world.js';

/** A credential as a request carries it: a bearer token, another scheme, or nothing (`undefined`). */
export type Credential = { token: string } | { scheme: string } | undefined;

/**
 * The account an API key belongs to, with the API's answers when it does not: no key, another
 * scheme, a malformed or live key (a test key is a scenario's, API_KEY_SHAPE, or a named sandbox's,
 * SANDBOX_KEY), an unknown key, and (with `requireWrite`) a read-only key. Used by
 * the REST API and the `/v1` streams alike.
 */
export function authenticateKey(
  world: World,
  credential: Credential,
  opts: { requireWrite: boolean },
): KeyEntry {
  return orThrow(lookupKeyEntry(world, credential, opts));
}

/**
 * `authenticateKey`, its error returned rather than thrown: for the hot paths
 * (src/http/middleware/authenticate.ts), which answer a refused key without a throw (`orThrow`
 * says why).
 */
export function lookupKeyEntry(
  world: World,
  credential: Credential,
  opts: { requireWrite: boolean },
): KeyEntry | ServiceError {
  if (!credential) return fail('missing_api_key');
  if ('scheme' in credential) return fail('malformed_authorization', { scheme: credential.scheme });
  const key = credential.token;
  // A named sandbox's key (`sk_test_sb-<name>_…`) has a `-` that a scenario's key may not.
  if (!API_KEY_SHAPE.test(key) && !SANDBOX_KEY.test(key)) {
    return fail('malformed_api_key', {
      live: key.startsWith('sk_live_') || key.startsWith('rk_live_'),
    });
  }
  const entry = world.keys.find(key);
  if (!entry) return fail('invalid_api_key', { key });
  if (opts.requireWrite && entry.readOnly) return fail('read_only_key');
  return entry;
}

/**
 * The control plane's admin token check (the control plane and its stream alike): nothing when no
 * token is configured; else the credential must be that token, compared in constant time.
 */
export function checkAdminToken(expected: string | undefined, credential: Credential): void {
  if (expected === undefined) return;
  if (!credential || !('token' in credential)) throw fail('missing_admin_token');
  const given = Buffer.from(digestSecret(credential.token));
  if (!timingSafeEqual(given, Buffer.from(digestSecret(expected)))) {
    throw fail('invalid_admin_token');
  }
}

import { createHash } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { SandboxContext } from '../../service/context.js';
import { errors } from '../../service/errors.js';
import type { AccountRecord } from '../../store/state.js';
import type { Store } from '../../store/store.js';

interface KeyEntry {
  account: AccountRecord;
  readOnly: boolean;
}

const KEY_SHAPE = /^(sk|rk)_test_[A-Za-z0-9_]{4,100}$/;
const digest = (key: string): string => createHash('sha256').update(key).digest('hex');

/**
 * Bearer authentication for `/v1`. Keys are looked up by their SHA-256 digest, so the comparison
 * never depends on how many leading characters of a secret a guess got right (constant time with
 * respect to the key). `requireWrite` refuses read-only `rk_test_…` keys with 403.
 */
export function createAuthenticator(
  ctx: SandboxContext,
): (opts: { requireWrite: boolean }) => RequestHandler {
  const indexes = new WeakMap<Store, Map<string, KeyEntry>>();
  const keyIndex = (store: Store): Map<string, KeyEntry> => {
    let index = indexes.get(store);
    if (!index) {
      index = new Map();
      for (const account of store.accounts.all()) {
        for (const key of account.api_keys)
          index.set(digest(key), { account, readOnly: key.startsWith('rk_') });
      }
      indexes.set(store, index);
    }
    return index;
  };

  return ({ requireWrite }) =>
    (req, res, next) => {
      const header = req.get('authorization');
      if (header === undefined || header.trim() === '') {
        throw errors.unauthorized(
          'No API key: send the header Authorization: Bearer <API key> (the sandbox prints its test key at start)',
          'missing_api_key',
        );
      }
      const match = /^Bearer +(\S+)\s*$/i.exec(header);
      if (!match?.[1]) {
        const scheme = header.split(' ')[0] ?? '';
        throw errors.unauthorized(
          `The Authorization header must be "Bearer <API key>"; got the scheme "${scheme.slice(0, 20)}"`,
          'malformed_authorization',
        );
      }
      const key = match[1];
      if (!KEY_SHAPE.test(key)) {
        throw errors.unauthorized(
          key.startsWith('sk_live_') || key.startsWith('rk_live_')
            ? 'Live keys do not work in the sandbox; use a test key (sk_test_… or rk_test_…)'
            : 'The API key is malformed; test keys look like sk_test_… (read-write) or rk_test_… (read-only)',
          'malformed_api_key',
        );
      }
      const entry = keyIndex(ctx.store).get(digest(key));
      if (!entry) {
        throw errors.unauthorized(
          `No such API key: ${key.slice(0, 12)}…; use a key from the scenario (the start banner prints one)`,
          'invalid_api_key',
        );
      }
      if (requireWrite && entry.readOnly) throw errors.readOnlyKey();
      res.locals.account = entry.account;
      next();
    };
}

import type { RequestHandler } from 'express';
import { authenticateKey } from '../../commands/authenticate.js';
import { parseBearer } from '../../edge/bearer.js';
import { fail } from '../../errors/service-error.js';

/**
 * Bearer authentication for `/v1`, against the world's keyring (keys looked up by digest).
 * `requireWrite` refuses read-only `rk_test_…` keys with 403.
 */
export function authenticate(opts: { requireWrite: boolean }): RequestHandler {
  return (req, res, next) => {
    const credential = parseBearer(req.get('authorization'));
    // The key is identified first and refused after, so that the request journal knows whose
    // read-only key was used for a write.
    const entry = authenticateKey(res.locals.world, credential, { requireWrite: false });
    res.locals.account = entry.account;
    res.locals.keyReadOnly = entry.readOnly;
    if (opts.requireWrite && entry.readOnly) throw fail('read_only_key');
    next();
  };
}

/** The two authenticators, made once: reads accept any key, writes need a read-write key. */
export const auth: { read: RequestHandler; write: RequestHandler } = {
  read: authenticate({ requireWrite: false }),
  write: authenticate({ requireWrite: true }),
};

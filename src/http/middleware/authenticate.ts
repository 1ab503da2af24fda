import type { RequestHandler } from 'express';
import { authenticateKey } from '../../commands/authenticate.js';
import { parseBearer } from '../../domain/api-key.js';

/**
 * Bearer authentication for `/v1`, against the world's keyring (keys looked up by digest).
 * `requireWrite` refuses read-only `rk_test_…` keys with 403.
 */
export function authenticate(opts: { requireWrite: boolean }): RequestHandler {
  return (req, res, next) => {
    const credential = parseBearer(req.get('authorization'));
    const entry = authenticateKey(res.locals.world, credential, opts);
    res.locals.account = entry.account;
    next();
  };
}

/** The two authenticators, made once: reads accept any key, writes need a read-write key. */
export const auth: { read: RequestHandler; write: RequestHandler } = {
  read: authenticate({ requireWrite: false }),
  write: authenticate({ requireWrite: true }),
};

import type { RequestHandler } from 'express';
import { API_KEY_SHAPE, parseBearer } from '../../domain/api-key.js';
import { fail } from '../../errors/service-error.js';

/**
 * Bearer authentication for `/v1`, against the world's keyring (keys looked up by digest).
 * `requireWrite` refuses read-only `rk_test_…` keys with 403.
 */
export function authenticate(opts: { requireWrite: boolean }): RequestHandler {
  return (req, res, next) => {
    const bearer = parseBearer(req.get('authorization'));
    if (!bearer) throw fail('missing_api_key');
    if ('scheme' in bearer) throw fail('malformed_authorization', { scheme: bearer.scheme });
    const key = bearer.token;
    if (!API_KEY_SHAPE.test(key)) {
      throw fail('malformed_api_key', {
        live: key.startsWith('sk_live_') || key.startsWith('rk_live_'),
      });
    }
    const entry = res.locals.world.keys.find(key);
    if (!entry) throw fail('invalid_api_key', { key });
    if (opts.requireWrite && entry.readOnly) throw fail('read_only_key');
    res.locals.account = entry.account;
    next();
  };
}

/** The two authenticators, made once: reads accept any key, writes need a read-write key. */
export const auth: { read: RequestHandler; write: RequestHandler } = {
  read: authenticate({ requireWrite: false }),
  write: authenticate({ requireWrite: true }),
};

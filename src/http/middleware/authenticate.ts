import type { RequestHandler } from 'express';
import { authenticateKey } from '../../commands/authenticate.js';
import { parseBearer } from '../../edge/bearer.js';
import { fail } from '../../errors/service-error.js';
import type { AccountRecord } from '../../store/state.js';
import type { RequestContext } from '../request-context.js';

/**
 * The request's key, against its world's keyring (keys looked up by digest): its account and
 * whether it is read-only go on the context (the journal records them), and the account is
 * returned. The key is identified first and refused after, so that the request journal knows whose
 * read-only key was used for a write: `requireWrite` refuses a read-only `rk_test_…` key with 403.
 * The Express routes (`auth`) and the fast path's reads (src/http/fast-reads.ts) alike.
 */
export function identifyKey(x: RequestContext, requireWrite: boolean): AccountRecord {
  const entry = authenticateKey(x.world, parseBearer(x.req.headers.authorization), {
    requireWrite: false,
  });
  x.account = entry.account;
  x.keyReadOnly = entry.readOnly;
  if (requireWrite && entry.readOnly) throw fail('read_only_key');
  return entry.account;
}

/** Bearer authentication for `/v1` as Express middleware (`identifyKey` on `res.locals`). */
export function authenticate(opts: { requireWrite: boolean }): RequestHandler {
  return (_req, res, next) => {
    identifyKey(res.locals, opts.requireWrite);
    next();
  };
}

/** The two authenticators, made once: reads accept any key, writes need a read-write key. */
export const auth: { read: RequestHandler; write: RequestHandler } = {
  read: authenticate({ requireWrite: false }),
  write: authenticate({ requireWrite: true }),
};

import type { RequestHandler } from 'express';
import { lookupKeyEntry } from '../../commands/authenticate.js';
import { parseBearer } from '../../edge/bearer.js';
import { fail, orThrow, ServiceError } from '../../errors/service-error.js';
import type { AccountRecord } from '../../store/state.js';
import type { KeyEntry, Keyring } from '../../world/keyring.js';
import type { RequestContext } from '../request-context.js';

/** The key a connection's last request was identified by: its header, the keyring, the answer. */
interface KnownKey {
  readonly header: string;
  readonly keys: Keyring;
  readonly entry: KeyEntry;
}

/**
 * Per connection, the last key found (issue 24: the key's SHA-256 was ~3 % of a read). A client
 * sends the same `Authorization` on every request of a keep-alive connection; the same header
 * against the same keyring (one per world, never changed) finds the same account. The header is
 * compared only with what the same connection sent before, so no lookup compares a guess with
 * another client's secret: the keyring's by-digest lookup stays the only one that does.
 */
const known = new WeakMap<object, KnownKey>();

/**
 * The request's key, against its world's keyring (keys looked up by digest): its account and
 * whether it is read-only go on the context (the journal records them), and the account is
 * returned. The key is identified first and refused after, so that the request journal knows whose
 * read-only key was used for a write: `requireWrite` refuses a read-only `rk_test_…` key with 403.
 * The Express routes (`auth`) and the programmatic and stream callers; the fast path takes the
 * same steps through `lookupKey`.
 */
export function identifyKey(x: RequestContext, requireWrite: boolean): AccountRecord {
  return orThrow(lookupKey(x, requireWrite));
}

/**
 * `identifyKey`, its refusal returned rather than thrown: the fast path's reads and creates answer
 * a missing, unknown or read-only key without a throw (`orThrow` says why).
 */
export function lookupKey(x: RequestContext, requireWrite: boolean): AccountRecord | ServiceError {
  const header = x.req.headers.authorization;
  const keys = x.world.keys;
  const socket = x.req.socket as object | null;
  const last = socket === null ? undefined : known.get(socket);
  let entry: KeyEntry;
  if (last !== undefined && last.header === header && last.keys === keys) entry = last.entry;
  else {
    const found = lookupKeyEntry(x.world, parseBearer(header), { requireWrite: false });
    if (found instanceof ServiceError) return found;
    entry = found;
    if (socket !== null && header !== undefined) known.set(socket, { header, keys, entry });
  }
  x.account = entry.account;
  x.keyReadOnly = entry.readOnly;
  if (requireWrite && entry.readOnly) return fail('read_only_key');
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

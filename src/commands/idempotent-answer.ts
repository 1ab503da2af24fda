import { hash } from 'node:crypto';
import { keptCopy } from '../domain/order-snapshot.js';
import type { IdempotencyRecord } from '../store/state.js';
import type { World } from '../world/world.js';

/** A write sent with an `Idempotency-Key`: whose key, and what makes it the same request. */
export interface IdempotentRequest {
  account_id: string;
  /** The `Idempotency-Key` as sent (the caller checks its length). */
  key: string;
  method: string;
  path: string;
  /** The parsed JSON body: key order does not count, `{a,b}` and `{b,a}` are the same body. */
  body: unknown;
}

/** The answer to remember for a first request: the record without its answer yet. */
export type IdempotencyClaim = Pick<
  IdempotencyRecord,
  'scope_key' | 'fingerprint' | 'created_at_ms'
>;

/** What the world remembers of a request's key. */
export type IdempotentRecall =
  /** The same request was answered within the key's lifetime: replay this answer. */
  | { seen: 'same'; status: number; body: unknown }
  /** The key was used, within its lifetime, on another request (`idempotency_key_reused`). */
  | { seen: 'different' }
  /** The key is new (or expired): run the request, then remember its answer under `claim`. */
  | { seen: 'none'; claim: IdempotencyClaim };

/**
 * JSON with sorted keys, so `{a,b}` and `{b,a}` count as the same body. Written out by hand with
 * `+=` (issue 24: `map` and `join` per object were most of it); the text, and so every stored
 * fingerprint, is the same as before (`idempotent-answer.test.ts` pins one).
 */
function canonical(value: unknown): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  let text: string;
  if (Array.isArray(value)) {
    text = '[';
    for (let i = 0; i < value.length; i++) text += (i === 0 ? '' : ',') + canonical(value[i]);
    return text + ']';
  }
  const keys = Object.keys(value).sort();
  text = '{';
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    text += `${i === 0 ? '' : ','}${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`;
  }
  return text + '}';
}

/**
 * Looks up the answer remembered for a request's `Idempotency-Key`, scoped per account. A record
 * older than the scenario's `retention.idempotency_ttl` (virtual time) counts as forgotten even
 * before retention drops it (store/retention.ts).
 *
 * @example recallIdempotentAnswer(world, { account_id, key: 'k1', method: 'POST', path: '/v1/orders', body }) // { seen: 'none', claim }
 */
export function recallIdempotentAnswer(world: World, request: IdempotentRequest): IdempotentRecall {
  const scopeKey = `${request.account_id}:${request.key}`;
  const fingerprint = hash(
    'sha256',
    `${request.method} ${request.path}\n${canonical(request.body)}`,
    'hex',
  );
  const now = world.clock.now();
  const seen = world.store.idempotency.get(scopeKey);
  if (seen && now - seen.created_at_ms < world.scenario.retention.idempotency_ttl_ms) {
    if (seen.fingerprint !== fingerprint) return { seen: 'different' };
    return { seen: 'same', status: seen.status, body: seen.body };
  }
  return { seen: 'none', claim: { scope_key: scopeKey, fingerprint, created_at_ms: now } };
}

/**
 * Remembers the answer to a first request under its claim, as a deep copy: the order in an answer
 * keeps changing afterwards, the replay must not (`keptCopy`: an answer is plain data; an order
 * answered as its event just snapshotted it shares that snapshot). Stored with the write it
 * belongs to (the next commit, `completeWrite`).
 */
export function rememberIdempotentAnswer(
  world: World,
  claim: IdempotencyClaim,
  status: number,
  body: unknown,
): void {
  world.store.idempotency.upsert({ ...claim, status, body: keptCopy(body) });
}

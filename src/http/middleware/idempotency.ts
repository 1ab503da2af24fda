import { createHash } from 'node:crypto';
import type { RequestHandler } from 'express';
import { fail } from '../../errors/service-error.js';

/** JSON with sorted keys, so `{a,b}` and `{b,a}` count as the same body. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * `Idempotency-Key` support: the first response to a key (scoped per account) is remembered for 24 h
 * of virtual time and replayed for the same request with `Idempotent-Replayed: true`, with no second
 * side effect; the same key on a different request is refused (`idempotency_key_reused`).
 */
export function idempotency(): RequestHandler {
  return (req, res, next) => {
    const { world } = res.locals;
    const key = req.get('idempotency-key');
    if (key === undefined) return next();
    if (key.length === 0 || key.length > 255) {
      throw fail('invalid_idempotency_key', { length: key.length });
    }
    const scopeKey = `${res.locals.account.account_id}:${key}`;
    const fingerprint = createHash('sha256')
      .update(`${req.method} ${req.path}\n${canonical(req.body)}`)
      .digest('hex');
    const now = world.clock.now();
    const seen = world.store.idempotency.get(scopeKey);
    if (seen && now - seen.created_at_ms < world.scenario.retention.idempotency_ttl_ms) {
      if (seen.fingerprint !== fingerprint) {
        throw fail('idempotency_key_reused', { key });
      }
      res.setHeader('Idempotent-Replayed', 'true');
      res.status(seen.status).json(seen.body);
      return;
    }
    let recorded = false;
    // A deep copy: the order in a response keeps changing afterwards, the replay must not.
    res.locals.recordIdempotent = (status, body) => {
      recorded = true;
      world.store.idempotency.upsert({
        scope_key: scopeKey,
        fingerprint,
        status,
        body: structuredClone(body),
        created_at_ms: now,
      });
    };
    // Error answers (a declined card, say) are remembered as they are sent.
    const send = res.json.bind(res);
    res.json = (body: unknown) => {
      if (!recorded && res.statusCode < 500) res.locals.recordIdempotent?.(res.statusCode, body);
      return send(body);
    };
    next();
  };
}

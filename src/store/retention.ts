import type { Retention } from '../domain/retention.js';
import type { Collection } from './collection.js';
import type { IdempotencyRecord } from './state.js';
import type { Store } from './store.js';

/** Records past a limit before it is enforced: pruning is O(collection), so it runs rarely. */
const slack = (limit: number): number => Math.max(100, Math.ceil(limit / 10));

const FINISHED_ORDER = new Set(['delivered', 'cancelled']);
const FINISHED_DELIVERY = new Set(['succeeded', 'failed']);

/**
 * One collection under a limit. `prune` keeps at most `limit` of the items `counts` selects,
 * dropping the oldest of them, once the collection has grown past its size at the last prune by
 * `slack(limit)` (and past the limit) and by a quarter of the items that prune could not drop (the
 * orders in progress). A prune reads the whole collection; without that quarter, a load that only
 * adds what must be kept (every order still pending, on a manual clock) had it read every order
 * again after each `slack` creates, a cost per create that grew with the orders (issue 24: ~3 µs
 * at 50 000).
 */
class Limit<T> {
  /** Until the collection is this large, a commit leaves it alone. */
  private pruneAbove: number;

  constructor(
    private readonly collection: Collection<T>,
    private readonly limit: number,
    /** Which records count towards the limit, and may be dropped (the others are always kept). */
    private readonly counts: (item: T) => boolean,
    private readonly onDrop?: (item: T) => void,
  ) {
    this.pruneAbove = limit + slack(limit);
  }

  prune(): void {
    const { collection, limit, counts, onDrop } = this;
    if (collection.size <= this.pruneAbove) return;
    let counted = 0;
    for (const item of collection.all()) if (counts(item)) counted++;
    const kept = collection.size - counted;
    let drop = counted - limit;
    if (drop > 0)
      collection.removeWhere((item) => {
        if (drop <= 0 || !counts(item)) return false;
        drop--;
        onDrop?.(item);
        return true;
      });
    this.pruneAbove = Math.max(limit, collection.size) + slack(limit) + Math.floor(kept / 4);
  }
}

const any = (): boolean => true;

/**
 * Enforces a world's retention limits (scenario `retention`) on its store, before each commit, so
 * memory and the `--data` file plateau under sustained load. Each collection is pruned only once it
 * has grown `slack` past its limit since it was last pruned (and by a quarter of what it had to
 * keep), down to the limit, so the cost per commit stays O(1) amortised: a commit with nothing
 * due compares five sizes and a time (issue 24: it had allocated a set and six closures, every
 * create). Active orders and pending deliveries are never dropped; expired idempotency keys are forgotten every twenty-fourth of their lifetime, and
 * the oldest beyond `idempotency_keys` sooner.
 */
export class RetentionKeeper {
  /** The orders dropped by the prune under way: their payments go with them. */
  private readonly dropped = new Set<string>();
  /** Events, attempts, deliveries and orders, pruned in that order before the keys' TTL. */
  private readonly first: readonly { prune(): void }[];
  private readonly keys: Limit<IdempotencyRecord>;
  private keysCheckedAt = -Infinity;

  constructor(
    private readonly store: Store,
    private readonly limits: Retention,
  ) {
    this.first = [
      new Limit(store.events, limits.events, any),
      new Limit(store.webhookAttempts, limits.attempts, any),
      new Limit(store.deliveries, limits.deliveries, (d) => FINISHED_DELIVERY.has(d.status)),
      new Limit(
        store.orders,
        limits.finished_orders,
        (o) => FINISHED_ORDER.has(o.order.status),
        (o) => this.dropped.add(o.order.order_id),
      ),
    ];
    this.keys = new Limit(store.idempotency, limits.idempotency_keys, any);
  }

  /** Drops what is beyond the limits at virtual time `nowMs`. */
  apply(nowMs: number): void {
    const { store, limits, dropped } = this;
    for (const limit of this.first) limit.prune();
    if (dropped.size > 0) {
      store.payments.removeWhere((p) => dropped.has(p.payment.order_id));
      dropped.clear();
    }
    if (nowMs - this.keysCheckedAt >= limits.idempotency_ttl_ms / 24) {
      this.keysCheckedAt = nowMs;
      const before = nowMs - limits.idempotency_ttl_ms;
      store.idempotency.removeWhere((r) => r.created_at_ms <= before);
    }
    this.keys.prune();
  }
}

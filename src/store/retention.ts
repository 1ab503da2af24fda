import type { Retention } from '../domain/retention.js';
import type { Collection } from './collection.js';
import type { Store } from './store.js';

/** Records past a limit before it is enforced: pruning is O(collection), so it runs rarely. */
const slack = (limit: number): number => Math.max(100, Math.ceil(limit / 10));

const FINISHED_ORDER = new Set(['delivered', 'cancelled']);
const FINISHED_DELIVERY = new Set(['succeeded', 'failed']);

/**
 * Enforces a world's retention limits (scenario `retention`) on its store, before each commit, so
 * memory and the `--data` file plateau under sustained load. Each collection is pruned only once it
 * has grown `slack` past its limit since it was last pruned, down to the limit, so the cost per
 * commit stays O(1) amortised. Active orders and pending deliveries are never dropped; expired
 * idempotency keys are forgotten every twenty-fourth of their lifetime, and the oldest beyond
 * `idempotency_keys` sooner.
 */
export class RetentionKeeper {
  private readonly prunedAt = new Map<Collection<never>, number>();
  private keysCheckedAt = -Infinity;

  constructor(
    private readonly store: Store,
    private readonly limits: Retention,
  ) {}

  /** Drops what is beyond the limits at virtual time `nowMs`. */
  apply(nowMs: number): void {
    const { store, limits } = this;
    this.oldest(store.events, limits.events, () => true);
    this.oldest(store.webhookAttempts, limits.attempts, () => true);
    this.oldest(store.deliveries, limits.deliveries, (d) => FINISHED_DELIVERY.has(d.status));
    const dropped = new Set<string>();
    this.oldest(
      store.orders,
      limits.finished_orders,
      (o) => FINISHED_ORDER.has(o.order.status),
      (o) => dropped.add(o.order.order_id),
    );
    if (dropped.size > 0) store.payments.removeWhere((p) => dropped.has(p.payment.order_id));
    if (nowMs - this.keysCheckedAt >= limits.idempotency_ttl_ms / 24) {
      this.keysCheckedAt = nowMs;
      const before = nowMs - limits.idempotency_ttl_ms;
      store.idempotency.removeWhere((r) => r.created_at_ms <= before);
    }
    this.oldest(store.idempotency, limits.idempotency_keys, () => true);
  }

  /**
   * Keeps at most `limit` of the items `counts` selects, dropping the oldest of them, once the
   * collection has grown past its size at the last prune by `slack(limit)` (and past the limit).
   */
  private oldest<T>(
    collection: Collection<T>,
    limit: number,
    counts: (item: T) => boolean,
    onDrop?: (item: T) => void,
  ): void {
    const key = collection as unknown as Collection<never>;
    const last = this.prunedAt.get(key) ?? 0;
    if (collection.size <= Math.max(limit, last) + slack(limit)) return;
    let counted = 0;
    for (const item of collection.all()) if (counts(item)) counted++;
    let drop = counted - limit;
    if (drop > 0)
      collection.removeWhere((item) => {
        if (drop <= 0 || !counts(item)) return false;
        drop--;
        onDrop?.(item);
        return true;
      });
    this.prunedAt.set(key, collection.size);
  }
}

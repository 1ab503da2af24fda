import type { Order } from './api-types.js';

/** What a kept value was made from: the order's own keys and values, in order. */
interface Version<T> {
  readonly made: T;
  readonly keys: readonly string[];
  readonly values: readonly unknown[];
  /** Each array value's length then (`timeline` grows by a push). */
  readonly lengths: readonly number[];
}

/**
 * What is made from an order once per change of it, rather than each time it is asked for
 * (issue 24): its JSON text (src/http/order-text.ts) and its snapshot (order-snapshot.ts). The
 * order is the store's own object, changed in place by the lifecycle: a made value is kept with
 * what it was made from, each top-level field's value (by identity) and each array's length, and
 * is used only while all of them are the same. That covers how an order changes
 * (docs/decisions/0024-answers-made-once.md): a field set to a new value or a new object, an entry
 * pushed on `timeline`; a nested object is never changed in place, which
 * `src/http/answer-text.test.ts` checks against every command that changes an order.
 */
export class PerVersion<T> {
  readonly #kept = new WeakMap<object, Version<T>>();

  constructor(private readonly make: (order: Order) => T) {}

  /** What `make` gives for the order as it is now, made again only once it has changed. */
  of(order: Order): T {
    const kept = this.kept(order);
    if (kept !== undefined) return kept;
    const made = this.make(order);
    const keys: string[] = [];
    const values: unknown[] = [];
    const lengths: number[] = [];
    for (const key in order) {
      const value = order[key as keyof Order];
      keys.push(key);
      values.push(value);
      lengths.push(Array.isArray(value) ? value.length : -1);
    }
    this.#kept.set(order, { made, keys, values, lengths });
    return made;
  }

  /**
   * What was made for `value` as it is now: only for an order `of` was asked about, and only while
   * it has not changed since. Undefined for anything else.
   */
  kept(value: unknown): T | undefined {
    if (typeof value !== 'object' || value === null) return undefined;
    const version = this.#kept.get(value);
    return version !== undefined && unchanged(value as Order, version) ? version.made : undefined;
  }
}

function unchanged(order: Order, v: Version<unknown>): boolean {
  let i = 0;
  for (const key in order) {
    const value = order[key as keyof Order];
    if (key !== v.keys[i] || value !== v.values[i]) return false;
    if (Array.isArray(value) && value.length !== v.lengths[i]) return false;
    i++;
  }
  return i === v.keys.length;
}

import type { Order } from './api-types.js';
import { keepRecent } from './keep-recent.js';

/**
 * What a kept value was made from, in as little memory as it can be checked against: one may be
 * kept for every order that was read (its text), so its size counts (issue 24: three arrays of the
 * order's keys, values and lengths were ~0.6 KB of the ~2.5 KB a create kept).
 */
interface Version<T> {
  readonly made: T;
  /** The order's own keys, in order: one array shared by every version with the same keys. */
  readonly keys: readonly string[];
  /** The value of each key (by identity), then the length of each of those that is an array. */
  readonly values: readonly unknown[];
}

/** Where a `PerVersion` keeps its versions, by order (a `WeakMap`, or `RecentVersions`). */
interface Versions<T> {
  get(order: object): Version<T> | undefined;
  set(order: object, version: Version<T>): unknown;
}

/**
 * The versions of the last `limit` orders a value was made for, the oldest forgotten first: what
 * is shared within a request, without keeping a value for every order there is.
 */
class RecentVersions<T> implements Versions<T> {
  readonly #versions = new Map<object, Version<T>>();

  constructor(private readonly limit: number) {}

  get(order: object): Version<T> | undefined {
    return this.#versions.get(order);
  }

  set(order: object, version: Version<T>): void {
    keepRecent(this.#versions, order, version, this.limit);
  }
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
  readonly #kept: Versions<T>;
  /**
   * The keys of the last version made: orders made by the API have the same keys in the same order,
   * so they are kept once (an order with other keys, or in another order, gets its own).
   */
  #keys: readonly string[] = [];

  /**
   * `recent`: keep the versions of only the last `recent` orders a value was made for. Without it,
   * each order's latest version is kept for as long as the order lives.
   */
  constructor(
    private readonly make: (order: Order) => T,
    opts: { recent?: number } = {},
  ) {
    this.#kept =
      opts.recent === undefined
        ? new WeakMap<object, Version<T>>()
        : new RecentVersions(opts.recent);
  }

  /** What `make` gives for the order as it is now, made again only once it has changed. */
  of(order: Order): T {
    const kept = this.kept(order);
    if (kept !== undefined) return kept;
    const made = this.make(order);
    // Counted first, so `values` is made at its size: grown by `push`, it held 41 slots for 18.
    let keys = this.#keys;
    let n = 0;
    let arrays = 0;
    let same = true;
    for (const key in order) {
      if (key !== keys[n++]) same = false;
      if (Array.isArray(order[key as keyof Order])) arrays++;
    }
    if (!same || n !== keys.length) {
      const own: string[] = [];
      for (const key in order) own.push(key);
      keys = this.#keys = own;
    }
    const values = new Array<unknown>(n + arrays);
    let i = 0;
    let length = n;
    for (const key in order) {
      const value = order[key as keyof Order];
      values[i++] = value;
      if (Array.isArray(value)) values[length++] = value.length;
    }
    this.#kept.set(order, { made, keys, values });
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
  const { keys, values } = v;
  let i = 0;
  let length = keys.length; // where the arrays' lengths start in `values`
  for (const key in order) {
    const value = order[key as keyof Order];
    if (key !== keys[i] || value !== values[i]) return false;
    // The same array as when made (its identity is checked above), at the same place: its length.
    if (Array.isArray(value) && value.length !== values[length++]) return false;
    i++;
  }
  return i === keys.length;
}

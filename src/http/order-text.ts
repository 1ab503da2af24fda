import type { Order } from '../domain/api-types.js';

/** What an order's cached text was made from: its own keys and values, in order. */
interface Serialised {
  readonly text: string;
  readonly keys: readonly string[];
  readonly values: readonly unknown[];
  /** Each array value's length then (`timeline` grows by a push). */
  readonly lengths: readonly number[];
}

const texts = new WeakMap<Order, Serialised>();

/**
 * An order's JSON text, as `JSON.stringify(order)`, serialised once per change of the order rather
 * than on every read (issue 24: the text was ~7 µs of each `GET /v1/orders/{id}`). The order is
 * the store's own object, changed in place by the lifecycle: the text is kept with what it was
 * made from, each top-level field's value (by identity) and each array's length, and is used only
 * while all of them are the same. That covers how an order changes (docs/decisions/0024-answers-
 * made-once.md): a field set to a new value or a new object, an entry pushed on `timeline`; a
 * nested object is never changed in place, which `order-text.test.ts` checks against every command
 * that changes an order.
 */
export function orderText(order: Order): string {
  const cached = texts.get(order);
  if (cached !== undefined && unchanged(order, cached)) return cached.text;
  const text = JSON.stringify(order);
  const keys: string[] = [];
  const values: unknown[] = [];
  const lengths: number[] = [];
  for (const key in order) {
    const value = order[key as keyof Order];
    keys.push(key);
    values.push(value);
    lengths.push(Array.isArray(value) ? value.length : -1);
  }
  texts.set(order, { text, keys, values, lengths });
  return text;
}

function unchanged(order: Order, s: Serialised): boolean {
  let i = 0;
  for (const key in order) {
    const value = order[key as keyof Order];
    if (key !== s.keys[i] || value !== s.values[i]) return false;
    if (Array.isArray(value) && value.length !== s.lengths[i]) return false;
    i++;
  }
  return i === s.keys.length;
}

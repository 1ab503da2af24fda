import type { Order } from '../domain/api-types.js';
import { PerVersion } from '../domain/per-version.js';

const texts = new PerVersion<string>((order) => JSON.stringify(order));

/**
 * An order's JSON text, as `JSON.stringify(order)`, serialised once per change of the order rather
 * than on every read (issue 24: the text was ~7 µs of each `GET /v1/orders/{id}`). What counts as
 * a change is `PerVersion`'s (src/domain/per-version.ts).
 */
export function orderText(order: Order): string {
  return texts.of(order);
}

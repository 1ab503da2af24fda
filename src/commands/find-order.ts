import { fail, orThrow, type ServiceError } from '../errors/service-error.js';
import type { AccountRecord, OrderRecord } from '../store/state.js';
import type { World } from '../world/world.js';

/**
 * The order `id`: 404 `order_not_found` when there is none; with `account` (a `/v1` caller), 403
 * `other_account` when another account owns it. The control plane sees every account's orders.
 */
export function findOrder(world: World, id: string, account?: AccountRecord): OrderRecord {
  return orThrow(lookupOrder(world, id, account));
}

/**
 * `findOrder`, its error returned rather than thrown: for the hot reads (src/http/fast-reads.ts),
 * which answer an error without a throw (`orThrow` says why).
 */
export function lookupOrder(
  world: World,
  id: string,
  account?: AccountRecord,
): OrderRecord | ServiceError {
  const record = world.store.orders.get(id);
  if (!record) return fail('order_not_found', { id });
  if (account && record.account_id !== account.account_id)
    return fail('other_account', { kind: 'order', id });
  return record;
}

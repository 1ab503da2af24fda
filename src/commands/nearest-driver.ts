import type { DriverRecord, OrderRecord } from '../store/state.js';
import type { World } from '../world/world.js';

/**
 * The nearest available driver within `radiusKm` of the order's pickup, leaving out every driver
 * who dropped this order (they are not asked again: docs/simulation.md, `driver_reassigned`), or
 * undefined. Dispatch (simulation/engine.ts) and an on-demand advance (advance-order.ts) alike.
 */
export function nearestDriverFor(
  world: World,
  record: OrderRecord,
  radiusKm: number,
): DriverRecord | undefined {
  const dropped = record.dropped_by ?? [];
  return world.drivers
    .search(record.order.pickup.location, radiusKm, 1 + dropped.length, { count: false })
    .matches.find((m) => !dropped.includes(m.driver.driver_id))?.driver;
}

import { fail } from '../errors/service-error.js';
import type { DriverRecord } from '../store/state.js';
import type { World } from '../world/world.js';

/**
 * Takes a driver offline or brings it back (scenario steps `driver_offline`, `driver_online`). A
 * driver on an order finishes its trip first and goes offline when it ends.
 */
export function setDriverOnline(world: World, driverId: string, online: boolean): DriverRecord {
  const driver = world.store.drivers.get(driverId);
  if (!driver) throw fail('driver_not_found', { id: driverId });
  if (online) {
    delete driver.offline_after_trip;
    if (driver.status === 'offline') driver.status = 'available';
  } else if (driver.status === 'on_order') {
    driver.offline_after_trip = true;
  } else {
    driver.status = 'offline';
  }
  world.drivers.markChanged(driver);
  world.store.drivers.touch(driver.driver_id);
  return driver;
}

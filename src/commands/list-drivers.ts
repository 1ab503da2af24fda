import { roundLatLng, type LatLng } from '../domain/geo.js';
import type { Vehicle } from '../domain/api-types.js';
import { locationReport } from '../domain/location-report.js';
import type { DriverStatus } from '../store/state.js';
import type { World } from '../world/world.js';
import { reportSettings } from './order-location.js';

/** A driver as the control plane shows it, where it is now. */
export interface DriverView {
  driver_id: string;
  name: string;
  phone: string;
  rating: number;
  vehicle: Vehicle;
  status: 'available' | 'on_order' | 'offline';
  location: LatLng;
  order_id: string | null;
}

/**
 * Every driver (or those with `status`, or those from `range.start` to before `range.end` in the
 * store's order); one on an order is where it last reported (`locationReport`).
 */
export function listDrivers(
  world: World,
  filter: { status?: DriverStatus } = {},
  range?: { start: number; end: number },
): DriverView[] {
  const now = world.clock.now();
  const settings = reportSettings(world);
  const all = world.store.drivers.all();
  const drivers = range ? all.slice(range.start, range.end) : all;
  const wanted =
    filter.status === undefined ? drivers : drivers.filter((d) => d.status === filter.status);
  return wanted.map((d) => {
    const record = d.order_id === null ? undefined : world.store.orders.get(d.order_id);
    const location =
      record?.trip && d.status === 'on_order'
        ? roundLatLng(
            locationReport(record.trip, record.order.status, now, settings).position.location,
          )
        : d.location;
    return {
      driver_id: d.driver_id,
      name: d.name,
      phone: d.phone,
      rating: d.rating,
      vehicle: d.vehicle,
      status: d.status,
      location,
      order_id: d.order_id,
    };
  });
}

import { availableDrivers } from '../commands/available-drivers.js';
import type { DriverIndex } from '../store/driver-index.js';
import type { World } from '../world/world.js';

/** A search's text and what it was made from. */
interface Serialised {
  readonly revision: number;
  readonly lat: number;
  readonly lng: number;
  readonly radius: number;
  readonly text: string;
}

const texts = new WeakMap<DriverIndex, Serialised>();

/**
 * The JSON text of `GET /v1/drivers/available` for `query`, made again only when a driver changed
 * since (the index's `revision`: every change of an available driver's status or location is
 * reported there, or the index itself would be wrong) or the query is another than the last one
 * (issue 24: a 100-driver list is ~6 KB to serialise). One text is kept per world's index.
 */
export function availableDriversText(
  world: World,
  query: { lat: number; lng: number; radius: number },
): string {
  const index = world.drivers;
  const cached = texts.get(index);
  if (
    cached !== undefined &&
    cached.revision === index.revision &&
    cached.lat === query.lat &&
    cached.lng === query.lng &&
    cached.radius === query.radius
  )
    return cached.text;
  const text = JSON.stringify(availableDrivers(world, query));
  const { lat, lng, radius } = query;
  texts.set(index, { revision: index.revision, lat, lng, radius, text });
  return text;
}

import { describeLocation, type LocationFix } from '../commands/order-location.js';
import type { Trip } from '../domain/trip.js';

/** A location's text and the report it was made from. */
interface Serialised {
  readonly status: string;
  readonly recordedAt: number;
  readonly intervalMs: number;
  readonly noiseM: number;
  readonly seed: string;
  readonly text: string;
}

const texts = new WeakMap<Trip, Serialised>();

/**
 * The JSON text of the location `fix` answers, made once per report of the driver rather than on
 * every read (issue 24): a location is a pure function of the trip, the order's status, the
 * report's time and the report settings (src/domain/location-report.ts), so a client polling
 * between two reports reads the very same text. A trip is replaced, never changed, when it is
 * retimed (docs/decisions/0004-trips-are-pure-functions.md); the order id and the driver are the
 * trip's own.
 */
export function locationText(fix: LocationFix): string {
  const { trip, order, recordedAt, settings } = fix;
  const cached = texts.get(trip);
  if (
    cached !== undefined &&
    cached.status === order.status &&
    cached.recordedAt === recordedAt &&
    cached.intervalMs === settings.intervalMs &&
    cached.noiseM === settings.noiseM &&
    cached.seed === settings.seed
  )
    return cached.text;
  const text = JSON.stringify(describeLocation(fix));
  texts.set(trip, { status: order.status, recordedAt, ...settings, text });
  return text;
}

import type { LatLng } from './geo.js';

/** How speeds vary by time of day (`traffic.profile` of the scenario). */
export type TrafficProfile = 'flat' | 'rush_hour';

/** The rush hours of `rush_hour`, local time: from hour (inclusive) to hour (exclusive), and the share of speed kept. */
export const RUSH_HOURS: readonly { from: number; to: number; factor: number }[] = [
  { from: 7, to: 10, factor: 0.6 },
  { from: 12, to: 14, factor: 0.8 },
  { from: 16, to: 19, factor: 0.6 },
];

/**
 * The share of their speed drivers keep at `at` (epoch ms) in a city at `center`: 1 all day in
 * `flat`; less in the rush hours of `rush_hour`. The local hour is the solar one (15° of longitude
 * an hour), so it needs no time-zone data and is the same on every machine.
 *
 * @example trafficFactor('rush_hour', Date.parse('2026-01-01T08:30:00Z'), { lat: 51.5, lng: 0 }) // 0.6
 */
export function trafficFactor(profile: TrafficProfile, at: number, center: LatLng): number {
  if (profile === 'flat') return 1;
  const offsetHours = Math.round(center.lng / 15);
  const hour = (((new Date(at).getUTCHours() + offsetHours) % 24) + 24) % 24;
  return RUSH_HOURS.find((r) => hour >= r.from && hour < r.to)?.factor ?? 1;
}

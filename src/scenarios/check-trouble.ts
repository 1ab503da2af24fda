import { parseDuration } from '../domain/duration.js';

/** The shortest and longest `location.update_interval` a scenario may set (ms). */
export const LOCATION_INTERVAL_RANGE: readonly [number, number] = [1000, 10 * 60_000];

/**
 * What is wrong with a location interval (a scenario's `location.update_interval`, `--location-interval`,
 * `startSandbox({ locationInterval })`): undefined when it is a duration from 1s to 10m.
 *
 * @example checkLocationInterval('500ms') // '"500ms" is outside 1s to 10m; …'
 */
export function checkLocationInterval(value: string | number): string | undefined {
  const ms = parseDuration(value);
  if (ms === undefined)
    return `${JSON.stringify(value)} is not a duration; write it like "10s" or "1m"`;
  const [min, max] = LOCATION_INTERVAL_RANGE;
  if (ms < min || ms > max)
    return `${JSON.stringify(value)} is outside 1s to 10m; drivers report at least every 10 minutes and at most every second`;
  return undefined;
}

/**
 * The checks of a scenario's trouble settings that the schema cannot express, each `path: message`:
 * the `outcomes` rates are shares of the orders (together at most 1), and drivers report at least
 * every second and at most every 10 minutes.
 */
export function checkTrouble(file: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const outcomes = file.outcomes;
  if (outcomes !== null && typeof outcomes === 'object') {
    const rates = Object.values(outcomes).filter((v): v is number => typeof v === 'number');
    const sum = rates.reduce((a, b) => a + b, 0);
    if (sum > 1 + 1e-9)
      problems.push(
        `outcomes: the rates add up to ${Math.round(sum * 1000) / 1000}; they are shares of the orders, so together at most 1 (lower some of them)`,
      );
  }
  const location = file.location;
  const interval =
    location !== null && typeof location === 'object'
      ? (location as Record<string, unknown>).update_interval
      : undefined;
  // A value that is no duration at all is the schema's to report.
  if ((typeof interval === 'string' || typeof interval === 'number') && parseDuration(interval)) {
    const problem = checkLocationInterval(interval);
    if (problem !== undefined) problems.push(`location.update_interval: ${problem}`);
  }
  return problems;
}

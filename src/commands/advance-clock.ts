import { CLOCK_RANGE } from '../domain/clock-range.js';
import { parseDuration } from '../domain/duration.js';
import type { SandboxEvent } from '../events/event-bus.js';
import { invalidRequest } from '../errors/service-error.js';
import type { World } from '../world/world.js';

/** The longest single advance: 366 days. */
const MAX_ADVANCE_MS = 366 * 86_400_000;

/**
 * Moves virtual time forward `by` (seconds, or `"90s"`, `"10m"`, `"1h30m"`…), running every
 * lifecycle step that falls due, in order, and waiting at each step for the webhook attempts it
 * started, so retries that fall due within the advance happen within it (docs/decisions/0005).
 * Stores the state; answers the new time and every event that fired.
 */
export async function advanceClock(
  world: World,
  by: string | number,
): Promise<{ now: string; fired: SandboxEvent[] }> {
  const ms = parseDuration(by);
  if (ms === undefined || ms > MAX_ADVANCE_MS) {
    throw invalidRequest([
      {
        param: 'by',
        message: `by must be a duration of at most 366 days, such as 90, "90s", "10m" or "1h30m"; got ${JSON.stringify(by)}`,
      },
    ]);
  }
  if (world.clock.now() + ms > CLOCK_RANGE.max) {
    throw invalidRequest([
      {
        param: 'by',
        message: `by would take the clock past 2200-01-01T00:00:00Z, the end of its range (${CLOCK_RANGE.text}); advance less, or reset`,
      },
    ]);
  }
  const fired: SandboxEvent[] = [];
  const unsubscribe = world.bus.subscribe((event) => fired.push(event));
  try {
    await world.scheduler.advanceToSettling(world.clock.now() + ms, () => world.webhooks.settle());
  } finally {
    unsubscribe();
  }
  world.activity.emit({ type: 'clock', data: world.clock.state() });
  await world.store.commit();
  return { now: world.clock.iso(), fired };
}

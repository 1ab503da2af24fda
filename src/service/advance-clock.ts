import { parseDuration } from '../domain/duration.js';
import type { SandboxEvent } from '../events/event-bus.js';
import type { SandboxContext } from './context.js';
import { errors } from './errors.js';

/** The longest single advance: 366 days. */
const MAX_ADVANCE_MS = 366 * 86_400_000;

/**
 * Moves virtual time forward `by` (seconds, or `"90s"`, `"10m"`, `"1h30m"`…), running every lifecycle step that falls due, in order, and
 * waiting at each step for the webhook attempts it started (`settle`), so retries that fall due
 * within the advance happen within it. Answers the new time and every event that fired.
 */
export async function advanceClock(
  ctx: SandboxContext,
  by: string | number,
  settle: () => Promise<void>,
): Promise<{ now: string; fired: SandboxEvent[] }> {
  const ms = parseDuration(by);
  if (ms === undefined || ms > MAX_ADVANCE_MS) {
    throw errors.invalid(
      `by must be a duration of at most 366 days, such as 90, "90s", "10m" or "1h30m"; got ${JSON.stringify(by)}`,
      'by',
    );
  }
  const fired: SandboxEvent[] = [];
  const unsubscribe = ctx.bus.subscribe((event) => fired.push(event));
  try {
    await ctx.scheduler.advanceToSettling(ctx.clock.now() + ms, settle);
  } finally {
    unsubscribe();
  }
  await ctx.store.commit();
  return { now: ctx.clock.iso(), fired };
}

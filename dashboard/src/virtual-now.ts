// Virtual now, as the header and the Clock panel show it. The stream sends the clock only when it
// is set or advanced (docs/streams.md), so in realtime mode the page counts on by itself, every
// clock it shows on one shared tick.
import { useEffect, useState } from 'preact/hooks';
import type { State } from './store.js';

/** What re-renders on the next tick: one timer for every clock on the page, so they agree. */
const ticking = new Set<() => void>();
let timer: number | undefined;

function onTick(listener: () => void): () => void {
  ticking.add(listener);
  timer ??= window.setInterval(() => ticking.forEach((l) => l()), 250);
  return () => {
    ticking.delete(listener);
    if (ticking.size === 0) {
      window.clearInterval(timer);
      timer = undefined;
    }
  };
}

/**
 * The sandbox's virtual now: the last clock the page learned (`state.clock`), counted on at its
 * speed from when the page learned it (`state.clockAt`) while it runs in realtime and the page is
 * live. Offline, or in the trace viewer (never live), it is the last clock as it was.
 *
 * @example const now = useVirtualNow(state); // '2026-01-01T12:04:37.250Z', or null before hello
 */
export function useVirtualNow(state: Pick<State, 'clock' | 'clockAt' | 'live'>): string | null {
  const { clock, clockAt, live } = state;
  const runs = live && clock?.mode === 'realtime';
  const [, tick] = useState(0);
  useEffect(() => (runs ? onTick(() => tick((n) => n + 1)) : undefined), [runs]);
  if (!clock) return null;
  if (!runs) return clock.now;
  const elapsed = (performance.now() - clockAt) * clock.speed;
  return new Date(Date.parse(clock.now) + elapsed).toISOString();
}

import { describe, expect, it } from 'vitest';
import { Scheduler } from './scheduler.js';
import { VirtualClock } from './virtual-clock.js';

const T0 = Date.parse('2026-01-01T12:00:00.000Z');

/** Holds the thread for `ms` of real time, as a heavy lifecycle step would. */
function busy(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

/** Counts the turns of the event loop (setImmediate callbacks) until the returned stop is called. */
function countTurns(): { stop: () => number } {
  let turns = 0;
  let on = true;
  const tick = (): void => {
    if (!on) return;
    turns++;
    setImmediate(tick);
  };
  setImmediate(tick);
  return {
    stop: () => {
      on = false;
      return turns;
    },
  };
}

describe('a long advance, in slices', () => {
  it('yields to the event loop while it runs, between instants and inside one, keeping the order', async () => {
    const clock = new VirtualClock(T0, { mode: 'manual', speed: 1 });
    const scheduler = new Scheduler(clock, (err) => {
      throw err;
    });
    const ran: string[] = [];
    // 40 steps of 1 ms at one instant, then 40 at instants of their own.
    for (let i = 0; i < 40; i++)
      scheduler.schedule(T0 + 1000, () => {
        busy(1);
        ran.push(`same-${i}`);
      });
    for (let i = 0; i < 40; i++)
      scheduler.schedule(T0 + 2000 + i, () => {
        busy(1);
        ran.push(`own-${i}@${clock.now() - T0}`);
      });
    let settles = 0;
    const turns = countTurns();
    const count = await scheduler.advanceToSettling(T0 + 60_000, () => {
      settles++;
      return Promise.resolve();
    });
    expect(turns.stop()).toBeGreaterThan(0);
    expect(count).toBe(80);
    expect(ran).toEqual([
      ...Array.from({ length: 40 }, (_, i) => `same-${i}`),
      ...Array.from({ length: 40 }, (_, i) => `own-${i}@${2000 + i}`),
    ]);
    // Once before, then once per instant: a slice ending inside an instant does not settle it.
    expect(settles).toBe(1 + 1 + 40);
    expect(clock.now()).toBe(T0 + 60_000);
  });
});

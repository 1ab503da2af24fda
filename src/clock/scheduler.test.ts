import { describe, expect, it } from 'vitest';
import { parseTraceparent } from '../domain/traceparent.js';
import { currentCause, withCause } from '../events/request-cause.js';
import { Scheduler, type Timers } from './scheduler.js';
import { VirtualClock } from './virtual-clock.js';

const T0 = Date.parse('2026-01-01T12:00:00.000Z');

/** Fake real time and timers: the test moves real time by hand and fires what is due. */
function fakeReal() {
  let real = 1_000_000;
  const timers: { fn: () => void; at: number; id: number }[] = [];
  let nextId = 1;
  const api: Timers = {
    set: (fn, ms) => {
      const id = nextId++;
      timers.push({ fn, at: real + ms, id });
      return id;
    },
    clear: (handle) => {
      const i = timers.findIndex((t) => t.id === handle);
      if (i >= 0) timers.splice(i, 1);
    },
  };
  return {
    wall: () => real,
    timers: api,
    armed: () => timers.map((t) => t.at - real),
    /** Moves real time forward and fires the timers that came due. */
    pass(ms: number) {
      real += ms;
      for (const t of [...timers].sort((a, b) => a.at - b.at)) {
        if (t.at <= real) {
          timers.splice(timers.indexOf(t), 1);
          t.fn();
        }
      }
    },
  };
}

function manual() {
  const clock = new VirtualClock(T0, { mode: 'manual', speed: 1 });
  const errors: unknown[] = [];
  return {
    clock,
    errors,
    scheduler: new Scheduler(clock, (e) => errors.push(e), undefined, fakeReal().timers),
  };
}

describe('Scheduler', () => {
  it('runs due tasks in time order, ties in the order they were scheduled', () => {
    const { scheduler } = manual();
    const ran: string[] = [];
    scheduler.schedule(T0 + 20, () => ran.push('c'));
    scheduler.schedule(T0 + 10, () => ran.push('a'));
    scheduler.schedule(T0 + 10, () => ran.push('b'));
    scheduler.schedule(T0 + 30, () => ran.push('late'));
    expect(scheduler.advanceTo(T0 + 20)).toBe(3);
    expect(ran).toEqual(['a', 'b', 'c']);
  });

  it('calls a task made once with the argument each scheduling gave it, at its due time', () => {
    const { scheduler, clock } = manual();
    const seen: [string, number][] = [];
    const step = (name: string): void => void seen.push([name, clock.now()]);
    scheduler.schedule(T0 + 2_000, step, 'second');
    scheduler.schedule(T0 + 1_000, step, 'first');
    const cancelled = scheduler.schedule(T0 + 1_500, step, 'cancelled');
    scheduler.cancel(cancelled);
    scheduler.advanceTo(T0 + 3_000);
    expect(seen).toEqual([
      ['first', T0 + 1_000],
      ['second', T0 + 2_000],
    ]);
  });

  it('runs each task with the clock at its due time, and leaves the clock at the target', () => {
    const { scheduler, clock } = manual();
    const seen: number[] = [];
    scheduler.schedule(T0 + 5_000, () => seen.push(clock.now()));
    scheduler.schedule(T0 + 9_000, () => seen.push(clock.now()));
    scheduler.advanceTo(T0 + 60_000);
    expect(seen).toEqual([T0 + 5_000, T0 + 9_000]);
    expect(clock.now()).toBe(T0 + 60_000);
  });

  it('runs tasks scheduled by a task when they fall due within the same advance', () => {
    const { scheduler } = manual();
    const ran: number[] = [];
    const chain = (n: number): void => {
      ran.push(n);
      if (n < 5) scheduler.schedule(T0 + (n + 1) * 1000, () => chain(n + 1));
    };
    scheduler.schedule(T0 + 1000, () => chain(1));
    scheduler.advanceTo(T0 + 3500);
    expect(ran).toEqual([1, 2, 3]);
    scheduler.advanceTo(T0 + 10_000);
    expect(ran).toEqual([1, 2, 3, 4, 5]);
  });

  it('skips cancelled tasks and keeps going when a task throws', () => {
    const { scheduler, errors } = manual();
    const ran: string[] = [];
    const id = scheduler.schedule(T0 + 1, () => ran.push('cancelled'));
    scheduler.schedule(T0 + 2, () => {
      throw new Error('boom');
    });
    scheduler.schedule(T0 + 3, () => ran.push('after'));
    scheduler.cancel(id);
    scheduler.advanceTo(T0 + 10);
    expect(ran).toEqual(['after']);
    expect(errors).toHaveLength(1);
  });

  it('keeps nothing for a cancel of a task that already ran, or of an unknown id', () => {
    const { scheduler } = manual();
    const ids = Array.from({ length: 1000 }, (_, i) => scheduler.schedule(T0 + i, () => undefined));
    scheduler.cancel(ids[999]); // cancelled while waiting: counted out at once, dropped when due
    expect([scheduler.pending, scheduler.queued]).toEqual([999, 1000]);
    scheduler.advanceTo(T0 + 2000);
    for (const id of [...ids, 5000, undefined]) scheduler.cancel(id);
    expect([scheduler.pending, scheduler.queued]).toEqual([0, 0]);
    // Nothing was kept for them: a task scheduled now runs, and the queue empties again.
    const ran: number[] = [];
    scheduler.schedule(T0 + 3000, () => ran.push(1));
    scheduler.advanceTo(T0 + 4000);
    expect(ran).toEqual([1]);
    expect((scheduler as unknown as { cancelled: Set<number> }).cancelled.size).toBe(0);
  });

  it('never moves the clock backwards', () => {
    const { scheduler, clock } = manual();
    scheduler.advanceTo(T0 + 100);
    scheduler.advanceTo(T0 + 50);
    expect(clock.now()).toBe(T0 + 100);
  });

  it('in realtime mode wakes up when the next task is due, scaled by the speed', () => {
    const real = fakeReal();
    const clock = new VirtualClock(T0, { mode: 'realtime', speed: 10 }, real.wall);
    const scheduler = new Scheduler(clock, () => undefined, undefined, real.timers);
    const ran: number[] = [];
    scheduler.schedule(T0 + 30_000, () => ran.push(clock.now()));
    expect(real.armed()).toEqual([3000]);
    real.pass(2999);
    expect(ran).toEqual([]);
    real.pass(1);
    expect(ran).toEqual([T0 + 30_000]);
    expect(real.armed()).toEqual([]);
  });

  it('stays asleep in manual mode and wakes when switched to realtime', () => {
    const real = fakeReal();
    const clock = new VirtualClock(T0, { mode: 'manual', speed: 1 }, real.wall);
    const scheduler = new Scheduler(clock, () => undefined, undefined, real.timers);
    scheduler.schedule(T0 + 5000, () => undefined);
    expect(real.armed()).toEqual([]);
    clock.configure({ mode: 'realtime' });
    scheduler.clockChanged();
    expect(real.armed()).toEqual([5000]);
    scheduler.stop();
    expect(real.armed()).toEqual([]);
  });
});

describe('VirtualClock', () => {
  it('follows real time times the speed, and keeps virtual time continuous across changes', () => {
    const real = fakeReal();
    const clock = new VirtualClock(T0, { mode: 'realtime', speed: 2 }, real.wall);
    real.pass(1000);
    expect(clock.now()).toBe(T0 + 2000);
    clock.configure({ mode: 'manual' });
    real.pass(5000);
    expect(clock.now()).toBe(T0 + 2000);
    clock.configure({ mode: 'realtime', speed: 1 });
    real.pass(500);
    expect(clock.now()).toBe(T0 + 2500);
    expect(clock.iso()).toBe('2026-01-01T12:00:02.500Z');
  });

  it('writes each instant it stands at, the one it kept from before never outliving a move', () => {
    const real = fakeReal();
    const clock = new VirtualClock(T0, { mode: 'manual', speed: 1 }, real.wall);
    const seen: string[] = [];
    for (let i = 0; i < 5; i++) {
      expect(clock.iso()).toBe(new Date(clock.now()).toISOString());
      seen.push(clock.iso());
      clock.configure({ mode: 'realtime', speed: 1 });
      real.pass(1);
      clock.configure({ mode: 'manual' });
    }
    expect(new Set(seen).size).toBe(5);
    clock.configure({ mode: 'realtime', speed: 1 });
    real.pass(250);
    expect(clock.iso()).toBe('2026-01-01T12:00:00.255Z');
  });
});

describe('the real timer and request causes', () => {
  it('runs what time made due as caused by no request, whichever request armed the timer', async () => {
    const clock = new VirtualClock(Date.now(), { mode: 'realtime', speed: 1000 });
    const scheduler = new Scheduler(clock, (err) => {
      throw err;
    });
    const cause = parseTraceparent('00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01')!;
    const heard = new Promise<unknown>((resolve) => {
      // Armed inside a traced request; due one real millisecond later.
      withCause(cause, () => scheduler.schedule(clock.now() + 1000, () => resolve(currentCause())));
    });
    expect(await heard).toBeUndefined();
    scheduler.stop();
  });
});

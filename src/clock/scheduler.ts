import { withoutCause } from '../events/request-cause.js';
import { nextTurn, SLICE_MS } from '../slices.js';
import { TaskQueue } from './task-queue.js';
import type { VirtualClock } from './virtual-clock.js';

/** Real timers, injectable so that nothing but this module touches `setTimeout`. */
export interface Timers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const realTimers: Timers = {
  set: (fn, ms) => {
    // What wakes with time was caused by no request, whichever request armed the timer.
    const t = withoutCause(() => setTimeout(fn, ms));
    t.unref();
    return t;
  },
  clear: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** The longest single real-time wait; longer waits re-arm (setTimeout's limit is ~24.8 days). */
const MAX_WAIT_MS = 60_000;

/**
 * Runs tasks on the virtual clock in (time, sequence) order, so a run is deterministic. Each task
 * runs with the clock pinned to its due time, so what it records is stamped when it was due, not
 * when the process got round to it. In `realtime` mode a single real timer wakes up for the next
 * due task; in `manual` mode tasks run only when the clock is advanced.
 */
export class Scheduler {
  private readonly queue = new TaskQueue();
  /** Ids of the tasks in the queue that are still to run: a cancel of any other id is a no-op. */
  private readonly waiting = new Set<number>();
  /** Cancelled tasks still in the queue, dropped when they come due (never more than the queue). */
  private readonly cancelled = new Set<number>();
  private nextId = 1;
  private nextSeq = 1;
  private timer: unknown;
  private running = false;
  private stopped = false;

  constructor(
    readonly clock: VirtualClock,
    private readonly onError: (err: unknown) => void,
    /** Called after each batch of tasks that ran (the context stores the state then). */
    private readonly afterRun: () => void = () => undefined,
    private readonly timers: Timers = realTimers,
  ) {}

  /**
   * Schedules `run` at virtual time `at` (epoch ms), called with `arg` when one is given; returns an
   * id for `cancel`. A function made once and an `arg` keep less in the queue than a closure made
   * for each task (issue 24: the simulation keeps a task for every pending order).
   */
  schedule(at: number, run: () => void): number;
  schedule<A>(at: number, run: (arg: A) => void, arg: A): number;
  schedule(at: number, run: (arg: unknown) => void, arg?: unknown): number {
    const id = this.nextId++;
    this.queue.push({ id, at, seq: this.nextSeq++, run, arg });
    this.waiting.add(id);
    if (this.queue.peek()?.id === id) this.arm();
    return id;
  }

  /** Cancels a task that has not run yet; an id that ran, or was never given, changes nothing. */
  cancel(id: number | undefined): void {
    if (id !== undefined && this.waiting.delete(id)) this.cancelled.add(id);
  }

  /** How many tasks are still to run (cancelled ones are not counted). */
  get pending(): number {
    return this.waiting.size;
  }

  /** How many entries the queue holds, cancelled ones included until they come due. */
  get queued(): number {
    return this.queue.size;
  }

  /**
   * Runs every task due at or before `until`, in order; returns how many ran. With a `deadline`
   * (real `performance.now()` milliseconds) it stops after the task that passes it: the rest run
   * at the next call, in the same order.
   */
  runDue(until: number = this.clock.now(), deadline = Infinity): number {
    if (this.running) return 0; // a task that reads the API must not re-enter the queue
    this.running = true;
    let ran = 0;
    try {
      for (let task = this.queue.peek(); task && task.at <= until; task = this.queue.peek()) {
        this.queue.pop();
        if (this.cancelled.delete(task.id)) continue;
        this.waiting.delete(task.id);
        ran++;
        // In manual mode the clock steps to each task, so work a task starts (an HTTP delivery)
        // and finishes later still reads the task's time; in realtime mode it is already past.
        this.clock.advanceTo(task.at);
        try {
          this.clock.pinned(task.at, task.run, task.arg);
        } catch (err) {
          this.onError(err);
        }
        if (deadline !== Infinity && performance.now() >= deadline) break;
      }
    } finally {
      this.running = false;
    }
    if (ran > 0) this.afterRun();
    this.arm();
    return ran;
  }

  /** Moves the clock to `target`, running everything due on the way at its own time. */
  advanceTo(target: number): number {
    const ran = this.runDue(target);
    this.clock.advanceTo(target);
    this.arm();
    return ran;
  }

  /**
   * Like `advanceTo`, but after each instant at which tasks ran it awaits `settle` (in-flight
   * webhook deliveries) before going on, so that what those produce (a retry 5 s later) runs
   * within the same advance, in order. It runs in slices of `SLICE_MS` of real time, yielding to
   * the event loop between them (within an instant too), so a long advance never holds the
   * process: the tasks still run in the same order, each at its own time.
   */
  async advanceToSettling(target: number, settle: () => Promise<void>): Promise<number> {
    let ran = 0;
    await settle();
    let sliceEnd = performance.now() + SLICE_MS;
    for (let next = this.queue.peek(); next && next.at <= target; next = this.queue.peek()) {
      const instant = next.at;
      ran += this.runDue(instant, sliceEnd);
      // Settled once the instant is done; a slice that ended inside it goes on after one turn.
      if (this.queue.peek()?.at !== instant) await settle();
      if (performance.now() >= sliceEnd) {
        await nextTurn();
        sliceEnd = performance.now() + SLICE_MS;
      }
    }
    this.clock.advanceTo(target);
    this.arm();
    return ran;
  }

  /** Call after the clock's mode or speed changed: re-arms the real-time wake-up. */
  clockChanged(): void {
    this.arm();
  }

  /** Forgets every task (a reset). */
  clear(): void {
    this.queue.clear();
    this.waiting.clear();
    this.cancelled.clear();
    this.arm();
  }

  /** Stops the real-time wake-ups for good (the sandbox is closing). */
  stop(): void {
    this.stopped = true;
    if (this.timer !== undefined) this.timers.clear(this.timer);
    this.timer = undefined;
  }

  private arm(): void {
    if (this.timer !== undefined) this.timers.clear(this.timer);
    this.timer = undefined;
    const next = this.queue.peek();
    if (this.stopped || !next || this.clock.mode === 'manual') return;
    const wait = Math.min(
      MAX_WAIT_MS,
      Math.max(0, (next.at - this.clock.now()) / this.clock.speed),
    );
    this.timer = this.timers.set(() => {
      this.timer = undefined;
      this.runDue();
    }, Math.ceil(wait));
  }
}

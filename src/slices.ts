/**
 * Long work in slices: a reset to a world of 200 000 drivers, an advance over 10 000 orders, a
 * state import or export runs SLICE_MS of work, then lets the event loop turn, so another sandbox's
 * requests wait a few milliseconds at most (docs/sandboxes.md, "Fair by construction").
 */

/**
 * Real milliseconds of work between two turns of the event loop. A request to another sandbox
 * needs a few turns (read, answer), and a collector's pause can come on top of a slice: with 8 ms
 * the default sandbox's reads beside a named sandbox's 1 h advance had a p99 of 40–51 ms; with
 * 4 ms, ~30 ms alone (24.8 and 37.4 ms in two full runs), and the advance took no longer
 * (bench/sandboxes.ts, BENCHMARKS.md).
 */
export const SLICE_MS = 4;

/** One turn of the event loop: the I/O and timers that waited (other requests) run. */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Times the slices of one piece of work: `due()` once SLICE_MS passed, `pause()` to yield. */
export class Slicer {
  private start = performance.now();

  constructor(private readonly sliceMs = SLICE_MS) {}

  /** Whether this slice has run its time (cheap enough to ask every few hundred items). */
  due(): boolean {
    return performance.now() - this.start >= this.sliceMs;
  }

  /** Lets the event loop turn, then starts the next slice. */
  async pause(): Promise<void> {
    await nextTurn();
    this.start = performance.now();
  }

  /** Starts a new slice now (after a yield made elsewhere). */
  restart(): void {
    this.start = performance.now();
  }

  /** Yields if this slice has run its time. */
  async maybePause(): Promise<void> {
    if (this.due()) await this.pause();
  }
}

/**
 * `items.map(fn)`, SLICE_MS of it at a time: for per-item work over what one call can return in
 * the tens of thousands (the events an advance fired, copied or serialised).
 */
export async function mapInSlices<T, U>(
  items: readonly T[],
  fn: (item: T) => U,
  sliceMs = SLICE_MS,
): Promise<U[]> {
  const out = new Array<U>(items.length);
  const slicer = new Slicer(sliceMs);
  for (let i = 0; i < items.length; i++) {
    out[i] = fn(items[i] as T);
    // the clock read every 64 items: one event's copy or text is a few microseconds
    if ((i & 63) === 63) await slicer.maybePause();
  }
  return out;
}

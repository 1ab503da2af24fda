import { realTimer } from '../clock/real-time.js';

/** The longest the sweep sleeps, in real milliseconds, even when no sandbox expires sooner. */
const SWEEP_EVERY_MS = 30_000;

/**
 * When the named sandboxes' sweep runs: a timer (one that keeps no process alive) set for the
 * soonest expiry, and at least every SWEEP_EVERY_MS while any sandbox lives. A create only brings
 * the planned sweep forward (`by`), without a walk over every sandbox; a use only moves an expiry
 * later, so a planned sweep is never late, and an early one plans again (`replan`).
 */
export class ExpirySweep {
  private cancel: (() => void) | undefined;
  /** When the planned sweep runs (real ms; Infinity when none is planned). */
  private at = Infinity;
  private stopped = false;

  constructor(
    /** Real epoch milliseconds (tests pass a manual source). */
    private readonly now: () => number,
    /** The sweep itself: it disposes what expired, then calls `replan`. */
    private readonly sweep: () => void,
  ) {}

  /** Plans the next sweep for the soonest of `expiries` (real ms); none when there are none. */
  replan(expiries: Iterable<number>): void {
    this.cancel?.();
    this.cancel = undefined;
    this.at = Infinity;
    let next = Infinity;
    let any = false;
    for (const at of expiries) {
      any = true;
      next = Math.min(next, at);
    }
    if (any) this.by(next);
  }

  /** Makes sure a sweep runs by `at` (real ms), and within SWEEP_EVERY_MS. */
  by(at: number): void {
    if (this.stopped) return;
    const when = Math.min(at, this.now() + SWEEP_EVERY_MS);
    if (when >= this.at) return;
    this.cancel?.();
    this.at = when;
    this.cancel = realTimer(Math.max(0, when - this.now()), this.sweep);
  }

  /** No sweep from now on (the server stops). */
  stop(): void {
    this.stopped = true;
    this.cancel?.();
    this.cancel = undefined;
  }
}

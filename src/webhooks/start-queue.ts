import { nextTurn } from '../slices.js';
/** Webhook attempts started per turn of the event loop. */
export const STARTS_PER_TURN = 50;

/**
 * The webhook attempts waiting to start, in the order they were queued: started off the path of
 * the request (or clock step) that queued them, STARTS_PER_TURN at a time with a turn of the event
 * loop between two slices, so a fan-out to many endpoints or a wave of retries never holds the
 * loop in one piece. `track` gets the promise of each drain, so whoever waits for the deliveries
 * in flight (a clock advance, a reset) waits for the queue too.
 */
export class StartQueue {
  private jobs: (() => void)[] = [];
  private head = 0;
  private draining = false;

  constructor(private readonly track: (drain: Promise<void>) => void) {}

  /** Attempts queued, not started yet. */
  get size(): number {
    return this.jobs.length - this.head;
  }

  push(job: () => void): void {
    this.jobs.push(job);
    if (this.draining) return;
    this.draining = true;
    this.track(this.drain());
  }

  private async drain(): Promise<void> {
    try {
      while (this.size > 0) {
        await nextTurn();
        const end = Math.min(this.jobs.length, this.head + STARTS_PER_TURN);
        while (this.head < end) this.jobs[this.head++]!();
        if (this.head === this.jobs.length) {
          this.jobs = [];
          this.head = 0;
        }
      }
    } finally {
      this.draining = false;
    }
  }
}

/**
 * Per-order ordering of first attempts, for one dispatcher. A lane is one order's events to one
 * endpoint: their first attempts go out one after the other, in publication order (`seq`), and
 * the reorder fault holds an event back in its lane until a later one of the same order has gone
 * out (or its time runs out).
 */
export class OrderLanes {
  private readonly chains = new Map<string, Promise<void>>();
  private readonly held = new Map<string, { seq: number; start: () => void }[]>();

  /**
   * Runs `send` once the lane's previous first attempt is over, then releases the events of the
   * lane held back before event number `seq`. Returns the promise of the whole step.
   */
  enqueue(lane: string, seq: number, send: () => Promise<unknown>): Promise<void> {
    const previous = this.chains.get(lane) ?? Promise.resolve();
    const next = previous.then(async () => {
      await send();
      this.release(lane, seq);
    });
    this.chains.set(lane, next);
    void next.finally(() => {
      if (this.chains.get(lane) === next) this.chains.delete(lane);
    });
    return next;
  }

  /**
   * Holds event number `seq` back in its lane; returns the function that starts it, which runs at
   * most once: when a later event of the lane has gone out, or when the caller's timer fires.
   */
  hold(lane: string, seq: number, start: () => void): () => void {
    let started = false;
    const once = (): void => {
      if (started) return;
      started = true;
      start();
    };
    this.held.set(lane, [...(this.held.get(lane) ?? []), { seq, start: once }]);
    return once;
  }

  private release(lane: string, sentSeq: number): void {
    const waiting = this.held.get(lane);
    if (!waiting) return;
    const release = waiting.filter((h) => h.seq < sentSeq);
    const keep = waiting.filter((h) => h.seq > sentSeq);
    if (keep.length === 0) this.held.delete(lane);
    else this.held.set(lane, keep);
    for (const h of release) h.start();
  }
}

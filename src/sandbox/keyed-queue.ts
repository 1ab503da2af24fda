/**
 * Work run one at a time per key, in the order it came (the puts and deletes of one sandbox name),
 * while work on other keys runs alongside. A key's entry is dropped once its queue is empty.
 */
export class KeyedQueue {
  private readonly tails = new Map<string, Promise<unknown>>();

  /** Runs `work` after the work queued before on `key` settled; its result or failure is yours. */
  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const before = this.tails.get(key) ?? Promise.resolve();
    const run = before.then(work, work);
    const settled = run.catch(() => undefined);
    this.tails.set(key, settled);
    void settled.then(() => {
      if (this.tails.get(key) === settled) this.tails.delete(key);
    });
    return run;
  }
}

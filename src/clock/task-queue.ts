/** A task due at `at`, `run(arg)`; ties run in the order they were scheduled (`seq`). */
export interface QueuedTask {
  id: number;
  at: number;
  seq: number;
  run: (arg: unknown) => void;
  arg: unknown;
}

const before = (a: QueuedTask, b: QueuedTask): boolean =>
  a.at < b.at || (a.at === b.at && a.seq < b.seq);

/** A binary min-heap of tasks ordered by (time, sequence): the scheduler's queue. */
export class TaskQueue {
  private readonly heap: QueuedTask[] = [];

  get size(): number {
    return this.heap.length;
  }

  peek(): QueuedTask | undefined {
    return this.heap[0];
  }

  push(task: QueuedTask): void {
    const h = this.heap;
    h.push(task);
    let i = h.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(h[i]!, h[parent]!)) break;
      [h[i], h[parent]] = [h[parent]!, h[i]!];
      i = parent;
    }
  }

  pop(): QueuedTask | undefined {
    const h = this.heap;
    const top = h[0];
    const last = h.pop();
    if (h.length > 0 && last) {
      h[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let min = i;
        if (l < h.length && before(h[l]!, h[min]!)) min = l;
        if (r < h.length && before(h[r]!, h[min]!)) min = r;
        if (min === i) break;
        [h[i], h[min]] = [h[min]!, h[i]!];
        i = min;
      }
    }
    return top;
  }

  clear(): void {
    this.heap.length = 0;
  }
}

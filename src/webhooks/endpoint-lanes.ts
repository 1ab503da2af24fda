/** Limits how many async tasks run at once; the rest wait their turn, first come first served. */
export class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active++;
    try {
      return await task();
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }
}

/**
 * The delivery concurrency of one dispatcher: at most `perEndpoint` requests in flight to one
 * endpoint (its lane), and at most `overall` in all.
 */
export class EndpointLanes {
  private readonly lanes = new Map<string, Semaphore>();
  private readonly pool: Semaphore;

  constructor(
    private readonly perEndpoint: number,
    overall: number,
  ) {
    this.pool = new Semaphore(overall);
  }

  run<T>(endpointId: string, task: () => Promise<T>): Promise<T> {
    let lane = this.lanes.get(endpointId);
    if (!lane) {
      lane = new Semaphore(this.perEndpoint);
      this.lanes.set(endpointId, lane);
    }
    return lane.run(() => this.pool.run(task));
  }
}

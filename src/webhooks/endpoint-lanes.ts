/** Limits how many async tasks run at once; the rest wait their turn, first come first served. */
export class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  /** Whether no task runs or waits. */
  get idle(): boolean {
    return this.active === 0 && this.waiting.length === 0;
  }

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
 * endpoint (its lane), and nothing shared between endpoints.
 *
 * There is deliberately no overall pool. Any shared bound can be filled by endpoints that hang:
 * with lanes of 8 inside a pool of 64, eight hanging receivers held every slot until they timed
 * out, and every other endpoint waited that long. Each lane is bounded instead, so one endpoint
 * can hold at most its own `perEndpoint` sockets, and the total is `perEndpoint` × the endpoints
 * the user registered, which on a local sandbox is a handful.
 */
export class EndpointLanes {
  private readonly lanes = new Map<string, Semaphore>();

  constructor(private readonly perEndpoint: number) {}

  async run<T>(endpointId: string, task: () => Promise<T>): Promise<T> {
    let lane = this.lanes.get(endpointId);
    if (!lane) {
      lane = new Semaphore(this.perEndpoint);
      this.lanes.set(endpointId, lane);
    }
    try {
      return await lane.run(task);
    } finally {
      // An idle lane is forgotten, so removed endpoints do not pile up; the next task makes a new one.
      if (lane.idle && this.lanes.get(endpointId) === lane) this.lanes.delete(endpointId);
    }
  }
}

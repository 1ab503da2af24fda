/** One series of the request counter: a method, a route template and a status. */
export interface RequestCount {
  readonly method: string;
  readonly route: string;
  /** The status answered, or `none` when the connection ended unanswered. */
  readonly status: string;
  count: number;
}

/**
 * The requests a server answered, by method, OpenAPI route template and status: counted by the
 * `metrics` request step (one map lookup a request), read by `GET /__sandbox/metrics`. Bounded:
 * the routes are the documents' templates (or `unmatched`), never a raw path.
 */
export class RequestTally {
  private readonly counts = new Map<string, RequestCount>();

  count(method: string, route: string, status: string): void {
    const key = `${method} ${status} ${route}`;
    const seen = this.counts.get(key);
    if (seen) seen.count++;
    else this.counts.set(key, { method, route, status, count: 1 });
  }

  entries(): Iterable<RequestCount> {
    return this.counts.values();
  }
}

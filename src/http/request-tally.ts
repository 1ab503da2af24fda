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
 * `metrics` request step (three small map lookups a request, no key joined), read by
 * `GET /__sandbox/metrics`. Bounded: the routes are the documents' templates (or `unmatched`),
 * never a raw path.
 */
export class RequestTally {
  /** By method, then status, then route: no key is joined per request (issue 24). */
  private readonly counts = new Map<string, Map<string, Map<string, RequestCount>>>();

  count(method: string, route: string, status: string): void {
    let byStatus = this.counts.get(method);
    if (byStatus === undefined)
      this.counts.set(method, (byStatus = new Map<string, Map<string, RequestCount>>()));
    let byRoute = byStatus.get(status);
    if (byRoute === undefined) byStatus.set(status, (byRoute = new Map<string, RequestCount>()));
    const seen = byRoute.get(route);
    if (seen) seen.count++;
    else byRoute.set(route, { method, route, status, count: 1 });
  }

  *entries(): Iterable<RequestCount> {
    for (const byStatus of this.counts.values())
      for (const byRoute of byStatus.values()) yield* byRoute.values();
  }
}

import { AsyncLocalStorage } from 'node:async_hooks';
import type { TraceParent } from '../domain/traceparent.js';

/**
 * The trace context of the request being handled, across its awaits: what an event published
 * while handling it was caused by (docs/observability.md). Entered only for a request with a valid
 * `traceparent` (`withCause`), so a request without one costs nothing here.
 */
const scope = new AsyncLocalStorage<TraceParent>();

/** Runs `fn(...args)` as caused by `cause`: everything it publishes, now or after an await, reads it. */
export function withCause<A extends unknown[], R>(
  cause: TraceParent,
  fn: (...args: A) => R,
  ...args: A
): R {
  return scope.run(cause, fn, ...args);
}

/** Runs `fn` as caused by no request: work that falls due with time, not because of the caller. */
export function withoutCause<R>(fn: () => R): R {
  return scope.getStore() === undefined ? fn() : scope.exit(fn);
}

/** The trace context of the request being handled, if it sent a valid `traceparent`. */
export function currentCause(): TraceParent | undefined {
  return scope.getStore();
}

/**
 * The few places that need real time rather than virtual time: how long an HTTP request took, and
 * how long to wait at most for one. Kept here so no other module reads the wall clock.
 */

/** Starts a stopwatch; the returned function gives the elapsed real milliseconds. */
export function stopwatch(): () => number {
  const start = performance.now();
  return () => performance.now() - start;
}

/** Real time now, in epoch milliseconds (a named sandbox's `ttl` is real time since its last use). */
export function realNow(): number {
  return Date.now();
}

/** Resolves after `ms` real milliseconds (without keeping the process alive). */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

/**
 * Calls `fn` after `ms` real milliseconds unless cancelled first (without keeping the process
 * alive); returns the cancel function. For holding a request that must not be answered.
 */
export function realTimer(ms: number, fn: () => void): () => void {
  const timer = setTimeout(fn, ms).unref();
  return () => clearTimeout(timer);
}

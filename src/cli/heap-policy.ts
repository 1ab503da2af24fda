import { setFlagsFromString } from 'node:v8';

/**
 * How much V8 lets the old generation grow past what survived the last full GC before it collects
 * again, in percent: 50 means the next full GC comes at 1.5 × the live data.
 *
 * Why: under sustained load the retention caps hold the live data flat (about 150 MB at the
 * default caps), but V8's own growing factor goes up to 4 × the live data when the GC is fast
 * compared with allocation, and the committed heap is seldom given back while the load goes on.
 * The soak (bench/soak.ts) saw the live data level off while RSS kept climbing to 650 MB
 * (docs/persistence.md#memory-under-sustained-load). This bounds the headroom, not the heap: there
 * is no ceiling to hit, a larger state just gets a proportionally larger heap.
 */
export const HEAP_GROWING_PERCENT = 50;

/** The flag, with either spelling of its dashes, as a user may already have passed it. */
const GIVEN = /^--heap[-_]growing[-_]percent(=|$)/;

/**
 * Applies `HEAP_GROWING_PERCENT` to this process's V8, unless the user chose a value themselves
 * (in `execArgv` or `NODE_OPTIONS`). Only the CLI's server calls it: the programmatic API runs
 * inside the user's own test process, whose heap is theirs to tune. Returns whether it applied.
 */
export function applyHeapPolicy(
  execArgv: readonly string[],
  nodeOptions: string | undefined,
): boolean {
  const given = [...execArgv, ...(nodeOptions ?? '').split(/\s+/)].some((a) => GIVEN.test(a));
  if (given) return false;
  // Read by V8 each time it sets the next GC limit, so setting it after start-up takes effect at
  // the next full GC.
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  return true;
}

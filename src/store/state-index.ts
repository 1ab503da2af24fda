import { Slicer } from '../slices.js';
import type { SandboxState } from './state.js';
import { RECORD_IDS, type CollectionName, type StateIndexes } from './store.js';

/** Records indexed between two looks at the time. */
const CHECK_EVERY = 512;

/**
 * The indexes of `state`'s collections, built in slices that yield to the event loop: a world of
 * 200 000 drivers or a big imported state is then installed without holding the loop for the
 * hundreds of milliseconds building its indexes takes. The store takes them as they are when the
 * collection has not changed size since (src/store/collection.ts); one that did is built again.
 */
export async function indexStateInSlices(state: SandboxState): Promise<StateIndexes> {
  const slicer = new Slicer();
  const built: StateIndexes = {};
  for (const name of Object.keys(RECORD_IDS) as CollectionName[]) {
    const records = state[name] as readonly unknown[];
    const idOf = RECORD_IDS[name] as (record: unknown) => string;
    const index = new Map<string, unknown>();
    for (let i = 0; i < records.length; i++) {
      index.set(idOf(records[i]), records[i]);
      if (i % CHECK_EVERY === CHECK_EVERY - 1) await slicer.maybePause();
    }
    (built as Record<CollectionName, Map<string, unknown>>)[name] = index;
  }
  return built;
}

import type { World } from '../world/world.js';

/**
 * Completes a write for whoever asked for it: waits for the webhook attempts it started (with
 * `settle`, for the control plane and the programmatic API, so the receiver has them when the
 * answer comes), then stores the state, so nothing is acknowledged before it is on disk.
 */
export function completeWrite(world: World, opts: { settle?: boolean } = {}): Promise<void> {
  if (opts.settle) return world.webhooks.settle().then(() => world.store.commit());
  return world.store.commit();
}

import type { VirtualClock } from '../clock/virtual-clock.js';
import { IdGenerator } from '../domain/ids.js';
import type { SandboxState } from '../store/state.js';

/**
 * The id space of one generation: its number and the clock's start. A manual clock contributes
 * its virtual start, so a pinned scenario (`ci`) gives the same ids on every run; a realtime clock
 * contributes the wall time the world started at, so two runs of `npx delivery-sandbox` never
 * share an id (nor does a manual clock without a pinned start, whose start is the wall time).
 * The generation keeps a reset, an import or a `--data` restart apart from the worlds before it.
 */
export function idSpace(generation: number, clock: VirtualClock, sandbox?: string): string {
  const start = clock.mode === 'realtime' ? clock.wallNow() : clock.now();
  // A named sandbox's own space: two sandboxes of one seed never share an id.
  return sandbox === undefined ? `g${generation}@${start}` : `${sandbox}/g${generation}@${start}`;
}

/** Every id a state already holds that a world could issue again: the generator skips them. */
export function takenIds(state: SandboxState): Set<string> {
  return new Set<string>([
    ...state.orders.map((o) => o.order.order_id),
    ...state.payments.map((p) => p.payment.payment_id),
    ...state.events.map((e) => e.event_id),
    ...state.webhook_endpoints.map((e) => e.endpoint_id),
    ...state.webhook_attempts.map((a) => a.delivery_id),
  ]);
}

/**
 * The id generator of a world created from `state` as generation `generation`: the state's own
 * counters (so a resumed state carries on from them) in this generation's space, skipping the ids
 * the state already holds. Records the generation in the state, so that a `--data` restart or an
 * import of an export starts above it.
 */
export function worldIds(
  seed: string,
  state: SandboxState,
  generation: number,
  clock: VirtualClock,
  sandbox?: string,
): IdGenerator {
  state.generation = generation;
  return new IdGenerator(seed, state.counters, {
    space: idSpace(generation, clock, sandbox),
    taken: takenIds(state),
  });
}

import type { DeliveryAttempt } from '../domain/sandbox-types.js';
import type { World } from '../world/world.js';

/** What an attempt came to: its `status` in the delivery log. */
export type AttemptOutcome = DeliveryAttempt['status'];

/**
 * A sandbox's webhook attempts by outcome since it started, across resets (the host attaches it to
 * each next world): the counter behind `delivery_sandbox_webhook_attempts_total`. One increment per
 * attempt, heard on the world's activity feed.
 */
export class AttemptTally {
  private readonly counts = new Map<AttemptOutcome, number>();
  private detach: () => void = () => undefined;

  constructor(world: World) {
    this.attach(world);
  }

  /** Counts `world`'s attempts from now on (the previous world's are left alone). */
  attach(world: World): void {
    this.detach();
    this.detach = world.activity.subscribe((a) => {
      if (a.type === 'delivery') {
        const outcome = a.data.status;
        this.counts.set(outcome, (this.counts.get(outcome) ?? 0) + 1);
      }
    });
  }

  entries(): Iterable<[AttemptOutcome, number]> {
    return this.counts.entries();
  }
}

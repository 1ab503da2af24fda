import type { AttemptOutcome } from './retry-policy.js';

/**
 * Retries one endpoint may have waiting at once. Past it, a failed attempt is not retried: it
 * fails, saying why, so a receiver that is down cannot make the sandbox keep retries without bound
 * (100 endpoints × 200 at most). Redeliver what failed once the receiver is fixed.
 */
export const MAX_PENDING_RETRIES = 200;

/** The retries each endpoint has scheduled and not yet due, for one dispatcher. */
export class RetryBacklog {
  private readonly waiting = new Map<string, number>();

  /** A retry to `endpointId` was scheduled. */
  add(endpointId: string): void {
    this.waiting.set(endpointId, this.count(endpointId) + 1);
  }

  /** A retry to `endpointId` came due (whether it still runs or was cancelled meanwhile). */
  due(endpointId: string): void {
    const left = this.count(endpointId) - 1;
    if (left > 0) this.waiting.set(endpointId, left);
    else this.waiting.delete(endpointId);
  }

  /** How many retries are scheduled and not yet due, to every endpoint. */
  get total(): number {
    let n = 0;
    for (const count of this.waiting.values()) n += count;
    return n;
  }

  /** The retry policy's `outcome`, made final when `endpointId` already has its fill of retries. */
  limit(endpointId: string, outcome: AttemptOutcome): AttemptOutcome {
    if (outcome.nextAt === null || this.count(endpointId) < MAX_PENDING_RETRIES) return outcome;
    return {
      status: 'failed',
      nextAt: null,
      error: `${outcome.error ?? 'failed'}; not retried: ${MAX_PENDING_RETRIES} retries to this endpoint are already waiting (fix the receiver, then redeliver)`,
    };
  }

  private count(endpointId: string): number {
    return this.waiting.get(endpointId) ?? 0;
  }
}

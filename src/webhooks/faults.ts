import type { WebhookFaults } from '../domain/scenario.js';

/** The fault an attempt was shaped by, as the delivery log records it. */
export type Fault = 'delayed' | 'reordered' | 'dropped' | 'duplicate' | null;

/** What fault injection decides for one event going to one endpoint. */
export type FirstAttemptPlan =
  { kind: 'now' } | { kind: 'delayed'; delayMs: number } | { kind: 'reordered' };

/**
 * Webhook fault injection (`faults.webhooks`, `PUT /__sandbox/faults`): each decision is a draw from
 * the world's seeded generator, so a run with the same seed injects the same faults. Draws happen
 * only for faults that are switched on, so switching one on does not shift the others.
 */
export class FaultInjector {
  private settings: WebhookFaults;

  constructor(
    initial: WebhookFaults,
    private readonly random: () => number,
  ) {
    this.settings = { ...initial };
  }

  get current(): WebhookFaults {
    return this.settings;
  }

  set current(faults: WebhookFaults) {
    this.settings = { ...faults };
  }

  /** How a new event's first attempt goes out: now, after a delay, or held back (reordered). */
  planFirstAttempt(): FirstAttemptPlan {
    const delayMs = this.drawDelay();
    if (delayMs > 0) return { kind: 'delayed', delayMs };
    if (this.draw(this.settings.reorder_rate)) return { kind: 'reordered' };
    return { kind: 'now' };
  }

  /** Whether a first attempt is dropped (never sent, counted as failed, then retried). */
  dropsFirstAttempt(): boolean {
    return this.draw(this.settings.drop_first_attempt_rate);
  }

  /** Whether a successful delivery is sent a second time. */
  duplicates(): boolean {
    return this.draw(this.settings.duplicate_rate);
  }

  private draw(rate: number | undefined): boolean {
    return rate !== undefined && rate > 0 && this.random() < rate;
  }

  private drawDelay(): number {
    const d = this.settings.delay_ms;
    if (d === undefined) return 0;
    if (typeof d === 'number') return d;
    return Math.round(d.min + (d.max - d.min) * this.random());
  }
}

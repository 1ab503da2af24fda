import type { ApiFaultRule, ApiFaults } from '../domain/scenario.js';

/** Where an injected API fault came from: a `faults.api` rule, or the request's `Sandbox-Fault` header. */
export type ApiFaultSource = 'rule' | 'header';

/** What happens to a request instead of (or before) its real answer. */
export type ApiFaultOutcome =
  | { kind: 'none' }
  | { kind: 'error'; status: 500 | 503 | 429; retryAfter: number }
  | { kind: 'drop' }
  | { kind: 'timeout' };

/** The faults decided for one request. */
export interface ApiFaultPlan {
  source: ApiFaultSource;
  /** The index of the rule in `faults.api` (rules only). */
  rule?: number;
  /** Real milliseconds to wait before answering (0 for none). */
  latencyMs: number;
  outcome: ApiFaultOutcome;
}

/** Retry-After, in seconds, when a rule does not say. */
export const DEFAULT_RETRY_AFTER = 1;

/**
 * API fault injection (`faults.api`, `PUT /__sandbox/faults`): the first rule whose operation matches
 * decides a request's added latency and whether it is answered with an error or dropped. Every draw
 * comes from a generator seeded by the scenario's seed, and only for a fault that is actually random
 * (a range, a rate strictly between 0 and 1), so the same requests in the same order meet the same
 * faults, run after run.
 */
export class ApiFaultInjector {
  private rules: ApiFaults;

  constructor(
    initial: ApiFaults,
    private readonly random: () => number,
  ) {
    this.rules = initial.map((r) => ({ ...r }));
  }

  get current(): ApiFaults {
    return this.rules;
  }

  set current(rules: ApiFaults) {
    this.rules = rules.map((r) => ({ ...r }));
  }

  /** The faults for a request to `operation` (an operationId of /v1), or none when no rule matches. */
  plan(operation: string): ApiFaultPlan | undefined {
    if (this.rules.length === 0) return undefined;
    const index = this.rules.findIndex(
      (r) => (r.operation ?? '*') === '*' || r.operation === operation,
    );
    const rule = this.rules[index];
    if (!rule) return undefined;
    const latencyMs = this.drawLatency(rule);
    return { source: 'rule', rule: index, latencyMs, outcome: this.drawOutcome(rule) };
  }

  private drawOutcome(rule: ApiFaultRule): ApiFaultOutcome {
    if (this.draw(rule.drop_rate ?? 0)) return { kind: 'drop' };
    if (rule.error !== undefined && this.draw(rule.error_rate ?? 1)) {
      return {
        kind: 'error',
        status: rule.error,
        retryAfter: rule.retry_after ?? DEFAULT_RETRY_AFTER,
      };
    }
    return { kind: 'none' };
  }

  private draw(rate: number): boolean {
    if (rate <= 0) return false;
    if (rate >= 1) return true;
    return this.random() < rate;
  }

  private drawLatency(rule: ApiFaultRule): number {
    const l = rule.latency_ms;
    if (l === undefined) return 0;
    if (typeof l === 'number') return l;
    const [min, max] = l.min <= l.max ? [l.min, l.max] : [l.max, l.min];
    return Math.round(min + (max - min) * this.random());
  }
}

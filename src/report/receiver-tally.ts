import type { ReceiverScorecard } from './integration-report.js';
import type { DeliveryAttempt, ProbeResult } from '../domain/sandbox-types.js';
import { maskUrlCredentials } from '../domain/mask-url-credentials.js';

/** Latency samples kept per endpoint; past it the oldest half goes (percentiles of recent traffic). */
export const LATENCY_SAMPLES = 20_000;

/** The value below which `share` of the sorted `values` fall (nearest rank). */
export function percentile(sorted: readonly number[], share: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.max(1, Math.ceil(share * sorted.length));
  return sorted[rank - 1]!;
}

/**
 * One endpoint's running counts, fed every attempt as it is logged. Counts, not the attempts:
 * the report stays small however long the run, and survives the delivery log's trimming.
 */
export class ReceiverTally {
  private deliveries = 0;
  private attempts = 0;
  private firstAttempts = 0;
  private firstSuccesses = 0;
  private readonly non200 = new Map<string, number>();
  private readonly noAnswer = { timeout: 0, connection: 0 };
  private latencies: number[] = [];
  private readonly duplicates = { sent: 0, answered_200: 0 };
  probe: ProbeResult | null = null;

  /** The endpoint's URL as the report shows it: without a user name or password. */
  url: string;

  constructor(
    readonly endpointId: string,
    url: string,
  ) {
    this.url = maskUrlCredentials(url);
  }

  observe(a: DeliveryAttempt): void {
    this.url = maskUrlCredentials(a.url);
    const twin = a.fault === 'duplicate';
    if (a.attempt === 1 && !twin) this.deliveries++;
    // A dropped first attempt is the sandbox's fault injection, never sent: not the receiver's doing.
    if (a.fault === 'dropped') return;
    this.attempts++;
    if (twin) {
      this.duplicates.sent++;
      if (a.response_status === 200) this.duplicates.answered_200++;
    } else if (a.attempt === 1) {
      this.firstAttempts++;
      if (a.status === 'succeeded') this.firstSuccesses++;
    }
    if (a.response_status !== null && a.response_status !== 200) {
      const key = String(a.response_status);
      this.non200.set(key, (this.non200.get(key) ?? 0) + 1);
    } else if (a.response_status === null) {
      if (/timed out/.test(a.error ?? '')) this.noAnswer.timeout++;
      else this.noAnswer.connection++;
    }
    this.latencies.push(a.duration_ms);
    if (this.latencies.length > LATENCY_SAMPLES)
      this.latencies = this.latencies.slice(LATENCY_SAMPLES / 2);
  }

  scorecard(timeoutMs: number): ReceiverScorecard {
    const sorted = [...this.latencies].sort((x, y) => x - y);
    return {
      endpoint_id: this.endpointId,
      url: this.url,
      deliveries: this.deliveries,
      attempts: this.attempts,
      first_attempts: this.firstAttempts,
      first_attempt_successes: this.firstSuccesses,
      first_attempt_success_rate:
        this.firstAttempts === 0
          ? null
          : Math.round((this.firstSuccesses / this.firstAttempts) * 10_000) / 10_000,
      non_200_by_status: Object.fromEntries(
        [...this.non200].sort(([a], [b]) => a.localeCompare(b)),
      ),
      no_answer: { ...this.noAnswer },
      latency_ms: {
        p50: percentile(sorted, 0.5),
        p95: percentile(sorted, 0.95),
        max: sorted.at(-1) ?? null,
        timeout_ms: timeoutMs,
      },
      duplicates: { ...this.duplicates },
      probe: this.probe,
    };
  }
}

import type { CoverageEntry, IntegrationReport } from './integration-report.js';
import type { RequestFacts } from '../journal/journal-entry.js';
import type { DeliveryAttempt, ProbeResult } from '../domain/sandbox-types.js';
import type { World } from '../world/world.js';
import { COVERAGE_CATALOGUE } from './coverage-catalogue.js';
import { ReceiverTally } from './receiver-tally.js';
import { EVIDENCE_LIMIT, RequestLedger, type Proof } from './request-ledger.js';
import { TroubleSightings } from './trouble-sightings.js';

export { EVIDENCE_LIMIT } from './request-ledger.js';

/** Failing deliveries remembered for `webhook.retry.recovered`; beyond, the oldest are forgotten. */
const FAILING_KEPT = 5_000;

/**
 * Collects what the integration report says about the receivers, across worlds: it attaches to
 * each world as it becomes current (`SandboxHost.onReplace`), so a `POST /__sandbox/reset` between
 * tests keeps one report for the whole run; `reset()` starts a fresh one. It hears every delivery
 * attempt and every position a location stream sends (`world.activity`) and every signature probe
 * (`world.webhooks.onProbe`), and keeps counts, never the attempts themselves.
 */
export class ReportCollector {
  private world!: World;
  private detachers: (() => void)[] = [];
  private since = '';
  private readonly tallies = new Map<string, ReceiverTally>();
  private readonly proofs = new Map<string, Proof>();
  private readonly requests = new RequestLedger();
  private readonly trouble = new TroubleSightings();
  /** Deliveries (`event_id endpoint_id`) whose last attempt failed: a success next recovers one. */
  private readonly failing = new Set<string>();

  constructor(world: World) {
    this.attach(world);
    this.since = world.clock.iso();
  }

  /** Follows `world` from now on (the previous one is left alone). */
  attach(world: World): void {
    for (const detach of this.detachers) detach();
    this.world = world;
    this.detachers = [
      world.activity.subscribe((a) => {
        if (a.type === 'delivery') this.observeAttempt(a.data);
        else if (a.type === 'location_streamed') this.requests.streamed(a.data.order_id);
      }),
      world.webhooks.onProbe((result) => this.observeProbe(result)),
    ];
  }

  /**
   * Hears one `/v1` request as the request journal records it (the host has it observe
   * `host.journal`); only counts and a few ids are kept, so clearing the journal changes nothing.
   */
  observeRequest(facts: RequestFacts): void {
    this.requests.observe(facts);
    const interval = this.world.scenario.location.update_interval;
    for (const id of this.trouble.observe(facts, interval)) this.requests.prove(id, facts.id);
  }

  /** Forgets everything observed: the report starts again now (`POST /__sandbox/report/reset`). */
  reset(): void {
    this.tallies.clear();
    this.proofs.clear();
    this.failing.clear();
    this.requests.reset();
    this.trouble.reset();
    this.since = this.world.clock.iso();
  }

  /**
   * The report now. Before any `/v1` request since the report started, request situations are
   * `no_data` and violations unavailable: nothing is guessed from no data.
   */
  report(): IntegrationReport {
    const world = this.world;
    for (const e of world.store.webhookEndpoints.all()) this.tally(e.endpoint_id, e.url);
    const receivers = [...this.tallies.values()].map((t) =>
      t.scorecard(world.scenario.webhooks.timeout_ms),
    );
    const heard = this.requests.heard;
    const violations = heard ? this.requests.violationList() : [];
    const habits = this.requests.habitList();
    const coverage = COVERAGE_CATALOGUE.map((s): CoverageEntry => {
      if (s.source === 'requests' && !heard)
        return { ...s, status: 'no_data', count: 0, evidence: [] };
      const proof =
        s.source === 'requests'
          ? this.requests.proof(s.id)
          : (this.proofs.get(s.id) ?? { count: 0, evidence: [] });
      return {
        ...s,
        status: proof.count > 0 ? 'covered' : 'not_covered',
        count: proof.count,
        evidence: proof.evidence,
      };
    });
    const count = (status: CoverageEntry['status']): number =>
      coverage.filter((c) => c.status === status).length;
    const probes = receivers.map((r) => r.probe?.status ?? 'not_probed');
    const probeCount = (status: string): number => probes.filter((p) => p === status).length;
    return {
      generated_at: world.clock.iso(),
      since: this.since,
      summary: {
        coverage: {
          total: coverage.length,
          covered: count('covered'),
          not_covered: count('not_covered'),
          no_data: count('no_data'),
        },
        violations: heard ? violations.reduce((n, v) => n + v.count, 0) : null,
        habits: habits.reduce((n, h) => n + h.count, 0),
        requests: this.requests.requests,
        probes: {
          passed: probeCount('passed'),
          failed: probeCount('failed'),
          inconclusive: probeCount('inconclusive'),
          not_probed: probeCount('not_probed'),
        },
      },
      coverage,
      violations: {
        available: heard,
        note: heard
          ? null
          : 'no /v1 request since the report started: client contract violations come from the requests',
        items: violations,
      },
      habits,
      receivers,
    };
  }

  private tally(endpointId: string, url: string): ReceiverTally {
    let tally = this.tallies.get(endpointId);
    if (!tally) {
      tally = new ReceiverTally(endpointId, url);
      this.tallies.set(endpointId, tally);
    }
    return tally;
  }

  private observeAttempt(a: DeliveryAttempt): void {
    this.tally(a.endpoint_id, a.url).observe(a);
    // Test deliveries (`POST …/test`, sample orders `ord_test…`) show in the scorecard, not in
    // coverage: they prove the receiver is up, not that the integration handles the event.
    if (a.order_id?.startsWith('ord_test')) return;
    const twin = a.fault === 'duplicate';
    if (twin && a.response_status === 200) this.prove('webhook.duplicate.acknowledged', a);
    if (twin) return;
    // Recovered means an attempt of the same delivery failed first: a later attempt number alone
    // is no proof (a redelivery on demand of a delivery that succeeded counts up too).
    const delivery = `${a.event_id} ${a.endpoint_id}`;
    if (a.status !== 'succeeded') {
      this.failing.add(delivery);
      if (this.failing.size > FAILING_KEPT)
        this.failing.delete(this.failing.values().next().value!);
      return;
    }
    this.prove(`webhook.${a.event}.acknowledged`, a);
    if (this.failing.delete(delivery)) this.prove('webhook.retry.recovered', a);
  }

  private observeProbe(result: ProbeResult): void {
    this.tally(result.endpoint_id, result.url).probe = result;
  }

  private prove(id: string, a: DeliveryAttempt): void {
    const proof = this.proofs.get(id) ?? { count: 0, evidence: [] };
    proof.count++;
    if (proof.evidence.length < EVIDENCE_LIMIT) proof.evidence.push(a.delivery_id);
    this.proofs.set(id, proof);
  }
}

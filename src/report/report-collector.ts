import type {
  CoverageEntry,
  IntegrationReport,
  ProbeResult,
} from '../domain/integration-report.js';
import type { DeliveryAttempt } from '../store/state.js';
import type { World } from '../world/world.js';
import { COVERAGE_CATALOGUE } from './coverage-catalogue.js';
import { classifyRequests, type ObservedRequest } from './observed-request.js';
import { ReceiverTally } from './receiver-tally.js';

/** How many ids a coverage entry quotes as evidence (the count says how many there were). */
export const EVIDENCE_LIMIT = 5;

interface Proof {
  count: number;
  evidence: string[];
}

/**
 * Collects what the integration report says about the receivers, across worlds: it attaches to
 * each world as it becomes current (`SandboxHost.onReplace`), so a `POST /__sandbox/reset` between
 * tests keeps one report for the whole run; `reset()` starts a fresh one. It hears every delivery
 * attempt (`world.activity`) and every signature probe (`world.webhooks.onProbe`), and keeps
 * counts, never the attempts themselves.
 */
export class ReportCollector {
  private world!: World;
  private detachers: (() => void)[] = [];
  private since = '';
  private readonly tallies = new Map<string, ReceiverTally>();
  private readonly proofs = new Map<string, Proof>();

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
      }),
      world.webhooks.onProbe((result) => this.observeProbe(result)),
    ];
  }

  /** Forgets everything observed: the report starts again now (`POST /__sandbox/report/reset`). */
  reset(): void {
    this.tallies.clear();
    this.proofs.clear();
    this.since = this.world.clock.iso();
  }

  /**
   * The report now. `requests` are the client's `/v1` requests (from the request journal); null
   * while there is none, which leaves request situations `no_data` and violations unavailable.
   */
  report(requests: readonly ObservedRequest[] | null = null): IntegrationReport {
    const world = this.world;
    for (const e of world.store.webhookEndpoints.all()) this.tally(e.endpoint_id, e.url);
    const receivers = [...this.tallies.values()].map((t) =>
      t.scorecard(world.scenario.webhooks.timeout_ms),
    );
    const fromRequests = requests === null ? null : classifyRequests(requests);
    const coverage = COVERAGE_CATALOGUE.map((s): CoverageEntry => {
      if (s.source === 'requests' && fromRequests === null)
        return { ...s, status: 'no_data', count: 0, evidence: [] };
      const proof =
        s.source === 'requests'
          ? toProof(fromRequests?.get(s.id) ?? [])
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
        violations: requests === null ? null : 0,
        probes: {
          passed: probeCount('passed'),
          failed: probeCount('failed'),
          inconclusive: probeCount('inconclusive'),
          not_probed: probeCount('not_probed'),
        },
      },
      coverage,
      violations: {
        available: requests !== null,
        note:
          requests === null
            ? 'no request data yet: client contract violations come from the request journal'
            : null,
        items: [],
      },
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
    if (twin || a.status !== 'succeeded') return;
    this.prove(`webhook.${a.event}.acknowledged`, a);
    if (a.attempt > 1) this.prove('webhook.retry.recovered', a);
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

function toProof(ids: string[]): Proof {
  return { count: ids.length, evidence: ids.slice(0, EVIDENCE_LIMIT) };
}

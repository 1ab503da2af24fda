/**
 * The rows bench/run.ts writes to BENCHMARKS.md from bench/api-throughput.ts's output (issue 24's
 * budgets): every route ≥ 0.65× bare `node:http`; every GET ≥ 1.2× a warm WireMock, `POST` ≥ 1.0×;
 * the sandbox's p99 at most WireMock's.
 */

/** One server's figures for a workload: medians over the rounds. */
export interface ServerFigures {
  rps: number;
  p99_ms: number;
  cpu_us: number;
  /**
   * The cores the server kept busy: CPU-seconds per second of load. One Node thread stays below
   * 1; a JVM spreads over both cores (docs/decisions/0027-budgets-against-the-floor.md).
   */
  cores: number;
  rounds: number[];
}

/** What bench/api-throughput.ts prints. */
export interface ApiThroughput {
  seconds: number;
  rounds: number;
  /** Whether the sandbox and the baseline were loaded at the same time (`--together`). */
  together?: boolean;
  warmup_s: number;
  connections: number;
  wiremock_skipped: string | null;
  wiremock_jar: string | null;
  load_average: number[][];
  rss_mb: Record<string, number>;
  rows: {
    name: string;
    label: string;
    sandbox: ServerFigures;
    bare: ServerFigures;
    wiremock: ServerFigures | null;
    baseline: ServerFigures | null;
    vs_bare: number;
    vs_wiremock: number | null;
    vs_baseline: number | null;
  }[];
}

const f0 = (n: number): string => n.toFixed(0);
const f2 = (n: number): string => n.toFixed(2);

/** One table row per workload: what, measured, budget, verdict. */
export function apiRows(api: ApiThroughput): string[][] {
  return api.rows.map((r) => {
    const post = r.name.startsWith('create') || r.name === 'mixed';
    const wmBudget = post ? 1.0 : 1.2;
    const wm = r.wiremock;
    const measured = [
      `${f0(r.sandbox.rps)} req/s, p99 ${f0(r.sandbox.p99_ms)} ms, ${f0(r.sandbox.cpu_us)} µs CPU each, ${f2(r.sandbox.cores)} cores`,
      `bare \`node:http\` ${f0(r.bare.rps)} (p99 ${f0(r.bare.p99_ms)} ms): ${f2(r.vs_bare)}×`,
      wm && r.vs_wiremock !== null
        ? `WireMock ${f0(wm.rps)} (p99 ${f0(wm.p99_ms)} ms, ${f0(wm.cpu_us)} µs CPU, ${f2(wm.cores)} cores): ${f2(r.vs_wiremock)}×`
        : `WireMock skipped (${api.wiremock_skipped ?? 'not run'})`,
      ...(r.baseline && r.vs_baseline !== null
        ? [
            `the tree before ${f0(r.baseline.rps)} (${f0(r.baseline.cpu_us)} µs CPU): ${f2(r.vs_baseline)}×`,
          ]
        : []),
    ].join('; ');
    const ok =
      r.vs_bare >= 0.65 &&
      (wm === null ||
        (r.vs_wiremock !== null && r.vs_wiremock >= wmBudget && r.sandbox.p99_ms <= wm.p99_ms));
    return [
      `${r.label}, ${api.connections} connections`,
      `${measured} (median of ${api.rounds} alternating rounds of ${api.seconds} s)`,
      `≥ 0.65× bare; ≥ ${wmBudget.toFixed(1)}× WireMock; p99 ≤ WireMock's (issue 24)`,
      ok ? 'meets' : '**misses**',
    ];
  });
}

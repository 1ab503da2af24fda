import type { CoverageEntry, IntegrationReport } from './integration-report.js';
import { COVERAGE_IDS } from './coverage-catalogue.js';

/** What a CI run insists on (`--fail-on`). */
export const FAIL_ON = ['violations', 'signature', 'coverage', 'habits'] as const;
export type FailOn = (typeof FAIL_ON)[number];

export interface VerdictOptions {
  failOn: ReadonlySet<FailOn>;
  /** Coverage ids that must be covered (`--require FILE`); it implies `coverage`. */
  require?: readonly string[] | undefined;
}

/**
 * Reads a `--require` file: one coverage id a line; blank lines and `#` comments ignored. Throws,
 * naming the line, for an id the catalogue does not have (a typo must not pass silently).
 */
export function parseRequireList(text: string, file: string): string[] {
  const ids: string[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const id = raw.replace(/#.*/, '').trim();
    if (id === '') return;
    if (!COVERAGE_IDS.has(id)) {
      const near = [...COVERAGE_IDS].filter((k) => k.split('.')[0] === id.split('.')[0]);
      throw new Error(
        `${file}:${i + 1}: "${id}" is not a coverage id${near.length > 0 ? `; did you mean one of ${near.join(', ')}?` : '; see docs/report.md for the list'}`,
      );
    }
    ids.push(id);
  });
  return ids;
}

/** The coverage entries a run requires: the `--require` list, else every entry that has data. */
export function requiredCoverage(report: IntegrationReport, opts: VerdictOptions): CoverageEntry[] {
  if (opts.require !== undefined) {
    const wanted = new Set(opts.require);
    return report.coverage.filter((c) => wanted.has(c.id));
  }
  if (!opts.failOn.has('coverage')) return [];
  return report.coverage.filter((c) => c.status !== 'no_data');
}

/**
 * Why the report fails the run, one readable sentence each; empty when it passes. `signature`
 * fails on a failed or inconclusive probe and on an endpoint never probed (nothing proves it
 * checks signatures); `coverage` on every required situation not covered (or without data yet);
 * `violations` on any violation; `habits` on any habit warning (warnings otherwise).
 */
export function reportFailures(report: IntegrationReport, opts: VerdictOptions): string[] {
  const reasons: string[] = [];
  if (opts.failOn.has('violations') && report.violations.items.length > 0)
    reasons.push(
      `${report.violations.items.length} client contract violation(s): ${report.violations.items.map((v) => `${v.rule} (${v.operation}${v.param === null ? '' : ` ${v.param}`}, ${v.count}×)`).join(', ')}`,
    );
  if (opts.failOn.has('habits'))
    for (const h of report.habits) reasons.push(`habit: ${h.habit} (${h.count}×): ${h.message}`);
  if (opts.failOn.has('signature')) {
    if (report.receivers.length === 0)
      reasons.push('signature: no webhook endpoint is registered, so none was probed');
    for (const r of report.receivers) {
      if (r.probe === null)
        reasons.push(
          `signature: ${r.url} was never probed; run POST /__sandbox/webhook-endpoints/${r.endpoint_id}/probe or set webhooks.probe: true in the scenario`,
        );
      else if (r.probe.status !== 'passed')
        reasons.push(`signature: ${r.url} ${r.probe.status}: ${r.probe.message}`);
    }
  }
  for (const c of requiredCoverage(report, opts)) {
    if (c.status === 'covered') continue;
    reasons.push(
      c.status === 'no_data'
        ? `coverage: ${c.id} has no ${c.source} data yet (${c.description})`
        : `coverage: ${c.id} is not covered (${c.description})`,
    );
  }
  return reasons;
}

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/**
 * What the report found that a run may care about, as short phrases (`6 violations`, `1 probe
 * failed`, `3 situations not covered`); empty when it found none of it.
 */
export function reportFindings(report: IntegrationReport): string[] {
  const { summary } = report;
  const found: string[] = [];
  if ((summary.violations ?? 0) > 0) found.push(plural(summary.violations ?? 0, 'violation'));
  if (summary.habits > 0) found.push(plural(summary.habits, 'habit warning'));
  if (summary.probes.failed > 0) found.push(`${plural(summary.probes.failed, 'probe')} failed`);
  if (summary.probes.inconclusive > 0)
    found.push(`${plural(summary.probes.inconclusive, 'probe')} inconclusive`);
  if (summary.coverage.not_covered > 0)
    found.push(`${plural(summary.coverage.not_covered, 'situation')} not covered`);
  return found;
}

/** The checks a run asked for (`--fail-on`, `--require`), by name. */
function checksAsked(opts: VerdictOptions): string[] {
  const checks: string[] = FAIL_ON.filter((c) => opts.failOn.has(c) && c !== 'coverage');
  if (opts.require !== undefined)
    checks.push(`coverage of ${plural(opts.require.length, 'required situation')}`);
  else if (opts.failOn.has('coverage')) checks.push('coverage');
  return checks;
}

/**
 * One sentence for the head of the report and the terminal: what was checked and what was found.
 * Without `--fail-on` or `--require` nothing is judged, and it says so instead of "passed":
 * `Not judged: 6 violations, 1 probe failed; not failing the run (no --fail-on).`
 */
export function reportVerdict(
  report: IntegrationReport,
  opts: VerdictOptions,
  failures: readonly string[],
): string {
  const checks = checksAsked(opts);
  const found = reportFindings(report);
  const foundText = found.length > 0 ? found.join(', ') : 'nothing to report';
  if (failures.length > 0)
    return `Failed (checked: ${checks.join(', ')}): ${plural(failures.length, 'reason')}; found ${foundText}.`;
  if (checks.length === 0)
    return `Not judged: found ${foundText}; not failing the run (no --fail-on).`;
  return `Passed (checked: ${checks.join(', ')}); found ${foundText}.`;
}

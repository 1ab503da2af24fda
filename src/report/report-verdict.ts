import type { CoverageEntry, IntegrationReport } from '../domain/integration-report.js';
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

import type { IntegrationReport } from './integration-report.js';
import { requiredCoverage, type VerdictOptions } from './report-verdict.js';

/** Text escaped for XML, with the characters XML 1.0 forbids removed. */
function xml(value: unknown): string {
  return (
    String(value)
      // eslint-disable-next-line no-control-regex -- removing exactly the characters XML 1.0 forbids
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
  );
}

interface Case {
  name: string;
  classname: string;
  failure?: { message: string; type: string; text: string };
  skipped?: string;
  out?: string;
}

/**
 * Where the run's trace is (`report --trace-link`): a `trace` property of each suite, and on each
 * failure the `[[ATTACHMENT|…]]` line GitLab and Jenkins show as a link (docs/ci.md).
 */
function linkTrace(cases: Case[], trace: string | undefined): Case[] {
  if (trace === undefined) return cases;
  const attachment = `[[ATTACHMENT|${trace}]]`;
  return cases.map((c) =>
    c.failure ? { ...c, out: c.out ? `${c.out}\n${attachment}` : attachment } : c,
  );
}

function suite(name: string, given: Case[], trace?: string): string {
  const cases = linkTrace(given, trace);
  const failures = cases.filter((c) => c.failure).length;
  const skipped = cases.filter((c) => c.skipped !== undefined).length;
  const body = cases.map((c) => {
    const open = `    <testcase name="${xml(c.name)}" classname="${xml(c.classname)}"`;
    const inner = [
      c.failure
        ? `      <failure message="${xml(c.failure.message)}" type="${xml(c.failure.type)}">${xml(c.failure.text)}</failure>`
        : '',
      c.skipped !== undefined ? `      <skipped message="${xml(c.skipped)}"/>` : '',
      c.out ? `      <system-out>${xml(c.out)}</system-out>` : '',
    ].filter((l) => l !== '');
    return inner.length === 0 ? `${open}/>` : [`${open}>`, ...inner, '    </testcase>'].join('\n');
  });
  return [
    `  <testsuite name="${xml(name)}" tests="${cases.length}" failures="${failures}" errors="0" skipped="${skipped}">`,
    ...(trace === undefined
      ? []
      : [`    <properties><property name="trace" value="${xml(trace)}"/></properties>`]),
    ...body,
    '  </testsuite>',
  ].join('\n');
}

/**
 * The report as JUnit XML, so CI test reporters show it: one `<testsuite>` per section
 * (coverage, violations, probes, habits), one `<testcase>` per coverage id, violation (operation,
 * parameter and rule), endpoint and habit warning (a failure only with `--fail-on habits`).
 * A required situation not covered, a violation and a probe that did not pass are `<failure>`s;
 * situations not required but not covered, and ones without data yet, are `<skipped>`. With
 * `trace` (the path of the run's trace as the CI artifact holds it), each suite and failure links it.
 */
export function formatJunit(
  report: IntegrationReport,
  opts: VerdictOptions,
  trace?: string,
): string {
  const required = new Set(requiredCoverage(report, opts).map((c) => c.id));
  const coverage = report.coverage.map((c): Case => {
    const base = { name: c.id, classname: `coverage.${c.source}` };
    if (c.status === 'covered')
      return { ...base, out: `${c.count} × ${c.description} Evidence: ${c.evidence.join(' ')}` };
    const why = c.status === 'no_data' ? `no ${c.source} data yet` : 'not covered';
    return required.has(c.id)
      ? { ...base, failure: { message: why, type: c.status, text: c.description } }
      : { ...base, skipped: `${why}: ${c.description}` };
  });
  const violations: Case[] = !report.violations.available
    ? [
        {
          name: 'violations',
          classname: 'violations',
          skipped: report.violations.note ?? 'no request data',
        },
      ]
    : report.violations.items.length === 0
      ? [
          {
            name: 'violations',
            classname: 'violations',
            out: `none in ${report.summary.requests} requests`,
          },
        ]
      : report.violations.items.map((v) => ({
          name: `${v.operation} ${v.param ?? '-'} ${v.rule}`,
          classname: `violations.${v.operation}`,
          failure: {
            message: `${v.count}× ${v.message}`,
            type: v.rule,
            text: `${v.request_ids.join(' ')}\n${v.example.method} ${v.example.path} ${v.example.body ?? ''}`,
          },
        }));

  const probes = report.receivers.map((r): Case => {
    const base = { name: `signature probe ${r.url}`, classname: `probes.${r.endpoint_id}` };
    if (r.probe === null) return { ...base, skipped: 'never probed' };
    const detail = r.probe.cases
      .map((c) => `${c.case}: ${c.response_status ?? c.error ?? 'no answer'} (${c.verdict})`)
      .join('\n');
    return r.probe.status === 'passed'
      ? { ...base, out: detail }
      : { ...base, failure: { message: r.probe.message, type: r.probe.status, text: detail } };
  });
  // Habits are warnings: a failure only when the run fails on them (`--fail-on habits`).
  const habits = report.habits.map((h): Case => {
    const base = { name: h.habit, classname: 'habits' };
    const text = `${h.count}× ${h.message} ${h.request_ids.join(' ')}`;
    return opts.failOn.has('habits')
      ? { ...base, failure: { message: h.message, type: 'habit', text } }
      : { ...base, out: `warning: ${text}` };
  });
  const all = [...coverage, ...violations, ...probes, ...habits];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="delivery-sandbox integration report" tests="${all.length}" failures="${all.filter((c) => c.failure).length}" errors="0" skipped="${all.filter((c) => c.skipped !== undefined).length}" timestamp="${xml(report.generated_at)}">`,
    suite('coverage', coverage, trace),
    suite('violations', violations, trace),
    suite('probes', probes, trace),
    suite('habits', habits, trace),
    '</testsuites>',
    '',
  ].join('\n');
}

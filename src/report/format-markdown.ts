import type { IntegrationReport, ReceiverScorecard } from './integration-report.js';
import { reportVerdict, requiredCoverage, type VerdictOptions } from './report-verdict.js';

/** A table cell: pipes escaped and line breaks flattened, so a URL or a message cannot break the table. */
const cell = (value: unknown): string => String(value).replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');

function table(head: string[], rows: unknown[][]): string[] {
  return [
    `| ${head.join(' | ')} |`,
    `| ${head.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`),
  ];
}

const ms = (v: number | null): string => (v === null ? '–' : `${Math.round(v)}`);
const rate = (r: ReceiverScorecard): string =>
  r.first_attempt_success_rate === null
    ? '–'
    : `${Math.round(r.first_attempt_success_rate * 100)} %`;
const non200 = (r: ReceiverScorecard): string =>
  Object.entries(r.non_200_by_status)
    .map(([status, n]) => `${status}×${n}`)
    .join(', ') || 'none';
const MARK = { covered: '✅ covered', not_covered: '❌ not covered', no_data: '⚪ no data yet' };
const PROBE = { passed: '✅ passed', failed: '❌ failed', inconclusive: '⚠️ inconclusive' };

/**
 * The report as GitHub-flavoured Markdown: a summary, then one table per section (coverage,
 * receivers, probes, violations, habits). Fits `$GITHUB_STEP_SUMMARY`. The verdict (what was
 * checked, what was found) heads the page, then `failures` (from `reportFailures`), if any.
 */
export function formatMarkdown(
  report: IntegrationReport,
  opts: VerdictOptions,
  failures: readonly string[],
): string {
  const { summary } = report;
  const required = new Set(requiredCoverage(report, opts).map((c) => c.id));
  const lines = [
    '# Integration report',
    '',
    `From ${report.since} to ${report.generated_at} (virtual time).`,
    '',
    `**${reportVerdict(report, opts, failures)}**`,
    '',
    ...(failures.length > 0 ? [...failures.map((f) => `- ${f}`), ''] : []),
    ...table(
      ['section', 'result'],
      [
        [
          'coverage',
          `${summary.coverage.covered} of ${summary.coverage.total} covered, ${summary.coverage.not_covered} not covered, ${summary.coverage.no_data} without data yet`,
        ],
        [
          'violations',
          summary.violations === null
            ? 'no request data yet'
            : `${summary.violations} in ${summary.requests} requests`,
        ],
        ['habit warnings', `${summary.habits}`],
        [
          'signature probes',
          `${summary.probes.passed} passed, ${summary.probes.failed} failed, ${summary.probes.inconclusive} inconclusive, ${summary.probes.not_probed} not probed`,
        ],
      ],
    ),
    '',
    '## Coverage',
    '',
    ...table(
      ['situation', 'status', 'required', 'count', 'evidence', 'description'],
      report.coverage.map((c) => [
        `\`${c.id}\``,
        MARK[c.status],
        required.has(c.id) ? 'yes' : '',
        c.count,
        c.evidence.join(' '),
        c.description,
      ]),
    ),
    '',
    '## Webhook receivers',
    '',
    ...(report.receivers.length === 0
      ? ['No webhook endpoint registered.']
      : table(
          [
            'endpoint',
            'deliveries',
            'first-attempt success',
            'not 200',
            'timeouts',
            'p50 / p95 / max ms (time-out)',
            'duplicates answered 200',
            'signature probe',
          ],
          report.receivers.map((r) => [
            `${r.url} (${r.endpoint_id})`,
            r.deliveries,
            rate(r),
            non200(r),
            r.no_answer.timeout,
            `${ms(r.latency_ms.p50)} / ${ms(r.latency_ms.p95)} / ${ms(r.latency_ms.max)} (${r.latency_ms.timeout_ms})`,
            `${r.duplicates.answered_200} of ${r.duplicates.sent}`,
            r.probe === null ? 'not probed' : PROBE[r.probe.status],
          ]),
        )),
    '',
    '## Signature probes',
    '',
    ...(report.receivers.some((r) => r.probe !== null)
      ? table(
          ['endpoint', 'result', 'valid', 'wrong signature', 'altered body', 'unsigned', 'why'],
          report.receivers
            .filter((r) => r.probe !== null)
            .map((r) => {
              const probe = r.probe!;
              const answer = (kind: string): string => {
                const c = probe.cases.find((x) => x.case === kind);
                return `${c?.response_status ?? 'no answer'}${c?.verdict === 'wrong' ? ' ❌' : ''}`;
              };
              return [
                r.url,
                PROBE[probe.status],
                answer('valid'),
                answer('wrong_signature'),
                answer('altered_body'),
                answer('unsigned'),
                probe.message,
              ];
            }),
        )
      : ['No endpoint was probed (`POST /__sandbox/webhook-endpoints/{id}/probe`).']),
    '',
    '## Client contract violations',
    '',
    ...(!report.violations.available
      ? [`Not available: ${report.violations.note ?? 'no request data'}.`]
      : report.violations.items.length === 0
        ? ['None.']
        : table(
            [
              'operation',
              'parameter',
              'rule',
              'count',
              'message',
              'requests',
              'example (redacted)',
            ],
            report.violations.items.map((v) => [
              v.operation,
              v.param ?? '',
              v.rule,
              v.count,
              v.message,
              v.request_ids.join(' '),
              v.example.body === null
                ? `${v.example.method} ${v.example.path}`
                : `${v.example.method} ${v.example.path} \`${v.example.body.replace(/`/g, "'")}\``,
            ]),
          )),
    '',
    '## Client habits (warnings)',
    '',
    ...(report.habits.length === 0
      ? ['None.']
      : table(
          ['habit', 'count', 'message', 'requests'],
          report.habits.map((h) => [h.habit, h.count, h.message, h.request_ids.join(' ')]),
        )),
    '',
  ];
  return lines.join('\n');
}

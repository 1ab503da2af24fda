import { readFile, writeFile } from 'node:fs/promises';
import { Option, type Command } from 'commander';
import type { IntegrationReport } from '../report/integration-report.js';
import { formatJunit } from '../report/format-junit.js';
import { formatMarkdown } from '../report/format-markdown.js';
import {
  FAIL_ON,
  parseRequireList,
  reportFailures,
  reportVerdict,
  type FailOn,
  type VerdictOptions,
} from '../report/report-verdict.js';
import { clientFor, withClientOptions, type ClientFlags } from './client-commands.js';

interface ReportFlags extends ClientFlags {
  format: 'json' | 'junit' | 'markdown';
  out?: string;
  failOn?: FailOn[];
  require?: string;
  traceLink?: string;
}

/** `--fail-on violations,signature`: a comma-separated subset of FAIL_ON, each checked by name. */
function parseFailOn(value: string): FailOn[] {
  const items = value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  for (const item of items)
    if (!(FAIL_ON as readonly string[]).includes(item))
      throw new Error(`--fail-on: "${item}" is not one of ${FAIL_ON.join(', ')}`);
  return items as FailOn[];
}

function render(
  report: IntegrationReport,
  flags: ReportFlags,
  opts: VerdictOptions,
  failures: string[],
): string {
  switch (flags.format) {
    case 'json':
      return `${JSON.stringify({ ...report, verdict: reportVerdict(report, opts, failures), failures }, null, 2)}\n`;
    case 'junit':
      return formatJunit(report, opts, flags.traceLink);
    case 'markdown':
      return formatMarkdown(report, opts, failures);
  }
}

/**
 * `delivery-sandbox report`: fetches the integration report of a running sandbox and writes it as
 * JSON, JUnit XML or Markdown (to stdout or `--out`), headed by its verdict (what was checked,
 * what was found; on stderr too, unless the Markdown went to stdout); with `--fail-on` or
 * `--require` it exits 1, with one line per reason, when the report does not pass (the report is
 * written first).
 */
export function addReportCommand(program: Command): void {
  withClientOptions(
    program
      .command('report')
      .description(
        'write the integration report of a running sandbox (coverage, receivers, signature probes)',
      )
      .addOption(
        new Option(
          '--format <format>',
          'json, junit (XML for CI test reporters) or markdown ($GITHUB_STEP_SUMMARY)',
        )
          .choices(['json', 'junit', 'markdown'])
          .default('markdown'),
      )
      .option('--out <file>', 'write the report to this file instead of stdout')
      .option(
        '--fail-on <checks>',
        `exit 1 when any of these fails (comma-separated: ${FAIL_ON.join(', ')})`,
        parseFailOn,
      )
      .option(
        '--trace-link <path>',
        "link the run's trace (its path among the CI artifacts) from the JUnit report: a property of each suite, an attachment of each failure",
      )
      .option(
        '--require <file>',
        'coverage ids that must be covered, one a line (implies coverage)',
      ),
    'the same as --format json',
  ).action(async (flags: ReportFlags) => {
    if (flags.json) flags.format = 'json';
    const require =
      flags.require === undefined
        ? undefined
        : parseRequireList(await readFile(flags.require, 'utf8'), flags.require);
    const opts: VerdictOptions = { failOn: new Set(flags.failOn ?? []), require };
    const report = await clientFor(flags).report();
    const failures = reportFailures(report, opts);
    const text = render(report, flags, opts, failures);
    if (flags.out === undefined) process.stdout.write(text);
    else await writeFile(flags.out, text);
    // The terminal hears the verdict unless it has just read it at the head of the Markdown.
    if (flags.out !== undefined || flags.format !== 'markdown')
      process.stderr.write(`report: ${reportVerdict(report, opts, failures)}\n`);
    if (failures.length > 0)
      throw new Error(
        `the integration report fails:\n${failures.map((f) => `  - ${f}`).join('\n')}`,
      );
  });
}

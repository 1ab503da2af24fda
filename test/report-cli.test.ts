import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { marked, type Tokens } from 'marked';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifySignature } from '../src/index.js';
import { Receiver } from './support/receiver.js';
import { SAMPLE_ORDER, TestSandbox } from './support/test-sandbox.js';
import { cli } from './support/cli-process.js';
import { runCommand } from './support/cli-in-process.js';

const SECRET = 'whsec_report_cli_secret';

describe('delivery-sandbox report', () => {
  let t: TestSandbox;
  let good: Receiver;
  let lax: Receiver;
  let dir: string;
  let laxId: string;
  beforeAll(async () => {
    [t, good, lax, dir] = await Promise.all([
      TestSandbox.start(),
      Receiver.start(),
      Receiver.start(),
      mkdtemp(join(tmpdir(), 'report-cli-')),
    ]);
    good.answer((r) =>
      verifySignature(SECRET, r.raw, r.headers['x-service-signature'] as string) ? 200 : 401,
    );
    const a = await t.post('/__sandbox/webhook-endpoints', { url: good.url, secret: SECRET });
    await t.post(`/__sandbox/webhook-endpoints/${a.body.endpoint_id}/probe`);
    const order = await t.createOrder();
    await t.advance(order.order_id, 'delivered');
  });
  afterAll(async () => {
    await Promise.all([t.close(), good.close(), lax.close(), rm(dir, { recursive: true })]);
  });
  const at = (): string[] => ['--url', t.url];

  it('writes JUnit XML: one suite per section, one test case per coverage id, violation and probe', async () => {
    const out = join(dir, 'report.xml');
    expect(await runCommand('report', '--format', 'junit', '--out', out, ...at())).toBe('');
    const text = await readFile(out, 'utf8');
    expect(XMLValidator.validate(text)).toBe(true);
    const doc = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '',
      isArray: (name) => ['testsuite', 'testcase'].includes(name),
    }).parse(text);
    const report = (await t.get('/__sandbox/report')).body;
    const suites = doc.testsuites.testsuite as any[];
    expect(suites.map((s) => s.name)).toEqual(['coverage', 'violations', 'probes', 'habits']);
    for (const s of suites) {
      const cases = (s.testcase ?? []) as any[];
      expect(Number(s.tests)).toBe(cases.length);
      expect(Number(s.failures)).toBe(cases.filter((c) => c.failure !== undefined).length);
      expect(Number(s.skipped)).toBe(cases.filter((c) => c.skipped !== undefined).length);
      for (const c of cases) expect(c.name).toEqual(expect.any(String));
    }
    const [coverage, violations, probes, habits] = suites;
    expect(coverage.testcase.map((c: any) => c.name)).toEqual(
      report.coverage.map((c: any) => c.id),
    );
    const delivered = coverage.testcase.find(
      (c: any) => c.name === 'webhook.order.delivered.acknowledged',
    );
    expect(delivered.failure).toBeUndefined();
    expect(delivered.skipped).toBeUndefined();
    // No violation: one passing case says so (with its request count).
    expect(violations.testcase).toHaveLength(1);
    expect(violations.testcase[0].failure).toBeUndefined();
    expect(violations.testcase[0]['system-out']).toMatch(/^none in \d+ requests$/);
    expect(probes.testcase).toHaveLength(1);
    expect(probes.testcase[0].failure).toBeUndefined();
    // Habits are warnings: cases without a failure unless --fail-on habits.
    expect((habits.testcase ?? []).map((c: any) => c.name)).toEqual(
      report.habits.map((h: any) => h.habit),
    );
    for (const c of habits.testcase ?? []) expect(c.failure).toBeUndefined();
    expect(Number(doc.testsuites.tests)).toBe(report.coverage.length + 2 + report.habits.length);
  });

  it('writes Markdown tables for $GITHUB_STEP_SUMMARY: summary, coverage, receivers, probes', async () => {
    const stdout = await runCommand('report', '--format', 'markdown', ...at());
    const tables = marked.lexer(stdout).filter((tk): tk is Tokens.Table => tk.type === 'table');
    const report = (await t.get('/__sandbox/report')).body;
    // Violations and habits are tables only when there are some.
    expect(tables).toHaveLength(4 + (report.habits.length > 0 ? 1 : 0));
    const [summary, coverage, receivers, probes] = tables as [
      Tokens.Table,
      Tokens.Table,
      Tokens.Table,
      Tokens.Table,
    ];
    expect(summary.rows.map((r) => r[0]!.text)).toEqual([
      'coverage',
      'violations',
      'habit warnings',
      'signature probes',
    ]);
    expect(coverage.rows).toHaveLength(report.coverage.length);
    const row = coverage.rows.find((r) => r[0]!.text === '`webhook.order.created.acknowledged`');
    expect(row?.[1]!.text).toBe('✅ covered');
    expect(receivers.rows).toHaveLength(1);
    expect(receivers.rows[0]![0]!.text).toContain(good.url);
    expect(receivers.rows[0]![1]!.text).toBe('4');
    expect(probes.rows[0]![1]!.text).toBe('✅ passed');
    expect(probes.header.map((h) => h.text)).toContain('wrong signature');
  });

  it('writes JSON: the report and why it fails', async () => {
    const stdout = await runCommand('report', '--json', ...at());
    const body = JSON.parse(stdout);
    expect(body.failures).toEqual([]);
    expect(body.coverage).toEqual((await t.get('/__sandbox/report')).body.coverage);
  });

  it('--fail-on signature exits 1 with a readable reason once a receiver accepts forged webhooks', async () => {
    await runCommand('report', '--fail-on', 'signature,violations', ...at()); // rejects on a failure
    lax.answer(200);
    laxId = (await t.post('/__sandbox/webhook-endpoints', { url: lax.url })).body.endpoint_id;
    const unprobed = await cli('report', '--fail-on', 'signature', ...at());
    expect(unprobed.code).toBe(1);
    expect(unprobed.stderr).toContain(`${lax.url} was never probed`);
    await t.post(`/__sandbox/webhook-endpoints/${laxId}/probe`);
    const out = join(dir, 'summary.md');
    const failed = await cli('report', '--fail-on', 'signature', '--out', out, ...at());
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain(`signature: ${lax.url} failed`);
    expect(failed.stderr).toContain('forged webhook');
    expect(await readFile(out, 'utf8')).toContain('**Failed (checked: signature): 1 reason;');
    expect(failed.stderr).toContain('report: Failed (checked: signature)');
    await t.delete(`/__sandbox/webhook-endpoints/${laxId}`);
  });

  it('--require FILE fails on a required situation not covered, and names a misspelt id', async () => {
    const file = join(dir, 'required.txt');
    await writeFile(file, '# what our team insists on\nwebhook.order.created.acknowledged\n\n');
    await runCommand('report', '--require', file, ...at()); // rejects on a failure
    await writeFile(
      file,
      'webhook.order.created.acknowledged\nwebhook.order.cancelled.acknowledged\norders.cancel.fee\n',
    );
    const missing = await cli('report', '--require', file, '--format', 'junit', ...at());
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(
      'coverage: webhook.order.cancelled.acknowledged is not covered',
    );
    expect(missing.stderr).toContain('coverage: orders.cancel.fee is not covered');
    expect(missing.stdout).toContain('<failure message="not covered"');
    await writeFile(
      file,
      'webhook.order.created.acknowledged\nwebhook.order.create.acknowledged\n',
    );
    const typo = await cli('report', '--require', file, ...at());
    expect(typo.code).toBe(1);
    expect(typo.stderr).toContain(
      `${file}:2: "webhook.order.create.acknowledged" is not a coverage id`,
    );
  });

  it("--trace-link links the run's trace from the JUnit report: each suite's property, each failure's attachment", async () => {
    const file = join(dir, 'required-trace.txt');
    await writeFile(file, 'webhook.order.cancelled.acknowledged\n');
    const args = ['--require', file, '--format', 'junit', '--trace-link', 'traces/run.jsonl.gz'];
    const { code, stdout } = await cli('report', ...args, ...at());
    expect(code).toBe(1);
    expect(XMLValidator.validate(stdout)).toBe(true);
    const properties = stdout.match(/<property name="trace" value="traces\/run\.jsonl\.gz"\/>/g);
    expect(properties).toHaveLength(4);
    const failures = stdout.match(/<failure /g)?.length ?? 0;
    expect(failures).toBeGreaterThan(0);
    expect(stdout.match(/\[\[ATTACHMENT\|traces\/run\.jsonl\.gz\]\]/g)).toHaveLength(failures);
  });

  it('without --fail-on says what it found and that it judges nothing, never "Passed"', async () => {
    await t.post('/v1/orders', { ...SAMPLE_ORDER, notes: 'x' });
    lax.answer(200);
    const id = (await t.post('/__sandbox/webhook-endpoints', { url: lax.url })).body.endpoint_id;
    await t.post(`/__sandbox/webhook-endpoints/${id}/probe`);
    const { code, stdout } = await cli('report', ...at());
    expect(code).toBe(0);
    expect(stdout).not.toContain('Passed');
    expect(stdout).toMatch(
      /\*\*Not judged: found \d+ violations?, .*\d+ probes? failed.*; not failing the run \(no --fail-on\)\.\*\*/,
    );
    const json = await cli('report', '--json', ...at());
    expect(JSON.parse(json.stdout).verdict).toMatch(/^Not judged: found \d+ violation/);
    expect(json.stderr).toMatch(/^report: Not judged: found \d+ violation/);
    const checked = await cli('report', '--fail-on', 'coverage', '--format', 'junit', ...at());
    expect(checked.stderr).toMatch(/^report: Failed \(checked: coverage\)/);
    await t.delete(`/__sandbox/webhook-endpoints/${id}`);
    await t.post('/__sandbox/report/reset');
  });

  it('refuses an unknown --fail-on check or --format', async () => {
    const bad = await cli('report', '--fail-on', 'signatures', ...at());
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('"signatures" is not one of violations, signature, coverage');
    expect((await cli('report', '--format', 'html', ...at())).code).not.toBe(0);
  });
});

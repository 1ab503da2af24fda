import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestSandbox } from './support/test-sandbox.js';
import { cli } from './support/cli-process.js';
import { runCommand } from './support/cli-in-process.js';
import { ControlClient } from '../src/cli/control-client.js';

describe('delivery-sandbox sandboxes and --sandbox, against a running server', () => {
  let t: TestSandbox;
  beforeAll(async () => {
    t = await TestSandbox.start({ adminToken: 'tok_cli' });
  });
  afterAll(() => t.close());
  const at = (): string[] => ['--url', t.url, '--admin-token', 'tok_cli'];
  const admin = { key: 'tok_cli' };
  const clockOf = async (path: string): Promise<string> =>
    (await t.get(`${path}/clock`, admin)).body.now;

  // The tests below run in order on one server: create, list, get, act with --sandbox, delete.
  let two: { name: string; accounts: unknown[]; clock: { now: string } };

  it('creates named sandboxes, printing their keys and URLs or the JSON answer', async () => {
    const created = await runCommand(
      'sandboxes',
      'create',
      'cli-one',
      '--scenario',
      'ci',
      '--seed',
      's1',
      '--clock',
      'manual',
      '--start',
      '2030-05-01T08:00:00Z',
      '--ttl',
      '30m',
      ...at(),
    );
    const lines = created.split('\n');
    expect(lines[0]).toMatch(
      /^cli-one: scenario "ci", seed "s1", manual clock at 2030-05-01T08:00:00\.000Z; expires \S+Z unless used$/,
    );
    expect(lines[1]).toMatch(
      /^ {2}acct_acme +Acme Eats +sk_test_sb-cli-one_[A-Za-z0-9]{24}, rk_test_sb-cli-one_[A-Za-z0-9]{24}$/,
    );
    expect(created).toContain(`  control    ${t.url}/__sandbox/sandboxes/cli-one\n`);

    const asJson = await runCommand(
      'sandboxes',
      'create',
      'cli-two',
      '--ttl',
      '1h',
      ...at(),
      '--json',
    );
    two = JSON.parse(asJson);
    expect(two).toMatchObject({ name: 'cli-two', scenario: 'ci' });
  });

  it('lists them, oldest first, and gets one', async () => {
    // One at a time: runCommand captures this process's stdout.
    const list = await runCommand('sandboxes', 'list', ...at());
    const asJson = await runCommand('sandboxes', 'list', ...at(), '--json');
    const got = await runCommand('sandboxes', 'get', 'cli-two', ...at(), '--json');
    expect(list).toMatch(/^cli-one {2}ci {2}manual 2030-05-01T08:00:00\.000Z {2}expires /);
    expect(list.split('\n')[1]).toMatch(/^cli-two {2}ci /);
    const listed = JSON.parse(asJson) as { name: string }[];
    expect(listed.map((s) => s.name)).toEqual(['cli-one', 'cli-two']);
    expect(JSON.parse(got).accounts).toEqual(two.accounts);
  });

  it("moves only that sandbox's clock with advance --sandbox or DELIVERY_SANDBOX_SANDBOX", async () => {
    const before = await clockOf('/__sandbox');
    const adv = await runCommand('advance', '10m', '--sandbox', 'cli-one', ...at());
    expect(adv).toBe('now 2030-05-01T08:10:00.000Z; 0 events fired\n');
    expect(await clockOf('/__sandbox/sandboxes/cli-one')).toBe('2030-05-01T08:10:00.000Z');
    expect(await clockOf('/__sandbox/sandboxes/cli-two')).toBe(two.clock.now);
    expect(await clockOf('/__sandbox')).toBe(before);

    // So does the environment's DELIVERY_SANDBOX_SANDBOX.
    process.env.DELIVERY_SANDBOX_SANDBOX = 'cli-one';
    try {
      const viaEnv = await runCommand('advance', '5m', ...at(), '--json');
      expect(JSON.parse(viaEnv).now).toBe('2030-05-01T08:15:00.000Z');
    } finally {
      delete process.env.DELIVERY_SANDBOX_SANDBOX;
    }
    expect(await clockOf('/__sandbox')).toBe(before);
  });

  it('deletes one; then get and --sandbox answer not found, exit 1', async () => {
    expect(await runCommand('sandboxes', 'delete', 'cli-two', ...at())).toBe('deleted cli-two\n');
    const gone = await cli('sandboxes', 'get', 'cli-two', ...at());
    expect(gone.code).toBe(1);
    expect(gone.stdout).toBe('');
    expect(gone.stderr).toMatch(/^delivery-sandbox: 404 not_found: .*cli-two.*\n$/);
    expect(gone.stderr.split('\n')).toHaveLength(2);
    expect((await cli('advance', '1m', '--sandbox', 'cli-two', ...at())).stderr).toMatch(
      /^delivery-sandbox: 404 not_found: .*cli-two/,
    );
  });

  it("reports a named sandbox's integration report with report --sandbox", async () => {
    const s = JSON.parse(await runCommand('sandboxes', 'create', 'cli-report', ...at(), '--json'));
    await t.createOrder({}, s.accounts[0].api_key);
    const stdout = await runCommand('report', '--json', '--sandbox', 'cli-report', ...at());
    const own = (await t.get('/__sandbox/sandboxes/cli-report/report', admin)).body;
    const dflt = (await t.get('/__sandbox/report', admin)).body;
    expect(JSON.parse(stdout).coverage).toEqual(own.coverage);
    expect(own.coverage).not.toEqual(dflt.coverage);
  });

  it("answers a bad name with the catalogue's message, on every command", async () => {
    const message =
      'The sandbox name "Bad_Name" is not allowed: use 1 to 40 characters of a-z, 0-9 and \'-\', starting with a letter or digit, such as checkout-test-1';
    const refused = await Promise.all(
      ['create', 'get', 'delete'].map((c) => cli('sandboxes', c, 'Bad_Name', ...at())),
    );
    for (const r of refused) {
      expect(r.code).toBe(1);
      expect(r.stderr).toBe(`delivery-sandbox: 400 invalid_request: ${message}\n`);
    }
    // --sandbox checks the name before sending anything, with the same message.
    const early = await Promise.all(
      [['advance', '1m'], ['deliveries'], ['report']].map((command) =>
        cli(...command, '--sandbox', 'Bad_Name', ...at()),
      ),
    );
    for (const r of early) {
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(message);
    }
    const speed = await cli('sandboxes', 'create', 'x', '--speed', 'fast', ...at());
    expect(speed.code).not.toBe(0);
    expect(speed.stderr).toContain('"fast" is not a number');
  });

  it('lists every sandbox, oldest first, across pages', async () => {
    const paged = new ControlClient(t.url, 'tok_cli', undefined, 2);
    const names = ['page-a', 'page-b', 'page-c', 'page-d', 'page-e'];
    for (const name of names) await paged.putSandbox(name, { ttl: '5m' });
    const listed = (await paged.listSandboxes()).map((s) => s.name);
    expect(listed.filter((n) => n.startsWith('page-'))).toEqual(names);
    expect(listed).toEqual(
      (await new ControlClient(t.url, 'tok_cli').listSandboxes()).map((s) => s.name),
    );
    await Promise.all(names.map((name) => paged.deleteSandbox(name)));
  });
});

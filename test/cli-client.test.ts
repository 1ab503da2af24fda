import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestSandbox, BUNDLED_SCENARIOS } from './support/test-sandbox.js';
import { cli } from './support/cli-process.js';
import { runCommand } from './support/cli-in-process.js';

describe('the client subcommands, against a running sandbox', () => {
  let t: TestSandbox;
  beforeAll(async () => {
    t = await TestSandbox.start({ adminToken: 'tok_cli' });
  });
  afterAll(() => t.close());
  const at = (): string[] => ['--url', t.url, '--admin-token', 'tok_cli'];

  it('advances the clock and lists what fired', async () => {
    const order = await t.createOrder();
    const stdout = await runCommand('advance', '30s', ...at());
    expect(stdout).toBe(
      `now 2026-01-01T12:00:30.000Z; 1 event fired\n  2026-01-01T12:00:30.000Z  order.driver_assigned  ${order.order_id}\n`,
    );
    const asJson = await runCommand('advance', '1', ...at(), '--json');
    expect(JSON.parse(asJson)).toEqual({ now: '2026-01-01T12:00:31.000Z', fired: [] });
  });

  it('triggers and cancels orders', async () => {
    const a = await t.createOrder();
    expect(await runCommand('trigger', a.order_id, ...at())).toBe(
      `${a.order_id}: driver_assigned\n`,
    );
    expect(await runCommand('trigger', a.order_id, 'delivered', ...at())).toBe(
      `${a.order_id}: delivered\n`,
    );
    const b = await t.createOrder();
    expect(
      await runCommand('cancel', b.order_id, '--by', 'restaurant', '--reason', 'closed', ...at()),
    ).toBe(`${b.order_id}: cancelled by restaurant\n`);
    expect((await t.get(`/v1/orders/${b.order_id}`)).body.cancellation.reason).toBe('closed');
  });

  it('lists deliveries and scenarios, and resets', async () => {
    expect(await runCommand('deliveries', ...at())).toBe('no deliveries\n');
    const scenarios = await runCommand('scenarios', ...at());
    expect(scenarios).toMatch(/^\* ci +Manual clock/m);
    expect(scenarios).toMatch(/^ {2}lunch-rush /m);
    expect(await runCommand('reset', '--seed', 'again', ...at())).toBe(
      'reset: scenario "ci", seed "again", now 2026-01-01T12:00:00.000Z\n' +
        '  acct_acme     Acme Eats         sk_test_ci_acme, rk_test_ci_acme\n' +
        '  acct_globex   Globex Kitchens   sk_test_ci_globex\n' +
        '  acct_initech  Initech Catering  sk_test_ci_initech\n',
    );
  });

  it("prints the new scenario's keys after reset --scenario", async () => {
    try {
      const stdout = await runCommand('reset', '--scenario', 'lunch-rush', ...at());
      expect(stdout.split('\n').slice(1)).toEqual([
        '  acct_lunch  Lunch Co  sk_test_lunch_rush, rk_test_lunch_rush',
        '',
      ]);
      const asJson = await runCommand('reset', '--scenario', 'two-accounts', ...at(), '--json');
      expect(JSON.parse(asJson).keys).toEqual([
        {
          account_id: 'acct_north',
          name: 'North Eats',
          api_keys: ['sk_test_north_eats', 'rk_test_north_eats'],
        },
        {
          account_id: 'acct_south',
          name: 'South Bites',
          api_keys: ['sk_test_south_bites', 'rk_test_south_bites'],
        },
      ]);
    } finally {
      await runCommand('reset', '--scenario', 'ci', ...at());
    }
  });

  it('lists only the attempts sent to one endpoint with deliveries --endpoint', async () => {
    const receiver = createServer((_req, res) => res.writeHead(200).end()).listen(0, '127.0.0.1');
    await once(receiver, 'listening');
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    try {
      const admin = { key: 'tok_cli' }; // the control plane takes the admin token as a bearer
      const add = (path: string) =>
        t.post('/__sandbox/webhook-endpoints', { url: `${url}${path}` }, admin).then((r) => r.body);
      const [a, b] = [await add('/a'), await add('/b')];
      const order = await t.createOrder();
      await t.post('/__sandbox/clock/advance', { by: '1s' }, admin);
      const only = await runCommand('deliveries', '--endpoint', b.endpoint_id, ...at(), '--json');
      const attempts = JSON.parse(only) as { endpoint_id: string; order_id: string }[];
      expect(attempts.length).toBeGreaterThan(0);
      expect(attempts.every((d) => d.endpoint_id === b.endpoint_id)).toBe(true);
      expect(attempts.some((d) => d.order_id === order.order_id)).toBe(true);
      const text = await runCommand('deliveries', '--endpoint', a.endpoint_id, ...at());
      expect(text).toContain(order.order_id);
      expect(text).not.toContain('/b');
      for (const e of [a, b])
        await t.delete(`/__sandbox/webhook-endpoints/${e.endpoint_id}`, admin);
    } finally {
      receiver.close();
    }
  });

  it('prints the control plane answer of scenarios and reset with --json', async () => {
    const scenarios = await runCommand('scenarios', ...at(), '--json');
    expect(JSON.parse(scenarios)).toMatchObject({
      scenarios: expect.arrayContaining([expect.objectContaining({ name: 'ci', current: true })]),
    });
    const reset = await runCommand('reset', '--seed', 'as-json', ...at(), '--json');
    expect(JSON.parse(reset)).toMatchObject({
      status: 'ok',
      scenario: 'ci',
      seed: 'as-json',
      clock: { mode: 'manual', now: '2026-01-01T12:00:00.000Z' },
    });
  });

  it.each([
    [['advance', 'soon'], /^delivery-sandbox: 400 invalid_request: by has the wrong format/],
    [['trigger', 'ord_nope'], /^delivery-sandbox: 404 not_found: No order with id "ord_nope"/],
    [['cancel', 'ord_nope'], /required option '--by <who>' not specified/],
  ])('fails with one line and a non-zero exit: %j', async (args, message) => {
    const { code, stderr } = await cli(...args, ...at());
    expect(code).not.toBe(0);
    expect(stderr.trim()).toMatch(message);
    expect(stderr.trim().split('\n')).toHaveLength(1);
  });

  it('says so when no sandbox answers, or the admin token is missing', async () => {
    const server = createServer().listen(0, '127.0.0.1');
    await once(server, 'listening');
    const closed = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await new Promise((resolve) => server.close(resolve));
    const gone = await cli('scenarios', '--url', closed);
    expect(gone.stderr.trim()).toBe(
      `delivery-sandbox: cannot reach a sandbox at ${closed} (ECONNREFUSED); start one, or pass --url`,
    );
    const noToken = await cli('scenarios', '--url', t.url);
    expect(noToken.stderr.trim()).toMatch(
      /^delivery-sandbox: 401 unauthorized: The control plane needs the admin token.*none was sent: pass --admin-token or set DELIVERY_SANDBOX_ADMIN_TOKEN/,
    );
  });

  it('tells a wrong admin token from a missing one', async () => {
    const wrong = await cli('scenarios', '--url', t.url, '--admin-token', 'tok_other');
    expect(wrong.code).toBe(1);
    expect(wrong.stderr.trim()).toMatch(
      /^delivery-sandbox: 401 unauthorized: The admin token sent is not this sandbox's.*is not the one this sandbox was started with\)$/,
    );
    expect(wrong.stderr).not.toMatch(/none was sent/);
  });

  it('says the connection was lost mid-request when the sandbox stops while answering', async () => {
    // A sandbox that reads the request and goes away before answering, as one stopped mid-advance.
    const server = createServer((req) => req.resume().on('end', () => req.socket.destroy()));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const { code, stderr } = await cli('advance', '10m', '--url', url);
      expect(code).toBe(1);
      expect(stderr.trim()).toMatch(
        new RegExp(
          `^delivery-sandbox: the connection to the sandbox at ${url} was lost during POST /__sandbox/clock/advance \\(\\w+\\): it was stopped or crashed before answering`,
        ),
      );
      expect(stderr).not.toMatch(/start one/);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('validate', () => {
  it('accepts every bundled scenario file', async () => {
    for (const name of BUNDLED_SCENARIOS) {
      const stdout = await runCommand('validate', `scenarios/${name}.yaml`);
      expect(stdout).toMatch(new RegExp(`^ok: scenarios/${name}\\.yaml is scenario "${name}"`));
    }
  });

  it('answers --json: the counts of a good file, every problem of a broken one (exit 1)', async () => {
    const good = await cli('validate', 'scenarios/ci.yaml', '--json');
    expect(good.code).toBe(0);
    expect(JSON.parse(good.stdout)).toEqual({
      ok: true,
      file: 'scenarios/ci.yaml',
      scenario: 'ci',
      accounts: 3,
      drivers: expect.any(Number),
      orders: expect.any(Number),
      script_steps: expect.any(Number),
    });
    const broken = await cli('validate', 'test/fixtures/broken-scenario.yaml', '--json');
    expect(broken.code).toBe(1);
    expect(broken.stderr).toBe('');
    expect(JSON.parse(broken.stdout)).toEqual({
      ok: false,
      file: 'test/fixtures/broken-scenario.yaml',
      problems: ['drivers.vehicles: unknown field "rocket"; remove it or check its spelling'],
    });
  });

  it('rejects a broken file with one line naming the file, the path and the fix', async () => {
    const { code, stderr } = await cli('validate', 'test/fixtures/broken-scenario.yaml');
    expect(code).toBe(1);
    expect(stderr).toBe(
      'delivery-sandbox: ' +
        process.cwd() +
        '/test/fixtures/broken-scenario.yaml: drivers.vehicles: unknown field "rocket"; remove it or check its spelling\n',
    );
  });
});

import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_KEY, type ScenarioFile } from '../src/index.js';
import { bannerUrl } from './support/cli-process.js';
import {
  contractFetch,
  expectError,
  SAMPLE_ORDER,
  TestSandbox,
  type Reply,
} from './support/test-sandbox.js';

const put = (t: TestSandbox, name: string, body?: unknown): Promise<Reply<any>> =>
  t.request('PUT', `/__sandbox/sandboxes/${name}`, { body, key: null });

/** A small ci-like scenario whose script places one order a minute after the start. */
const scriptedScenario = (name: string): ScenarioFile => ({
  name,
  seed: name,
  accounts: [{ id: 'acct_shop', name: 'Shop', api_keys: ['sk_test_shop_key', 'rk_test_shop_key'] }],
  drivers: { count: 5 },
  clock: { mode: 'manual', start: '2026-01-01T12:00:00.000Z' },
  script: [
    {
      at: '1m',
      do: 'create_order',
      ref: 'first',
      account: 'acct_shop',
      order: {
        pickup: SAMPLE_ORDER.pickup,
        dropoff: SAMPLE_ORDER.dropoff,
        items: SAMPLE_ORDER.items,
      },
    },
  ],
});

describe('named sandboxes over the control plane', () => {
  let t: TestSandbox;
  beforeAll(async () => {
    t = await TestSandbox.start({ maxSandboxes: 3 });
  });
  afterAll(() => t.close());

  it('creates a sandbox (201), answers it with its keys and urls, and replaces it (200) with new keys', async () => {
    const created = await put(t, 'checkout', {
      scenario: 'ci',
      seed: 7,
      clock: { start: '2030-05-01T08:00:00Z' },
      ttl: '10m',
    });
    expect(created.status).toBe(201);
    const host = new URL(t.url).host;
    expect(created.body).toMatchObject({
      name: 'checkout',
      scenario: 'ci',
      seed: '7',
      clock: { mode: 'manual', speed: 1, now: '2030-05-01T08:00:00.000Z' },
      urls: {
        api: `http://${host}/v1`,
        control: `http://${host}/__sandbox/sandboxes/checkout`,
        stream: `ws://${host}/__sandbox/sandboxes/checkout/stream`,
        dashboard: `http://${host}/?sandbox=checkout`,
      },
    });
    const { created_at, expires_at, accounts } = created.body;
    expect(Date.parse(expires_at) - Date.parse(created_at)).toBe(10 * 60 * 1000);
    expect(accounts.map((a: any) => a.account_id)).toEqual([
      'acct_acme',
      'acct_globex',
      'acct_initech',
    ]);
    expect(accounts[0].read_only_key).toMatch(/^rk_test_sb-checkout_/);
    expect(accounts[1].read_only_key).toBeNull();
    for (const a of accounts) expect(SANDBOX_KEY.exec(a.api_key)?.[1]).toBe('checkout');

    const replaced = await put(t, 'checkout');
    expect(replaced.status).toBe(200);
    expect(replaced.body.accounts[0].api_key).not.toBe(accounts[0].api_key);
    expect(replaced.body.seed).toBe('ci');
    expect((await t.delete('/__sandbox/sandboxes/checkout', { key: null })).status).toBe(204);
  });

  it('lists, reads and deletes sandboxes; a deleted one is 404', async () => {
    for (const name of ['one', 'two']) expect((await put(t, name)).status).toBe(201);
    const list = await t.get('/__sandbox/sandboxes', { key: null });
    expect(list.status).toBe(200);
    expect(list.body.sandboxes.map((s: any) => s.name)).toEqual(['one', 'two']);
    expect(list.body.has_more).toBe(false);
    const paged = await t.get('/__sandbox/sandboxes?limit=1', { key: null });
    expect(paged.body).toMatchObject({ sandboxes: [{ name: 'two' }], has_more: true });

    const one = await t.get('/__sandbox/sandboxes/one', { key: null });
    expect(one.body.name).toBe('one');
    const gone = await t.delete('/__sandbox/sandboxes/one', { key: null });
    expect(gone.status).toBe(204);
    expect(gone.text).toBe('');
    expectError(await t.get('/__sandbox/sandboxes/one', { key: null }), 404, 'not_found', {
      reason: 'sandbox_not_found',
      param: 'name',
    });
    expectError(await t.delete('/__sandbox/sandboxes/one', { key: null }), 404, 'not_found', {
      reason: 'sandbox_not_found',
    });
    await t.delete('/__sandbox/sandboxes/two', { key: null });
  });

  it('refuses a sandbox past --max-sandboxes with 409 and touches none of those there', async () => {
    for (const name of ['a', 'b', 'c']) expect((await put(t, name)).status).toBe(201);
    const before = (await t.get('/__sandbox/sandboxes/a', { key: null })).body;
    const refused = await put(t, 'd');
    expectError(refused, 409, 'invalid_request', { reason: 'too_many_sandboxes', param: 'name' });
    expect(refused.body.error.message).toMatch(/--max-sandboxes 3/);
    const after = (await t.get('/__sandbox/sandboxes', { key: null })).body.sandboxes;
    expect(after.map((s: any) => s.name)).toEqual(['a', 'b', 'c']);
    expect(after[0].accounts).toEqual(before.accounts);
    for (const name of ['a', 'b', 'c'])
      await t.delete(`/__sandbox/sandboxes/${name}`, { key: null });
  });

  it.each([
    ['Bad_Name', 'name', 'invalid_sandbox_name'],
    ['default', 'name', 'invalid_sandbox_name'],
    [`n${'x'.repeat(40)}`, 'name', 'invalid_sandbox_name'],
  ])('refuses the name %s with 400 naming the rule', async (name, param, reason) => {
    const res = await put(t, name);
    expectError(res, 400, 'invalid_request', { param, reason });
  });

  it.each([['8d'], ['0.5s'], [0]])('refuses the ttl %j with 400 ttl', async (ttl) => {
    expectError(await put(t, 'ttl', { ttl }), 400, 'invalid_request', {
      param: 'ttl',
      reason: 'invalid_ttl',
    });
  });

  it('refuses a malformed body with 400 naming the field', async () => {
    const res = await put(t, 'body', { ttl: 'soon', colour: 'red' });
    expectError(res, 400, 'invalid_request', { reason: null });
    const params = res.body.error.details.map((d: any) => d.param).sort();
    expect(params).toEqual(['colour', 'ttl']);
  });

  it('refuses a bad scenario as a reset does, and never reads a path sent over HTTP', async () => {
    for (const scenario of ['nope', './scenarios/ci.yaml', { name: 'x' }]) {
      const res = await put(t, 'scn', { scenario });
      const reset = await t.post('/__sandbox/reset', { scenario }, { key: null });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({
        code: reset.body.error.code,
        reason: reset.body.error.reason,
        param: reset.body.error.param,
        message: reset.body.error.message,
      });
    }
    expect((await t.get('/__sandbox/sandboxes', { key: null })).body.sandboxes).toEqual([]);
  });

  it('keeps the default sandbox as it was', async () => {
    await put(t, 'side', { scenario: 'two-accounts' });
    const health = await t.get('/__sandbox/health', { key: null });
    expect(health.body.scenario).toBe('ci');
    expect((await t.createOrder()).status).toBe('pending');
    await t.delete('/__sandbox/sandboxes/side', { key: null });
  });
});

describe('named sandboxes behind the admin token', () => {
  it('answers 401 without the token, and serves with it', async () => {
    const t = await TestSandbox.start({ adminToken: 'admin-secret' });
    try {
      expectError(await put(t, 'locked'), 401, 'unauthorized');
      const res = await t.request('PUT', '/__sandbox/sandboxes/locked', {
        key: 'admin-secret',
      });
      expect(res.status).toBe(201);
    } finally {
      await t.close();
    }
  });
});

describe('named sandboxes from startSandbox', () => {
  let t: TestSandbox;
  beforeAll(async () => {
    t = await TestSandbox.start();
  });
  afterAll(() => t.close());

  it('gives each sandbox its own orders and its own clock', async () => {
    const a = await t.sandbox.sandboxes.create('left', { scenario: scriptedScenario('left') });
    const b = await t.sandbox.sandboxes.create('right', { scenario: scriptedScenario('right') });
    expect(a.url).toBe(t.url);
    expect(SANDBOX_KEY.exec(a.apiKey)?.[1]).toBe('left');
    expect(SANDBOX_KEY.exec(b.apiKey)?.[1]).toBe('right');

    await a.clock.advance('2m');
    const [created] = a.events({ event: 'order.created' });
    expect(created).toBeDefined();
    expect(b.events()).toEqual([]);
    expect(b.clock.now()).toBe(Date.parse('2026-01-01T12:00:00.000Z'));
    expect(a.clock.now()).toBe(Date.parse('2026-01-01T12:02:00.000Z'));

    const orderId = created!.data.order.order_id;
    expect((await a.advanceOrder(orderId, 'picked_up')).status).toBe('picked_up');
    await expect(b.advanceOrder(orderId)).rejects.toMatchObject({ reason: 'order_not_found' });

    await b.clock.advance('30m');
    expect(b.events({ event: 'order.created' })).toHaveLength(1);
    expect(a.clock.now()).toBe(Date.parse('2026-01-01T12:02:00.000Z'));
    // The default sandbox saw none of it.
    expect(t.sandbox.events()).toEqual([]);
    expect(t.sandbox.sandboxes.list().map((s) => s.name)).toEqual(['left', 'right']);

    await a.reset();
    expect(a.apiKey).toBe(a.keys[0]!.api_keys[0]);
    expect(SANDBOX_KEY.exec(a.apiKey)?.[1]).toBe('left');
    await a.delete();
    expect(t.sandbox.sandboxes.get('left')).toBeUndefined();
    expect(() => a.events()).toThrow(/No sandbox named "left"/);
    await t.sandbox.sandboxes.delete('right');
  });

  it('closes its named sandboxes when the server closes', async () => {
    const own = await TestSandbox.start();
    const handle = await own.sandbox.sandboxes.create('leftover');
    await own.close();
    expect(own.sandbox.sandboxes.list()).toEqual([]);
    expect(() => handle.clock.now()).toThrow(/No sandbox named/);
  });
});

describe('named sandboxes from the command line', () => {
  it('takes the limit from DELIVERY_SANDBOX_MAX_SANDBOXES', async () => {
    const child = spawn(
      process.execPath,
      ['dist/cli.js', '--port', '0', '--scenario', 'ci', '--log-level', 'silent'],
      { env: { ...process.env, DELIVERY_SANDBOX_MAX_SANDBOXES: '1' } },
    );
    try {
      const url = await bannerUrl(child);
      const putAt = (name: string) =>
        contractFetch(`${url}/__sandbox/sandboxes/${name}`, { method: 'PUT' });
      expect((await putAt('first')).status).toBe(201);
      const refused = await putAt('second');
      expectError(refused, 409, 'invalid_request', { reason: 'too_many_sandboxes' });
      expect(refused.body.error.message).toMatch(/--max-sandboxes 1\)/);
    } finally {
      child.kill('SIGKILL');
    }
  });
});

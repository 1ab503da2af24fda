import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  bundledScenarioNames,
  loadBundledScenario,
  loadScenario,
  parseScenario,
  ScenarioError,
} from './load-scenario.js';
import type * as LoadScenario from './load-scenario.js';

const dir = mkdtempSync(join(tmpdir(), 'scenario-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const write = (name: string, text: string): string => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const minimal = { name: 'x', accounts: [{ id: 'acct_x', api_keys: ['sk_test_xxxx'] }] };
/** The message parseScenario throws for `data`, or "no error". */
const messageOf = (data: unknown): string => {
  try {
    parseScenario(data, 'my.yaml');
    return 'no error';
  } catch (err) {
    return (err as Error).message;
  }
};

describe('loading scenarios', () => {
  it('loads every bundled scenario', async () => {
    expect(bundledScenarioNames()).toEqual(expect.arrayContaining(['ci', 'default']));
    for (const name of bundledScenarioNames()) {
      expect((await loadScenario(name)).name).toBe(name);
      expect(loadBundledScenario(name)).toStrictEqual(await loadScenario(name));
    }
  });

  it('fills every default of a minimal scenario', () => {
    const s = parseScenario(minimal);
    expect(s.seed).toBe('x');
    expect(s.timing).toEqual({
      assign_after: 30_000,
      pickup_wait: 120_000,
      no_driver_timeout: 600_000,
    });
    expect(s.dispatch.radius_km).toBe(5);
    expect(s.fees.cancellation_percent).toBe(50);
    expect(s.rules.cancel_after_pickup).toBe('invalid_request');
    expect(s.clock).toEqual({ mode: 'realtime', speed: 1, start: undefined });
  });

  it('resolves each bundled scenario in a build (prebuilt JSON) exactly as from its source', async () => {
    const dist = new URL('../../dist/scenarios/load-scenario.js', import.meta.url).href;
    const built = (await import(dist)) as typeof LoadScenario; // built by the global setup
    for (const name of bundledScenarioNames())
      expect(await built.loadScenario(name)).toStrictEqual(await loadScenario(name));
  });

  it('fills defaults into a copy, leaving the object it is given as it was', () => {
    const data = { ...minimal, city: {}, drivers: { count: 1 }, webhooks: { endpoints: [] } };
    const before = structuredClone(data);
    expect(parseScenario(data).city.radius_km).toBe(8);
    expect(data).toStrictEqual(before);
  });

  it('loads a scenario file by path, YAML or JSON', async () => {
    const a = write('a.yaml', 'name: a\naccounts: [{ id: acct_a, api_keys: [sk_test_aaaa] }]\n');
    expect((await loadScenario(a)).name).toBe('a');
    const b = write('b.json', JSON.stringify({ ...minimal, name: 'b' }));
    expect((await loadScenario(b)).name).toBe('b');
  });

  it.each([
    [{ ...minimal, colour: 'red' }, /\(top level\): unknown field "colour"; remove it/],
    [
      { ...minimal, accounts: [{ id: 'acct_x', api_keys: ['sk_live_xxxx'] }] },
      /accounts\.0\.api_keys\.0: .*pattern/,
    ],
    [{ ...minimal, clock: { mode: 'fast' } }, /clock\.mode: must be one of "realtime", "manual"/],
    [{ ...minimal, clock: { start: '1999-12-31T23:59:59Z' } }, /clock\.start: .*2000-01-01/],
    [{ ...minimal, clock: { start: '2200-01-01T00:00:01Z' } }, /clock\.start: .*2200-01-01/],
    [{ ...minimal, timing: { assign_after: '10 minutes' } }, /timing\.assign_after/],
    [{ name: 'x' }, /"accounts" is required; add it/],
    [
      { ...minimal, script: [{ do: 'cancel_order', order: 'lunch', by: 'restaurant' }] },
      /script\.0\.order: no order with ref "lunch"; define it with ref: lunch/,
    ],
    [{ ...minimal, script: [{ do: 'advance_order' }] }, /script\.0: "order" is required; add it/],
    [
      {
        ...minimal,
        drivers: { list: [{ id: 'drv_x', location: { lat: 37.77, lng: -122.42 } }] },
        script: [{ at: 'noon', do: 'driver_online', driver: 'drv_x' }],
      },
      /script\.0\.at: "noon" is neither a duration/,
    ],
    [
      {
        ...minimal,
        orders: [
          { account: 'acct_nope', order: { pickup: { address: 'a' }, dropoff: { address: 'b' } } },
        ],
      },
      /orders\.0\.account: no account "acct_nope"; use one of acct_x/,
    ],
    [
      { ...minimal, script: [{ do: 'launch_rocket' }] },
      /script\.0\.do: must be one of "create_order"/,
    ],
    [
      { ...minimal, accounts: [minimal.accounts[0], { id: 'acct_y', api_keys: ['sk_test_xxxx'] }] },
      /appears twice/,
    ],
  ])(
    'refuses a broken scenario with one line naming the path and the fix (%#)',
    (data, message) => {
      expect(() => parseScenario(data, 'my.yaml')).toThrow(ScenarioError);
      try {
        parseScenario(data, 'my.yaml');
      } catch (err) {
        expect((err as Error).message).toMatch(/^my\.yaml: /);
        expect((err as Error).message).toMatch(message);
        expect((err as Error).message).not.toContain('\n');
      }
    },
  );

  it('names a script step whose driver does not exist (not only a warning when it runs)', () => {
    const step = { at: '1m', do: 'driver_offline', driver: 'drv_nobody' };
    expect(() => parseScenario({ ...minimal, script: [step] }, 'my.yaml')).toThrow(
      'my.yaml: script.0.driver: no driver "drv_nobody"; name one of drivers.list by its id',
    );
    const listed = { id: 'drv_nobody', location: { lat: 37.77, lng: -122.42 } };
    expect(
      parseScenario({ ...minimal, drivers: { list: [listed] }, script: [step] }).script,
    ).toHaveLength(1);
  });

  it('reports every schema problem at once, one line each, alternatives on one line', () => {
    const data = {
      ...minimal,
      colour: 'red',
      clock: { mode: 'fast' },
      timing: { assign_after: '10 minutes' },
    };
    const [first, ...problems] = messageOf(data).split('\n');
    expect(first).toBe('my.yaml: 3 problems:');
    expect(problems).toEqual(
      expect.arrayContaining([
        '  (top level): unknown field "colour"; remove it or check its spelling',
        '  clock.mode: must be one of "realtime", "manual"; got "fast"',
        expect.stringMatching(
          /^ {2}timing\.assign_after: must be number, or must match pattern .*; got "10 minutes"$/,
        ),
      ]),
    );
    expect(problems).toHaveLength(3);
  });

  it('reports the schema and the reference problems in one run, quoting each value, with a did-you-mean', () => {
    const data = {
      name: 'x',
      acounts: minimal.accounts,
      clock: { mode: 'manuel', speed: -5 },
      script: [
        { at: '1m', do: 'advance_order', order: 'lunch', to: 'delivred' },
        { at: 'noon', do: 'advance_order', order: 'lnch' },
      ],
      orders: [
        {
          ref: 'lunch',
          account: 'acct_x',
          order: { pickup: { address: 'a' }, dropoff: { address: 'b' } },
        },
      ],
    };
    const [first, ...problems] = messageOf(data).split('\n');
    expect(first).toBe('my.yaml: 7 problems:');
    expect(problems.sort()).toEqual(
      [
        '  (top level): "accounts" is required; add it',
        '  (top level): unknown field "acounts"; did you mean "accounts"?',
        '  clock.mode: must be one of "realtime", "manual"; got "manuel"; did you mean "manual"?',
        '  clock.speed: must be > 0; got -5',
        '  script.0.to: must be one of "driver_assigned", "picked_up", "delivered"; got "delivred"; did you mean "delivered"?',
        '  script.1.at: "noon" is neither a duration from the start ("5m", "1h30m") nor an ISO time ("2026-01-01T12:05:00Z")',
        '  script.1.order: no order with ref "lnch"; did you mean "lunch"?',
      ].sort(),
    );
  });

  it('reports every reference problem at once', () => {
    const script = [
      { at: '1m', do: 'cancel_order', order: 'lunch', by: 'restaurant', account: 'acct_nope' },
      { at: '2m', do: 'driver_online', driver: 'drv_nobody' },
    ];
    expect(() => parseScenario({ ...minimal, script }, 'my.yaml')).toThrow(
      [
        'my.yaml: 3 problems:',
        '  script.0.account: no account "acct_nope"; use one of acct_x',
        '  script.0.order: no order with ref "lunch"; define it with ref: lunch in orders or a create_order step',
        '  script.1.driver: no driver "drv_nobody"; name one of drivers.list by its id (give it one: id: drv_nobody)',
      ].join('\n'),
    );
  });

  it('shows a YAML syntax error with the line, an excerpt and a caret', async () => {
    const file = write(
      'syntax.yaml',
      'name: x\naccounts:\n  - id: acct_x\n    api_keys: [sk_test_xxxx\nseed: 1\n',
    );
    const err = await loadScenario(file).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    const lines = err?.message.split('\n') ?? [];
    expect(lines[0]).toMatch(
      new RegExp(`^${file}: not valid YAML: .+ \\(line \\d+, column \\d+\\):$`),
    );
    expect(lines.slice(1).join('\n')).toMatch(/\d+ \| .+\n +\| +\^/);
  });

  it('says which scenarios exist when a name is unknown', async () => {
    await expect(loadScenario('nope')).rejects.toThrow(
      /scenario "nope" not found: give a bundled name \(.*ci.*\)/,
    );
  });

  it('reports invalid YAML naming the file', async () => {
    await expect(loadScenario(write('bad.yaml', 'name: [unclosed\n'))).rejects.toThrow(
      /bad\.yaml: not valid YAML/,
    );
  });
});

describe('scenarios nested too deep', () => {
  it('refuses a scenario object nested 400 000 deep with a ScenarioError, not a RangeError', () => {
    let deep: unknown = [];
    for (let i = 0; i < 400_000; i++) deep = [deep];
    expect(messageOf({ ...minimal, description: deep })).toBe(
      'my.yaml: nests arrays and objects deeper than 64 levels; no scenario needs as many, flatten it',
    );
  });

  it.each([
    ['deep.yaml', `name: ${'['.repeat(5_000)}${']'.repeat(5_000)}\n`],
    ['deep.json', `{"name": ${'['.repeat(100_000)}${']'.repeat(100_000)}}`],
  ])('refuses %s before parsing it, naming the limit', async (name, text) => {
    await expect(loadScenario(write(name, text))).rejects.toThrow(
      /deep\.(yaml|json): nests arrays and objects deeper than 64 levels/,
    );
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { API_KEY_SHAPE, SANDBOX_KEY } from '../domain/api-key.js';
import { bundledScenarioNames, loadBundledScenario } from '../scenarios/load-scenario.js';
import { resolveConfig, type SandboxOptions } from './config.js';
import { SandboxHost } from './sandbox-host.js';
import { SandboxRegistry } from './sandbox-registry.js';

/** A manual real-time source: tests move it, nothing sleeps. */
function manualTime(start = Date.UTC(2026, 0, 1)): {
  now: () => number;
  pass: (ms: number) => void;
} {
  let t = start;
  return { now: () => t, pass: (ms) => void (t += ms) };
}

const open: SandboxRegistry[] = [];

async function registry(
  options: SandboxOptions = {},
  time = manualTime(),
): Promise<SandboxRegistry> {
  const config = resolveConfig({ scenario: 'ci', ...options });
  const r = new SandboxRegistry(config, await SandboxHost.open(config), time.now);
  open.push(r);
  return r;
}

afterEach(async () => {
  for (const r of open.splice(0)) {
    await r.close();
    await r.defaultHost.close();
  }
});

const keysOf = (host: SandboxHost): string[] =>
  host.current.scenario.accounts.flatMap((a) => a.api_keys);

describe('the sandbox registry', () => {
  it("gives a named sandbox's accounts keys that name it, read-only staying read-only", async () => {
    const r = await registry();
    const { created, host } = await r.open('checkout-1', { scenario: 'ci' });
    expect(created).toBe(true);
    const accounts = host.current.scenario.accounts.map((a) => a.api_keys);
    expect(accounts.map((keys) => keys.map((k) => k.slice(0, 2)))).toEqual([
      ['sk', 'rk'],
      ['sk'],
      ['sk'],
    ]);
    for (const key of accounts.flat()) {
      expect(SANDBOX_KEY.exec(key)?.[1]).toBe('checkout-1');
      expect(API_KEY_SHAPE.test(key)).toBe(false);
      expect(host.current.keys.find(key)).toBeDefined();
    }
    expect(new Set(accounts.flat()).size).toBe(4);
    // The scenario's own keys open nothing there.
    expect(host.current.keys.find('sk_test_ci_acme')).toBeUndefined();
  });

  it("never takes a bundled scenario's key for a named sandbox's", () => {
    for (const name of bundledScenarioNames())
      for (const account of loadBundledScenario(name).accounts)
        for (const key of account.api_keys) expect(SANDBOX_KEY.test(key)).toBe(false);
  });

  it('resolves a key to its sandbox, the default sandbox for other keys, and gone once deleted', async () => {
    const r = await registry();
    const a = (await r.open('a', {})).host;
    const b = (await r.open('b', {})).host;
    const [keyA] = keysOf(a);
    const [keyB] = keysOf(b);
    expect(r.resolveKey(keyA!)).toBe(a);
    expect(r.resolveKey(keyB!)).toBe(b);
    expect(r.resolveKey('sk_test_ci_acme')).toBeUndefined();
    expect(r.resolveKey('not a key')).toBeUndefined();
    expect(r.resolveKey(`sk_test_sb-nobody_${'x'.repeat(24)}`)).toBe('gone');
    await r.delete('a');
    expect(r.resolveKey(keyA!)).toBe('gone');
    expect(r.resolveKey(keyB!)).toBe(b);
  });

  it('keeps its keys through a reset, and draws new ones when replaced', async () => {
    const r = await registry();
    const first = (await r.open('s', {})).host;
    const before = keysOf(first);
    await first.reset({ scenario: 'ci' });
    expect(keysOf(first)).toEqual(before);
    const { created, host: second } = await r.open('s', {});
    expect(created).toBe(false);
    const after = keysOf(second);
    expect(after.some((k) => before.includes(k))).toBe(false);
    // The old key names a live sandbox, whose world no longer knows it (a 401 there).
    expect(r.resolveKey(before[0]!)).toBe(second);
    expect(second.current.keys.find(before[0]!)).toBeUndefined();
  });

  it('gives each sandbox ids of its own, the same on every run for the same names', async () => {
    const firstIds = async (r: SandboxRegistry, name: string): Promise<string> =>
      (await r.open(name, { scenario: 'ci' })).host.current.ids.next('ord');
    const run1 = await registry();
    const a = await firstIds(run1, 'a');
    const b = await firstIds(run1, 'b');
    expect(a).not.toBe(b);
    expect(a).not.toBe(run1.defaultHost.current.ids.next('ord'));
    await run1.delete('a');
    const again = await firstIds(run1, 'a');
    expect(again).not.toBe(a);
    // Another run (a fresh server) making the same sandboxes issues the same ids.
    const run2 = await registry();
    expect(await firstIds(run2, 'a')).toBe(a);
    expect(await firstIds(run2, 'b')).toBe(b);
  });

  it('is gone once its ttl of real time passes without a use, even before a sweep', async () => {
    const time = manualTime();
    const r = await registry({}, time);
    const { host } = await r.open('short', { ttl: '10s' });
    const [key] = keysOf(host);
    time.pass(9_000);
    expect(r.get('short')).toBe(host); // a use: the ttl starts again
    time.pass(9_000);
    expect(r.resolveKey(key!)).toBe(host);
    time.pass(10_000);
    expect(r.resolveKey(key!)).toBe('gone');
    expect(r.get('short')).toBeUndefined();
    expect(r.list()).toEqual([]);
  });

  it('sweeps expired sandboxes away like a delete, and keeps the others', async () => {
    const time = manualTime();
    const r = await registry({}, time);
    const brief = (await r.open('brief', { ttl: 1 })).host;
    await r.open('long', { ttl: '1h' });
    time.pass(1_000);
    await r.sweep();
    expect(r.list().map((s) => s.name)).toEqual(['long']);
    // Disposed: its world takes no more writes.
    await expect(brief.current.store.commit()).rejects.toThrow();
  });

  it('refuses a sandbox past the limit and touches none of those there', async () => {
    const r = await registry({ maxSandboxes: 2 });
    const a = (await r.open('a', {})).host;
    await r.open('b', {});
    await expect(r.open('c', {})).rejects.toMatchObject({
      reason: 'too_many_sandboxes',
      status: 409,
    });
    // Replacing one is not one more.
    const { created } = await r.open('b', {});
    expect(created).toBe(false);
    expect(r.list().map((s) => s.name)).toEqual(['a', 'b']);
    expect(r.get('a')).toBe(a);
  });

  it.each([
    ['Upper', 'name', 'invalid_sandbox_name'],
    ['-lead', 'name', 'invalid_sandbox_name'],
    ['x'.repeat(41), 'name', 'invalid_sandbox_name'],
    ['default', 'name', 'invalid_sandbox_name'],
  ])('refuses the name %j', async (name, param, reason) => {
    const r = await registry();
    await expect(r.open(name, {})).rejects.toMatchObject({ param, reason, status: 400 });
    expect(r.list()).toEqual([]);
  });

  it.each([['0s'], ['999ms'], ['8d'], ['soon'], [-1]])('refuses the ttl %j', async (ttl) => {
    const r = await registry();
    await expect(r.open('t', { ttl })).rejects.toMatchObject({
      param: 'ttl',
      reason: 'invalid_ttl',
    });
  });

  it('refuses a scenario path as a reset does, and a scenario that does not validate', async () => {
    const r = await registry();
    await expect(r.open('p', { scenario: './scenarios/ci.yaml' })).rejects.toMatchObject({
      reason: 'invalid_scenario',
      message: expect.stringMatching(/no bundled scenario/),
    });
    await expect(r.open('p', { scenario: { name: 'x' } as never })).rejects.toMatchObject({
      reason: 'invalid_scenario',
      param: 'scenario',
    });
    expect(r.list()).toEqual([]);
  });

  it('closes every named sandbox when it closes', async () => {
    const r = await registry();
    const a = (await r.open('a', {})).host;
    await r.close();
    expect(r.list()).toEqual([]);
    await expect(a.current.store.commit()).rejects.toThrow();
    await expect(r.open('b', {})).rejects.toMatchObject({ reason: 'shutting_down' });
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../sandbox/sandbox.js';
import { formatBanner } from './banner.js';

const running: Sandbox[] = [];
const start = async (...args: Parameters<typeof startSandbox>): Promise<Sandbox> => {
  const sandbox = await startSandbox(...args);
  running.push(sandbox);
  return sandbox;
};
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

describe('the start banner', () => {
  it("shows the scenario, the URLs, every account's keys, the manual clock and a curl line to try", async () => {
    const sandbox = await start({ scenario: 'ci' });
    const { url } = sandbox;
    expect(formatBanner(sandbox, { version: '1.2.3' }).split('\n')).toEqual([
      'delivery-sandbox 1.2.3: scenario "ci", seed "ci"',
      `  Dashboard  ${url}/   (open it in a browser)`,
      `  API        ${url}/v1`,
      '  API key    sk_test_ci_acme   (read-only: rk_test_ci_acme)',
      '  Accounts   acct_acme     Acme Eats         sk_test_ci_acme, rk_test_ci_acme',
      '             acct_globex   Globex Kitchens   sk_test_ci_globex',
      '             acct_initech  Initech Catering  sk_test_ci_initech',
      `  Docs       ${url}/openapi.json`,
      `  Control    ${url}/__sandbox   (docs: ${url}/__sandbox/openapi.json)`,
      `  Sandboxes  a world of its own per test: PUT ${url}/__sandbox/sandboxes/{name}`,
      '  Clock      manual (advance it with the control plane), now 2026-01-01T12:00:00.000Z',
      `  Try        curl -H "Authorization: Bearer sk_test_ci_acme" "${url}/v1/drivers/available?lat=37.7749&lng=-122.4194"`,
      'Press Ctrl+C to stop.',
    ]);
  });

  it('shows no account list when the API key line already shows every key', async () => {
    const sandbox = await start({ scenario: 'lunch-rush', clock: 'manual' });
    const banner = formatBanner(sandbox, { version: '1.2.3' });
    expect(banner).toContain('  API key    sk_test_lunch_rush   (read-only: rk_test_lunch_rush)\n');
    expect(banner).not.toContain('Accounts');
  });

  it('lists the first five accounts and says how many more there are and where', async () => {
    const ci = (await start({ scenario: 'ci' })).scenario;
    const accounts = Array.from({ length: 7 }, (_, i) => ({
      id: `acct_${i}`,
      name: `Account ${i}`,
      api_keys: [`sk_test_many_${i}`],
    }));
    const { city, seed } = ci;
    const sandbox = await start({ scenario: { name: 'many', seed, city, accounts } });
    const lines = formatBanner(sandbox, { version: '1.2.3' }).split('\n');
    expect(lines.slice(4, 10)).toEqual([
      '  Accounts   acct_0  Account 0  sk_test_many_0',
      '             acct_1  Account 1  sk_test_many_1',
      '             acct_2  Account 2  sk_test_many_2',
      '             acct_3  Account 3  sk_test_many_3',
      '             acct_4  Account 4  sk_test_many_4',
      "             … and 2 more accounts: the scenario file's accounts, or reset --json",
    ]);
  });

  it('shows a realtime clock with its speed, the data file and each webhook endpoint with its secret', async () => {
    const sandbox = await start({
      scenario: 'ci',
      seed: 'banner',
      clock: 'realtime',
      speed: 60,
      webhooks: [
        { url: 'http://127.0.0.1:9/all', secret: 'whsec_banner_all' },
        { url: 'http://127.0.0.1:9/some', secret: 'whsec_banner_some', events: ['order.created'] },
      ],
    });
    const lines = formatBanner(sandbox, { version: '1.2.3', dataFile: 'state.json' }).split('\n');
    expect(lines[0]).toBe('delivery-sandbox 1.2.3: scenario "ci", seed "banner"');
    expect(lines[10]).toMatch(
      /^ {2}Clock {6}realtime \(60x\), now 2026-01-01T12:\d\d:\d\d\.\d{3}Z$/,
    );
    expect(lines.slice(11, 14)).toEqual([
      '  Data       state.json',
      '  Webhooks   http://127.0.0.1:9/all   secret whsec_banner_all',
      '  Webhooks   http://127.0.0.1:9/some   secret whsec_banner_some   (order.created)',
    ]);
  });
});

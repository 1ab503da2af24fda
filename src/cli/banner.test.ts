import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../sandbox.js';
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
  it('shows the scenario, the URLs, both keys, the manual clock and a curl line to try', async () => {
    const sandbox = await start({ scenario: 'ci' });
    const { url } = sandbox;
    expect(formatBanner(sandbox, { version: '1.2.3' }).split('\n')).toEqual([
      'delivery-sandbox 1.2.3: scenario "ci", seed "ci"',
      `  API        ${url}/v1`,
      '  API key    sk_test_ci_acme   (read-only: rk_test_ci_acme)',
      `  Docs       ${url}/openapi.json`,
      `  Control    ${url}/__sandbox   (docs: ${url}/__sandbox/openapi.json)`,
      '  Clock      manual (advance it with the control plane), now 2026-01-01T12:00:00.000Z',
      `  Try        curl -H "Authorization: Bearer sk_test_ci_acme" "${url}/v1/drivers/available?lat=37.7749&lng=-122.4194"`,
      'Press Ctrl+C to stop.',
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
    expect(lines[5]).toMatch(
      /^ {2}Clock {6}realtime \(60x\), now 2026-01-01T12:\d\d:\d\d\.\d{3}Z$/,
    );
    expect(lines.slice(6, 9)).toEqual([
      '  Data       state.json',
      '  Webhooks   http://127.0.0.1:9/all   secret whsec_banner_all',
      '  Webhooks   http://127.0.0.1:9/some   secret whsec_banner_some   (order.created)',
    ]);
  });
});

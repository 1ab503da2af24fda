import { Agent, request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { parseScenario } from '../src/scenarios/load-scenario.js';
import { seedState } from '../src/scenarios/seed-state.js';
import { KEYS, TestSandbox } from './support/test-sandbox.js';

/** A one-account world of `count` generated drivers (the ci scenario's key). */
const bigWorld = (count: number) => ({
  name: 'big-world',
  seed: 'big',
  accounts: [{ id: 'acct_acme', name: 'Acme Eats', api_keys: [KEYS.acme] }],
  drivers: { count },
  clock: { mode: 'manual' as const, start: '2026-01-01T12:00:00.000Z' },
});

interface Answer {
  status: number;
  reused: boolean;
  body: string;
}

/** A GET through `agent` (keep-alive): its status, body, and whether it rode an open connection. */
function get(url: string, agent: Agent, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += String(c)));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('a reset to a big world', () => {
  let t: TestSandbox | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('keeps answering health and a keep-alive /v1 client while the world is built, then installs it whole', async () => {
    t = await TestSandbox.start();
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const auth = { Authorization: `Bearer ${KEYS.acme}` };
    const url = `${t.url}/v1/drivers/available?lat=37.79&lng=-122.4`;
    expect((await get(url, agent, auth)).status).toBe(200); // the connection stays open

    const order: string[] = [];
    // In-process, so nothing of the reset has run yet when the two requests are sent.
    const reset = t.sandbox.reset({ scenario: bigWorld(50_000) }).then(() => order.push('reset'));
    const health = fetch(`${t.url}/__sandbox/health`).then((r) => (order.push('health'), r));
    const v1 = get(url, agent, auth).then((r) => (order.push('v1'), r));

    const [h, v] = await Promise.all([health, v1]);
    expect(h.status).toBe(200);
    expect(v).toMatchObject({ status: 200, reused: true }); // not reset, on the same connection
    await reset;
    // Both answered while the world was being built, not after it.
    expect(order.toSorted()).toEqual(['health', 'reset', 'v1']);
    expect(order.at(-1)).toBe('reset');
    agent.destroy();

    // The world built in slices is the one an unsliced build gives: same seed, same drivers.
    const state = (await (await fetch(`${t.url}/__sandbox/state`)).json()) as {
      drivers: unknown[];
    };
    expect(state.drivers).toHaveLength(50_000);
    expect(state.drivers).toEqual((await seedState(parseScenario(bigWorld(50_000)))).drivers);
  }, 90_000);
});

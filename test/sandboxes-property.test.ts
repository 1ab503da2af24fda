import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../src/index.js';
import { SAMPLE_ORDER } from './support/test-sandbox.js';

/** One operation on one of the sandboxes (`on`): what a test in any language does over HTTP. */
type Op =
  | { on: number; do: 'create' }
  | { on: number; do: 'clock'; minutes: number }
  | { on: number; do: 'advance'; nth: number }
  | { on: number; do: 'cancel'; nth: number }
  | { on: number; do: 'reset' };

const SANDBOXES = 3;

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ on: fc.nat(SANDBOXES - 1), do: fc.constant('create' as const) }),
  fc.record({
    on: fc.nat(SANDBOXES - 1),
    do: fc.constant('clock' as const),
    minutes: fc.integer({ min: 1, max: 50 }),
  }),
  fc.record({ on: fc.nat(SANDBOXES - 1), do: fc.constant('advance' as const), nth: fc.nat(4) }),
  fc.record({ on: fc.nat(SANDBOXES - 1), do: fc.constant('cancel' as const), nth: fc.nat(4) }),
  fc.record({ on: fc.nat(SANDBOXES - 1), do: fc.constant('reset' as const) }),
);

/** A sandbox as the operations drive it: its control prefix, its key, the orders it created. */
interface Lane {
  control: string;
  key: string;
  orders: string[];
}

/** An answer without what differs between two runs by nature: request ids, and keys (random). */
const observed = async (res: Response): Promise<unknown> => {
  const id = res.headers.get('x-request-id') ?? '-';
  const body = (await res.text())
    .replaceAll(id, 'req_ID')
    .replace(/([sr]k_test_sb-[a-z0-9-]+_)[A-Za-z0-9]{24}/g, '$1KEY');
  return { status: res.status, body };
};

async function open(url: string, name: string): Promise<Lane> {
  const res = await fetch(`${url}/__sandbox/sandboxes/${name}`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ scenario: 'ci', seed: 'property' }),
  });
  const body = (await res.json()) as { accounts: { api_key: string }[] };
  return {
    control: `${url}/__sandbox/sandboxes/${name}`,
    key: body.accounts[0]!.api_key,
    orders: [],
  };
}

/** Runs `o` on `lane` over HTTP; answers what a client saw. */
async function run(url: string, lane: Lane, o: Op): Promise<unknown> {
  const json = { 'Content-Type': 'application/json' };
  const auth = { Authorization: `Bearer ${lane.key}` };
  const nth = (n: number): string => lane.orders[n % Math.max(1, lane.orders.length)] ?? 'ord_none';
  switch (o.do) {
    case 'create': {
      const res = await fetch(`${url}/v1/orders`, {
        method: 'POST',
        headers: { ...json, ...auth },
        body: JSON.stringify(SAMPLE_ORDER),
      });
      const seen = await observed(res.clone());
      // Each sandbox really works (a property no request reached would hold trivially).
      expect(res.status).toBe(201);
      if (res.status === 201)
        lane.orders.push(((await res.json()) as { order_id: string }).order_id);
      return seen;
    }
    case 'clock': {
      const res = await fetch(`${lane.control}/clock/advance`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ by: `${o.minutes}m` }),
      });
      expect(res.status).toBe(200);
      return observed(res);
    }
    case 'advance':
      return observed(
        await fetch(`${lane.control}/orders/${nth(o.nth)}/advance`, { method: 'POST' }),
      );
    case 'cancel':
      return observed(
        await fetch(`${url}/v1/orders/${nth(o.nth)}`, { method: 'DELETE', headers: auth }),
      );
    case 'reset': {
      const res = await fetch(`${lane.control}/reset`, { method: 'POST' });
      expect(res.status).toBe(200);
      return observed(res);
    }
  }
}

/** What a sandbox shows at the end: its events and each of its orders read through /v1. */
async function finalView(url: string, lane: Lane): Promise<unknown> {
  const events = await observed(await fetch(`${lane.control}/events?limit=100`));
  const orders = [];
  for (const id of lane.orders)
    orders.push(
      await observed(
        await fetch(`${url}/v1/orders/${id}`, { headers: { Authorization: `Bearer ${lane.key}` } }),
      ),
    );
  return { events, orders };
}

// Random interleavings of operations on three sandboxes of one server: what each sandbox shows
// (every answer, its events, its orders) is what the same operations show on that sandbox alone,
// in a server of its own. No observation in one depends on another.
describe('sandboxes are isolated under any interleaving', () => {
  let shared: Sandbox;
  let alone: Sandbox;
  let round = 0;
  beforeAll(async () => {
    [shared, alone] = await Promise.all([
      startSandbox({ scenario: 'ci' }),
      startSandbox({ scenario: 'ci' }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([shared.close(), alone.close()]);
  });

  it('gives each sandbox the observations it has alone', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 24 }), async (ops) => {
        round++;
        const names = Array.from({ length: SANDBOXES }, (_, i) => `p${round}-s${i}`);
        const lanes = await Promise.all(names.map((n) => open(shared.url, n)));
        const together: unknown[][] = names.map(() => []);
        for (const o of ops) together[o.on]!.push(await run(shared.url, lanes[o.on]!, o));
        const views = await Promise.all(lanes.map((l) => finalView(shared.url, l)));
        for (const [i, name] of names.entries()) {
          const solo = await open(alone.url, name);
          const own: unknown[] = [];
          for (const o of ops.filter((x) => x.on === i)) own.push(await run(alone.url, solo, o));
          expect(together[i]).toEqual(own);
          expect(views[i]).toEqual(await finalView(alone.url, solo));
        }
        await Promise.all(
          names.map(async (n) => {
            await fetch(`${shared.url}/__sandbox/sandboxes/${n}`, { method: 'DELETE' });
            await fetch(`${alone.url}/__sandbox/sandboxes/${n}`, { method: 'DELETE' });
          }),
        );
      }),
      { numRuns: 20 },
    );
  });
});

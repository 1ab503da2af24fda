/**
 * Issue 17, finding 6: whatever state the sandbox reaches, it takes back. A scenario (sent to
 * `POST /__sandbox/reset`), `/v1` calls (odd idempotency keys included) and webhook endpoints that
 * refuse build a state; its export imports into another sandbox
 * and comes back from a restart on the same `--data` file, equal to itself. Order metadata has one
 * schema everywhere: v1's `Metadata`, which the scenario schema repeats word for word.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import type { Sandbox, ScenarioFile, startSandbox as StartSandbox } from '../src/index.js';
import { TestSandbox, SAMPLE_ORDER, contractFetch, expectError } from './support/test-sandbox.js';
import { tempDir } from './support/temp-dir.js';

const KEY = 'sk_test_rt_key';
const scenario = (orders: unknown[]) => ({
  name: 'round-trip',
  seed: 'rt',
  accounts: [{ id: 'acct_rt', api_keys: [KEY] }],
  clock: { mode: 'manual' as const, start: '2026-01-01T12:00:00Z' },
  drivers: { count: 3 },
  orders,
});

describe('order metadata in scenarios', () => {
  it('is the schema of v1 Metadata, word for word', () => {
    const v1 = parseYaml(readFileSync('openapi/v1.yaml', 'utf8')) as {
      components: { schemas: { Metadata: unknown } };
    };
    const own = JSON.parse(readFileSync('scenarios/schema.json', 'utf8')) as {
      $defs: { metadata: unknown; orderBody: { properties: { metadata: unknown } } };
    };
    expect(own.$defs.metadata).toEqual(v1.components.schemas.Metadata);
    expect(own.$defs.orderBody.properties.metadata).toEqual({ $ref: '#/$defs/metadata' });
  });

  let t: TestSandbox;
  beforeAll(async () => {
    t = await TestSandbox.start();
  });
  afterAll(() => t.close());

  it.each([[''], ['k'.repeat(41)], ['__proto__'], ['constructor'], ['prototype']])(
    'refuses the key %j in a reset, as POST /v1/orders does, and keeps the running state',
    async (key) => {
      const metadata = JSON.parse(`{${JSON.stringify(key)}:"v"}`) as Record<string, string>;
      const create = await t.post('/v1/orders', { ...SAMPLE_ORDER, metadata });
      expectError(create, 400, 'invalid_request');
      const reset = await t.post('/__sandbox/reset', {
        scenario: scenario([{ order: { ...SAMPLE_ORDER, metadata } }]),
      });
      expectError(reset, 400, 'invalid_request', { reason: 'invalid_scenario' });
      expect(reset.body.error.message).toMatch(/orders\.0\.order\.metadata/);
      expect((await t.get('/__sandbox/scenarios')).body.scenarios).toContainEqual(
        expect.objectContaining({ name: 'ci', current: true }),
      );
    },
  );
});

// Keys and values as a careless or hostile client writes them: empty, long, prototype names, odd text.
const keyArb = fc.oneof(
  fc.constantFrom('', 'k'.repeat(40), 'k'.repeat(41), '__proto__', 'constructor', 'toString'),
  fc.string({ maxLength: 45 }),
);
const metadataArb = fc
  .uniqueArray(fc.tuple(keyArb, fc.string({ maxLength: 20 })), {
    maxLength: 3,
    selector: ([k]) => k,
  })
  .map((pairs) => JSON.parse(JSON.stringify(Object.fromEntries(pairs))) as Record<string, string>);

const bodyArb = fc.record(
  {
    metadata: metadataArb,
    tip: fc.nat({ max: 500 }),
    external_reference: fc.string({ minLength: 1, maxLength: 64 }),
  },
  { requiredKeys: ['metadata'] },
);

const seededArb = fc.record(
  {
    status: fc.constantFrom('pending', 'driver_assigned', 'picked_up', 'delivered', 'cancelled'),
    paid: fc.boolean(),
    body: bodyArb,
  },
  { requiredKeys: ['body'] },
);

type Call =
  | { do: 'create'; body: Record<string, unknown>; idempotencyKey?: string }
  | { do: 'pay' | 'cancel'; nth: number }
  | { do: 'advance'; ms: number }
  | { do: 'endpoint'; url: string };

const callArb: fc.Arbitrary<Call> = fc.oneof(
  fc.record(
    {
      do: fc.constant('create' as const),
      body: bodyArb,
      idempotencyKey: fc.oneof(
        fc.constantFrom('__proto__', 'constructor', 'k'),
        fc.string({ minLength: 1, maxLength: 20 }).filter((k) => /^[\x21-\x7e]+$/.test(k)),
      ),
    },
    { requiredKeys: ['do', 'body'] },
  ),
  // Receivers that refuse at once (port 1), some with credentials: failed attempts, retries due.
  fc
    .constantFrom('http://127.0.0.1:1/hooks', 'http://user:pw@127.0.0.1:1/hooks')
    .map((url): Call => ({ do: 'endpoint', url })),
  fc.record({ do: fc.constantFrom('pay' as const, 'cancel' as const), nth: fc.nat(5) }),
  fc.record({ do: fc.constant('advance' as const), ms: fc.integer({ min: 1, max: 3_600_000 }) }),
);

describe('every state the sandbox reaches', () => {
  const running: TestSandbox[] = [];
  const start = async (options: Parameters<typeof TestSandbox.start>[0]) => {
    const t = await TestSandbox.start(options);
    running.push(t);
    return t;
  };
  const stop = async (t: TestSandbox) => {
    running.splice(running.indexOf(t), 1);
    await t.close();
  };
  // The import runs in the built package, as users run it: its worker thread is plain JavaScript,
  // where one from src/ registers tsx first (seconds a run).
  let built: Sandbox;
  beforeAll(async () => {
    const dist = new URL('../dist/index.js', import.meta.url).href;
    const { startSandbox } = (await import(dist)) as { startSandbox: typeof StartSandbox };
    built = await startSandbox({ scenario: 'ci' });
  });
  afterAll(async () => {
    for (const t of running.splice(0)) await t.close();
    await built.close();
  });

  it('round-trips through export, import and a restart on the same --data, equal to itself', async () => {
    const dir = tempDir('sandbox-round-trip-');
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(seededArb, { maxLength: 3 }),
        fc.array(callArb, { maxLength: 6 }),
        async (seeded, calls) => {
          const data = join(dir, `state-${run++}.json`);
          const a = await start({ data });
          const orders = seeded.map((o) => ({
            status: o.status,
            ...(o.paid !== undefined && { paid: o.paid }),
            order: { ...SAMPLE_ORDER, ...o.body },
          }));
          // The scenario is taken exactly when each of its orders is one POST /v1/orders takes.
          const probes = await Promise.all(orders.map((o) => a.post('/v1/orders', o.order)));
          const reset = await a.post('/__sandbox/reset', { scenario: scenario(orders) });
          expect(reset.status).toBe(probes.every((p) => p.status === 201) ? 200 : 400);
          const key = reset.status === 200 ? KEY : 'sk_test_ci_acme';
          const ids: string[] = [];
          for (const call of calls) {
            if (call.do === 'create') {
              const headers: Record<string, string> =
                call.idempotencyKey === undefined ? {} : { 'Idempotency-Key': call.idempotencyKey };
              const body = { ...SAMPLE_ORDER, ...call.body };
              const res = await a.post('/v1/orders', body, { key, headers });
              if (res.status === 201) ids.push(res.body.order_id);
            } else if (call.do === 'endpoint') {
              await a.post('/__sandbox/webhook-endpoints', { url: call.url });
            } else if (call.do === 'advance') {
              await a.post('/__sandbox/clock/advance', { by: `${call.ms}ms` });
            } else {
              const id = ids[call.nth % Math.max(ids.length, 1)];
              if (id === undefined) continue;
              if (call.do === 'pay')
                await a.post(
                  `/v1/orders/${id}/payment`,
                  { payment_method: 'pm_card_visa' },
                  { key },
                );
              else await a.delete(`/v1/orders/${id}`, { key });
            }
          }
          await a.sandbox.settle();
          const exported = (await a.get('/__sandbox/state')).body;
          // Meant to differ: every start and import is a new generation, with ids of its own
          // (decision 9), and every request draws a request id, the export's own included.
          const same = (state: { generation: number; counters: { req?: number } }) => ({
            ...state,
            generation: 0,
            counters: { ...state.counters, req: 0 },
          });
          await stop(a);

          // The file's scenario resumes; one that is not bundled is named again (as --scenario).
          const restarted = await start({
            data,
            ...(reset.status === 200 ? { scenario: scenario(orders) as ScenarioFile } : {}),
          });
          expect(same((await restarted.get('/__sandbox/state')).body)).toEqual(same(exported));
          await stop(restarted);

          const imported = await contractFetch(`${built.url}/__sandbox/state`, {
            method: 'PUT',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify(exported),
          });
          expect(imported.status, imported.text).toBe(200);
          const back = await contractFetch(`${built.url}/__sandbox/state`);
          // The import goes on under the running scenario's settings, and says so (a --data
          // restart with the same command line resumes it).
          expect(same(back.body)).toEqual(same({ ...exported, scenario: 'ci' }));
        },
      ),
      { seed: 1717, numRuns: 15 },
    );
  }, 120_000);
});

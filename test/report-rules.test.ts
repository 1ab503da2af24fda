// Every rule and habit of the integration report, on real HTTP: a client that keeps the contract
// must not be blamed, and one that breaks it must be named (issue 18, item 1). Each case starts from
// an empty report on one sandbox of the `ci` scenario.
import { describe, expect, it } from 'vitest';
import { setApiFaults as setFaults, useReportSandbox } from './support/report-cases.js';
import { KEYS, SAMPLE_ORDER, type TestSandbox } from './support/test-sandbox.js';

let t: TestSandbox;
let n = 0;
const fresh = (): string => `key-${++n}`;

/** One create, as a client sends it; a dropped connection is a `null` status. */
async function create(
  body: unknown,
  headers: Record<string, string> = {},
  key: string = KEYS.acme,
): Promise<number | null> {
  try {
    return (await t.post('/v1/orders', body, { headers, key })).status;
  } catch {
    return null;
  }
}

const withKey = (key: string, more: Record<string, string> = {}) => ({
  'Idempotency-Key': key,
  ...more,
});
const FAULT = { 'Sandbox-Fault': '503' };
const order = (tip: number) => ({ ...SAMPLE_ORDER, tip });
const setApiFaults = (api: unknown[]) => setFaults(t, api);
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An order with a driver (the location answers 200), created as a correct client would. */
async function assignedOrder(): Promise<string> {
  const res = await t.post('/v1/orders', SAMPLE_ORDER, { headers: withKey(fresh()) });
  await t.advance(res.body.order_id, 'driver_assigned');
  return res.body.order_id as string;
}

async function found(): Promise<{ violations: string[]; habits: string[] }> {
  const r = (await t.get('/__sandbox/report')).body;
  return {
    violations: r.violations.items.map((v: { rule: string }) => v.rule),
    habits: r.habits.map((h: { habit: string }) => h.habit),
  };
}

type Client = () => Promise<unknown>;

/** Per rule: clients that keep it, and clients that break it. */
const RULES: { rule: string; correct: [string, Client][]; wrong: [string, Client][] }[] = [
  {
    rule: 'unknown_field',
    correct: [
      ['sends only known fields', () => create(SAMPLE_ORDER, withKey(fresh()))],
      [
        'sends an unknown field on purpose (Sandbox-Expect: error)',
        () =>
          create({ ...SAMPLE_ORDER, notes: 'x' }, withKey(fresh(), { 'Sandbox-Expect': 'error' })),
      ],
    ],
    wrong: [['sends notes', () => create({ ...SAMPLE_ORDER, notes: 'x' }, withKey(fresh()))]],
  },
  {
    rule: 'wrong_type',
    correct: [['sends the tip as an integer', () => create(order(150), withKey(fresh()))]],
    wrong: [['sends the tip as a string', () => create(order('150' as never), withKey(fresh()))]],
  },
  {
    rule: 'missing_field',
    correct: [['sends a dropoff', () => create(SAMPLE_ORDER, withKey(fresh()))]],
    wrong: [
      ['leaves the dropoff out', () => create({ pickup: SAMPLE_ORDER.pickup }, withKey(fresh()))],
    ],
  },
  {
    rule: 'bad_value',
    correct: [['sends a tip of 0', () => create(order(0), withKey(fresh()))]],
    wrong: [['sends a negative tip', () => create(order(-1), withKey(fresh()))]],
  },
  {
    rule: 'wrong_content_type',
    correct: [['sends application/json', () => create(SAMPLE_ORDER, withKey(fresh()))]],
    wrong: [
      [
        'sends JSON as text/plain',
        () =>
          t.post('/v1/orders', undefined, {
            raw: JSON.stringify(SAMPLE_ORDER),
            headers: withKey(fresh(), { 'Content-Type': 'text/plain' }),
          }),
      ],
    ],
  },
  {
    rule: 'read_only_key',
    correct: [
      ['reads with the read-only key', () => t.get('/v1/orders/ord_x', { key: KEYS.acmeReadOnly })],
    ],
    wrong: [
      [
        'writes with the read-only key',
        () => create(SAMPLE_ORDER, withKey(fresh()), KEYS.acmeReadOnly),
      ],
    ],
  },
  {
    rule: 'idempotency_key_changed',
    correct: [
      [
        'sends two different orders that both meet a 503 and never retries them',
        async () => {
          await create(order(101), withKey(fresh(), FAULT));
          await create(order(102), withKey(fresh(), FAULT));
        },
      ],
      [
        'retries a 503 twice with the same key',
        async () => {
          const key = fresh();
          expect(await create(order(103), withKey(key, FAULT))).toBe(503);
          expect(await create(order(103), withKey(key, FAULT))).toBe(503);
          expect(await create(order(103), withKey(key))).toBe(201);
        },
      ],
      [
        'retries a dropped connection with the same key',
        async () => {
          await setApiFaults([{ operation: 'createOrder', drop_rate: 1 }]);
          const key = fresh();
          expect(await create(order(105), withKey(key))).toBeNull();
          await setApiFaults([]);
          expect(await create(order(105), withKey(key))).toBe(201);
        },
      ],
      [
        'creates the same order twice on purpose, neither failing',
        async () => {
          expect(await create(order(106), withKey(fresh()))).toBe(201);
          expect(await create(order(106), withKey(fresh()))).toBe(201);
        },
      ],
    ],
    wrong: [
      [
        'retries a 503 with a new key',
        async () => {
          expect(await create(order(107), withKey(fresh(), FAULT))).toBe(503);
          expect(await create(order(107), withKey(fresh()))).toBe(201);
        },
      ],
      [
        'retries a 503 with no key',
        async () => {
          expect(await create(order(108), withKey(fresh(), FAULT))).toBe(503);
          expect(await create(order(108))).toBe(201);
        },
      ],
      [
        'retries a dropped connection with a new key',
        async () => {
          await setApiFaults([{ operation: 'createOrder', drop_rate: 1 }]);
          expect(await create(order(109), withKey(fresh()))).toBeNull();
          await setApiFaults([]);
          expect(await create(order(109), withKey(fresh()))).toBe(201);
        },
      ],
    ],
  },
];

/** Per habit: clients without it, and clients with it. */
const HABITS: { habit: string; correct: [string, Client][]; wrong: [string, Client][] }[] = [
  {
    habit: 'no_idempotency_key',
    correct: [['sends a key with every write', () => create(SAMPLE_ORDER, withKey(fresh()))]],
    wrong: [['sends a write without a key', () => create(SAMPLE_ORDER)]],
  },
  {
    habit: 'retry_after_ignored',
    correct: [
      [
        'waits Retry-After (1 s) before retrying a 503',
        async () => {
          const key = fresh();
          expect(await create(order(110), withKey(key, FAULT))).toBe(503);
          await wait(1000);
          expect(await create(order(110), withKey(key))).toBe(201);
        },
      ],
      [
        'sends another order right after a 503',
        async () => {
          expect(await create(order(111), withKey(fresh(), FAULT))).toBe(503);
          expect(await create(order(112), withKey(fresh()))).toBe(201);
        },
      ],
    ],
    wrong: [
      [
        'retries a 503 at once',
        async () => {
          const key = fresh();
          expect(await create(order(113), withKey(key, FAULT))).toBe(503);
          expect(await create(order(113), withKey(key))).toBe(201);
        },
      ],
    ],
  },
  {
    habit: 'location_polled_too_often',
    correct: [
      [
        'polls once per 10 s of the manual clock',
        async () => {
          const id = await assignedOrder();
          for (let i = 0; i < 3; i++) {
            expect((await t.get(`/v1/orders/${id}/location`)).status).toBe(200);
            await t.advanceClock(10_000);
          }
        },
      ],
    ],
    wrong: [
      [
        'polls twice at once',
        async () => {
          const id = await assignedOrder();
          await t.get(`/v1/orders/${id}/location`);
          await t.get(`/v1/orders/${id}/location`);
        },
      ],
    ],
  },
];

useReportSandbox((started) => {
  t = started;
});

describe.each(RULES)('the $rule rule', ({ rule, correct, wrong }) => {
  it.each(correct)('a client that %s breaks no rule', async (_name, client) => {
    await client();
    expect((await found()).violations).toEqual([]);
  });
  it.each(wrong)(`a client that %s breaks ${rule}`, async (_name, client) => {
    await client();
    expect((await found()).violations).toContain(rule);
  });
});

describe.each(HABITS)('the $habit habit', ({ habit, correct, wrong }) => {
  it.each(correct)('a client that %s has no habit warning', async (_name, client) => {
    await client();
    expect(await found()).toEqual({ violations: [], habits: [] });
  });
  it.each(wrong)(`a client that %s is warned of ${habit}`, async (_name, client) => {
    await client();
    expect((await found()).habits).toContain(habit);
  });
});

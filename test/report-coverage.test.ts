// Every request situation of the report's coverage catalogue, on real HTTP (issue 18, items 1 and
// 10): a client that meets the situation covers it, and a near miss (a faulted request, the
// neighbouring case) does not. Each case starts from an empty report on one `ci` sandbox.
import { describe, expect, it } from 'vitest';
import { COVERAGE_CATALOGUE } from '../src/report/coverage-catalogue.js';
import { StreamClient } from './support/stream-client.js';
import { setApiFaults as setFaults, useReportSandbox } from './support/report-cases.js';
import { KEYS, SAMPLE_ORDER, type TestSandbox } from './support/test-sandbox.js';

let t: TestSandbox;
let n = 0;
const key = (): Record<string, string> => ({ 'Idempotency-Key': `cov-${++n}` });
const FAULT = { 'Sandbox-Fault': '503' };
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A new order of acme, moved to `status` through the control plane. */
async function orderAt(status?: string): Promise<string> {
  const res = await t.post('/v1/orders', SAMPLE_ORDER, { headers: key() });
  expect(res.status).toBe(201);
  const id = res.body.order_id as string;
  if (status !== undefined) await t.advance(id, status);
  return id;
}

const pay = async (method: string, id?: string) =>
  t.post(
    `/v1/orders/${id ?? (await orderAt('delivered'))}/payment`,
    { payment_method: method },
    { headers: key() },
  );
const far = {
  ...SAMPLE_ORDER,
  dropoff: { address: 'San Jose', location: { lat: 37.3382, lng: -121.8863 } },
};
const drivers = (query: string) => t.get(`/v1/drivers/available?lat=37.7749&lng=-122.4194${query}`);
const setApiFaults = (api: unknown[]) => setFaults(t, api);

/** A rate-limited create, then its retry after `ms` of real time. */
async function rateLimited(ms: number): Promise<void> {
  await setApiFaults([{ operation: 'createOrder', error: 429 }]);
  const headers = key();
  expect((await t.post('/v1/orders', SAMPLE_ORDER, { headers })).status).toBe(429);
  await setApiFaults([]);
  await wait(ms);
  expect((await t.post('/v1/orders', SAMPLE_ORDER, { headers })).status).toBe(201);
}

/** Follows an order's location stream until it has sent `type`, or 300 ms passed. */
async function follow(id: string, advance: boolean): Promise<StreamClient> {
  const c = await StreamClient.open(
    `${t.url.replace('http', 'ws')}/v1/orders/${id}/location/stream`,
    {
      Authorization: `Bearer ${KEYS.acme}`,
    },
  );
  if (advance) await t.advanceClock(30_000);
  await c.wait((x) => x.messages.some((m) => m.type === 'location'), 300).catch(() => {});
  c.ws.terminate();
  return c;
}

/** A new order of acme with `outcome` in a fresh world, assigned by dispatch (the clock moves 30 s), and its trip. */
async function troubled(outcome: string): Promise<{ id: string; trip: any }> {
  // A fresh world: the cases before may hold every driver (the report lives across resets).
  expect((await t.post('/__sandbox/reset', { scenario: 'ci' })).status).toBe(200);
  const res = await t.post('/v1/orders', SAMPLE_ORDER, {
    headers: { ...key(), 'Sandbox-Outcome': outcome },
  });
  const id = res.body.order_id as string;
  await t.advanceClock(30_000);
  const state = (await t.get('/__sandbox/state')).body;
  return { id, trip: state.orders.find((o: any) => o.order.order_id === id).trip };
}
/** Moves the clock to `at` (epoch ms). */
const clockTo = (at: number) => t.advanceClock(at - Date.parse(t.nowIso()));

/** A driver_reassigned order read while pending after the drop, or once the second driver has it. */
async function reassigned(second: boolean): Promise<void> {
  const { id, trip } = await troubled('driver_reassigned');
  await clockTo(trip.drop_at);
  await t.get(`/v1/orders/${id}`);
  if (second) await t.advanceClock(30_000);
  await t.get(`/v1/orders/${id}`);
}

/** A stale_location order's location read inside its stale stretch, or just before it. */
async function staleRead(inside: boolean): Promise<void> {
  const { id, trip } = await troubled('stale_location');
  await clockTo(inside ? trip.stale_from + 30_000 : trip.stale_from - 1);
  await t.get(`/v1/orders/${id}/location`);
}

/** Two reads of an assigned order: around a late restaurant's ETA move, or of a normal order. */
async function etaReads(moved: boolean): Promise<void> {
  const { id, trip } = await troubled(moved ? 'pickup_delay' : 'fast');
  await t.get(`/v1/orders/${id}`);
  await clockTo(moved ? trip.pickup_arrive_at : Date.parse(t.nowIso()) + 10_000);
  await t.get(`/v1/orders/${id}`);
}

type Client = () => Promise<unknown>;

/** Per situation: a client that covers it, a near miss that must not, and how, if two ways. */
const SITUATIONS: [string, Client, Client, string?][] = [
  [
    'orders.create.created',
    () => orderAt(),
    () => t.post('/v1/orders', SAMPLE_ORDER, { headers: { ...key(), ...FAULT } }),
  ],
  [
    'orders.create.invalid_request',
    () => t.post('/v1/orders', { pickup: SAMPLE_ORDER.pickup }, { headers: key() }),
    () =>
      t.post('/v1/orders', { pickup: SAMPLE_ORDER.pickup }, { headers: { ...key(), ...FAULT } }),
  ],
  [
    'orders.create.out_of_service_area',
    () => t.post('/v1/orders', far, { headers: key() }),
    () => t.post('/v1/orders', far, { headers: { ...key(), ...FAULT } }),
  ],
  [
    'orders.create.payment_required',
    () => t.post('/v1/orders', SAMPLE_ORDER, { headers: key(), key: KEYS.delinquent }),
    () => orderAt(),
  ],
  [
    'orders.retrieve.found',
    async () => t.get(`/v1/orders/${await orderAt()}`),
    async () => t.get(`/v1/orders/${await orderAt()}`, { headers: FAULT }),
  ],
  [
    'orders.retrieve.not_found',
    () => t.get('/v1/orders/ord_doesnotexist'),
    async () => t.get(`/v1/orders/${await orderAt()}`),
  ],
  [
    'orders.cancel.free',
    async () => t.delete(`/v1/orders/${await orderAt()}`),
    async () => t.delete(`/v1/orders/${await orderAt('driver_assigned')}`),
  ],
  [
    'orders.cancel.fee',
    async () => t.delete(`/v1/orders/${await orderAt('driver_assigned')}`),
    async () => t.delete(`/v1/orders/${await orderAt()}`),
  ],
  [
    'orders.cancel.after_pickup_refused',
    async () => t.delete(`/v1/orders/${await orderAt('picked_up')}`),
    async () => t.delete(`/v1/orders/${await orderAt('picked_up')}`, { headers: FAULT }),
  ],
  ['payment.succeeded', () => pay('pm_card_visa'), () => pay('pm_card_declined')],
  ['payment.card_declined', () => pay('pm_card_declined'), () => pay('pm_card_visa')],
  [
    'payment.insufficient_funds',
    () => pay('pm_card_insufficient_funds'),
    () => pay('pm_card_declined'),
  ],
  ['payment.expired_card', () => pay('pm_card_expired'), () => pay('pm_card_declined')],
  [
    'payment.already_paid',
    async () => {
      const id = await orderAt('delivered');
      await pay('pm_card_visa', id);
      await pay('pm_card_visa', id);
    },
    () => pay('pm_card_visa'),
  ],
  [
    'location.tracked',
    async () => t.get(`/v1/orders/${await orderAt('driver_assigned')}/location`),
    async () => t.get(`/v1/orders/${await orderAt()}/location`),
  ],
  [
    'location.tracked',
    async () => follow(await orderAt('driver_assigned'), true),
    async () => follow(await orderAt(), false),
    'following the location stream',
  ],
  [
    'location.no_driver_assigned',
    async () => t.get(`/v1/orders/${await orderAt()}/location`),
    async () => t.get(`/v1/orders/${await orderAt('driver_assigned')}/location`),
  ],
  [
    'location.order_finished',
    async () => t.get(`/v1/orders/${await orderAt('delivered')}/location`),
    async () => t.get(`/v1/orders/${await orderAt('driver_assigned')}/location`),
  ],
  ['order.driver_reassigned.handled', () => reassigned(true), () => reassigned(false)],
  ['location.stale.seen', () => staleRead(true), () => staleRead(false)],
  ['eta.changed.seen', () => etaReads(true), () => etaReads(false)],
  ['drivers.default_radius', () => drivers(''), () => drivers('&radius=2')],
  ['drivers.custom_radius', () => drivers('&radius=2'), () => drivers('')],
  [
    'idempotency.replayed',
    async () => {
      const headers = key();
      await t.post('/v1/orders', SAMPLE_ORDER, { headers });
      await t.post('/v1/orders', SAMPLE_ORDER, { headers });
    },
    async () => {
      await orderAt();
      await orderAt();
    },
  ],
  [
    'idempotency.key_reused',
    async () => {
      const headers = key();
      await t.post('/v1/orders', SAMPLE_ORDER, { headers });
      await t.post('/v1/orders', { ...SAMPLE_ORDER, tip: 1 }, { headers });
    },
    async () => {
      const headers = key();
      await t.post('/v1/orders', SAMPLE_ORDER, { headers });
      await t.post('/v1/orders', SAMPLE_ORDER, { headers });
    },
  ],
  [
    'auth.unauthorized',
    () => t.get('/v1/orders/ord_x', { key: 'sk_test_ci_nobody' }),
    () => t.get('/v1/orders/ord_x', { key: 'sk_test_ci_nobody', headers: FAULT }),
  ],
  [
    'auth.forbidden',
    async () => t.get(`/v1/orders/${await orderAt()}`, { key: KEYS.globex }),
    async () => t.get(`/v1/orders/${await orderAt()}`),
  ],
  ['api.rate_limited.respected', () => rateLimited(1000), () => rateLimited(0)],
];

useReportSandbox((started) => {
  t = started;
});

const status = async (id: string): Promise<string> =>
  (await t.get('/__sandbox/report')).body.coverage.find((c: { id: string }) => c.id === id).status;

const ROWS = SITUATIONS.map(
  ([id, covers, nearMiss, how]) => [how ? `${id}, ${how}` : id, id, covers, nearMiss] as const,
);

describe.each(ROWS)('%s', (_title, id, covers, nearMiss) => {
  it('is covered by a client that meets it', async () => {
    await covers();
    expect(await status(id)).toBe('covered');
  });
  it('is not covered by a near miss', async () => {
    await nearMiss();
    expect(await status(id)).toBe('not_covered');
  });
});

it('a stream followed since the report started covers location.tracked with no other request', async () => {
  const id = await orderAt('driver_assigned');
  expect((await t.post('/__sandbox/report/reset')).status).toBe(200);
  const stream = await follow(id, false);
  expect(stream.messages.map((m) => m.type)).toEqual(['status', 'location']);
  const report = (await t.get('/__sandbox/report')).body;
  expect(report.summary.requests).toBe(0);
  expect(report.coverage.find((c: { id: string }) => c.id === 'location.tracked')).toMatchObject({
    status: 'covered',
    evidence: [id],
  });
});

it('the table names every request situation of the catalogue', () => {
  const requests = COVERAGE_CATALOGUE.filter((s) => s.source === 'requests').map((s) => s.id);
  expect(new Set(SITUATIONS.map(([id]) => id))).toEqual(new Set(requests));
});

// Every webhook situation of the report's coverage catalogue, with a real receiver (issue 18,
// item 1): a receiver that handles the situation covers it, and a near miss does not. Each case
// starts from an empty report, a fresh receiver behaviour and no webhook fault.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_NAMES } from '../src/events/event-bus.js';
import { COVERAGE_CATALOGUE } from '../src/report/coverage-catalogue.js';
import { Receiver, type Behaviour } from './support/receiver.js';
import { useReportSandbox } from './support/report-cases.js';
import { KEYS, type TestSandbox } from './support/test-sandbox.js';

let t: TestSandbox;
let rx: Receiver;
useReportSandbox((started) => {
  t = started;
});
beforeAll(async () => {
  rx = await Receiver.start();
});
afterAll(() => rx.close());

/** Registers the receiver for `events` only, answering as `behaviour`; returns the endpoint id. */
async function receive(events: string[], behaviour: Behaviour): Promise<string> {
  for (const e of (await t.get('/__sandbox/webhook-endpoints')).body.endpoints)
    await t.delete(`/__sandbox/webhook-endpoints/${e.endpoint_id}`);
  await t.request('PUT', '/__sandbox/faults', { body: { webhooks: {} } });
  rx.received.length = 0;
  rx.answer(behaviour);
  return (await t.post('/__sandbox/webhook-endpoints', { url: rx.url, events })).body.endpoint_id;
}

/** Fires `event` once, on a new order. */
async function fire(event: string): Promise<void> {
  const order = await t.createOrder();
  const id = order.order_id as string;
  if (event === 'order.cancelled') await t.delete(`/v1/orders/${id}`);
  else if (event === 'payment.completed') {
    await t.advance(id, 'delivered');
    await t.post(
      `/v1/orders/${id}/payment`,
      { payment_method: 'pm_card_visa' },
      { key: KEYS.acme },
    );
  } else if (event !== 'order.created') await t.advance(id, event.replace('order.', ''));
  await t.sandbox.settle();
}

/** The first attempt of each delivery answered `first`, every later one 200. */
const failingFirst =
  (first: number): Behaviour =>
  (r) =>
    r.headers['x-service-delivery-attempt'] === '1' ? first : 200;

type Case = () => Promise<unknown>;

const acknowledged = (event: string): [string, Case, Case] => [
  `webhook.${event}.acknowledged`,
  async () => {
    await receive([event], 200);
    await fire(event);
  },
  async () => {
    await receive([event], 204); // the service expects exactly 200
    await fire(event);
  },
];

/** Per situation: a receiver that covers it, and a near miss that must not. */
const SITUATIONS: [string, Case, Case][] = [
  ...EVENT_NAMES.map(acknowledged),
  [
    'webhook.duplicate.acknowledged',
    async () => {
      await receive(['order.created'], 200);
      await t.request('PUT', '/__sandbox/faults', { body: { webhooks: { duplicate_rate: 1 } } });
      await fire('order.created');
    },
    async () => {
      // Refuses what it has seen: a receiver that is not idempotent.
      const seen = new Set<string>();
      await receive(['order.created'], (r) =>
        seen.has(r.body.event_id) ? 409 : (seen.add(r.body.event_id), 200),
      );
      await t.request('PUT', '/__sandbox/faults', { body: { webhooks: { duplicate_rate: 1 } } });
      await fire('order.created');
    },
  ],
  [
    'webhook.retry.recovered',
    async () => {
      await receive(['order.created'], failingFirst(500));
      await fire('order.created');
      await t.advanceClock(10_000); // the retry, 5 s later
    },
    async () => {
      // Succeeded at once, then sent again on demand: nothing failed, nothing recovered.
      await receive(['order.created'], 200);
      await fire('order.created');
      const event = rx.received[0]!.body.event_id as string;
      expect((await t.post(`/__sandbox/events/${event}/redeliver`)).status).toBe(200);
    },
  ],
];

describe.each(SITUATIONS)('%s', (id, covers, nearMiss) => {
  const status = async (): Promise<string> =>
    (await t.get('/__sandbox/report')).body.coverage.find((c: { id: string }) => c.id === id)
      .status;
  it('is covered by a receiver that handles it', async () => {
    await covers();
    expect(await status()).toBe('covered');
  });
  it('is not covered by a near miss', async () => {
    await nearMiss();
    expect(await status()).toBe('not_covered');
  });
});

it('the table names every webhook situation of the catalogue', () => {
  const deliveries = COVERAGE_CATALOGUE.filter((s) => s.source === 'deliveries').map((s) => s.id);
  expect(new Set(SITUATIONS.map(([id]) => id))).toEqual(new Set(deliveries));
});

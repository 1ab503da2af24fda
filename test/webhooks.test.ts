import { verify } from '@octokit/webhooks-methods';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signPayload, verifySignature } from '../src/index.js';
import { Receiver } from './support/receiver.js';
import { TestSandbox } from './support/test-sandbox.js';

const SECRET = 'whsec_test_secret_0001';

describe('webhook deliveries', () => {
  let t: TestSandbox;
  let rx: Receiver;
  beforeAll(async () => {
    t = await TestSandbox.start();
    rx = await Receiver.start();
    const res = await t.post('/__sandbox/webhook-endpoints', { url: rx.url, secret: SECRET });
    expect(res.status).toBe(201);
  });
  afterAll(async () => {
    await t.close();
    await rx.close();
  });
  beforeEach(async () => {
    await t.post('/__sandbox/reset');
    rx.received.length = 0;
    rx.answer(200);
  });

  it('sends all six events, per order in lifecycle order, with exactly the five headers', async () => {
    const a = await t.createOrder();
    await t.post(`/v1/orders/${a.order_id}/payment`, { payment_method: 'pm_card_visa' });
    const b = await t.createOrder();
    await t.post('/__sandbox/clock/advance', { by: '30s' });
    await t.delete(`/v1/orders/${b.order_id}`);
    await t.post('/__sandbox/clock/advance', { by: '2h' });

    expect(rx.forOrder(a.order_id).map((r) => r.event)).toEqual([
      'order.created',
      'payment.completed',
      'order.driver_assigned',
      'order.picked_up',
      'order.delivered',
    ]);
    expect(rx.forOrder(b.order_id).map((r) => r.event)).toEqual([
      'order.created',
      'order.driver_assigned',
      'order.cancelled',
    ]);
    for (const r of rx.received) {
      expect(
        r.headerNames.filter((h) => !['host', 'content-length', 'connection'].includes(h)).sort(),
      ).toEqual([
        'content-type',
        'user-agent',
        'x-service-delivery-attempt',
        'x-service-event',
        'x-service-signature',
      ]);
      expect(r.headers).toMatchObject({
        'content-type': 'application/json',
        'user-agent': 'Service-Webhooks/1.0',
        'x-service-event': r.body.event,
        'x-service-delivery-attempt': '1',
      });
      expect(r.headers['x-service-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
    }
  });

  it('sends the event exactly as /__sandbox/events records it: the full order at that moment', async () => {
    const order = await t.createOrder();
    await t.post('/__sandbox/clock/advance', { by: '30s' });
    const events = (await t.get(`/__sandbox/events?order_id=${order.order_id}`)).body.events;
    expect(rx.forOrder(order.order_id).map((r) => r.body)).toEqual(events);
    expect(rx.forOrder(order.order_id)[1]!.body.data.order).toMatchObject({
      status: 'driver_assigned',
      driver: { driver_id: expect.any(String) },
    });
  });

  it('signs the raw body so that an independent verifier accepts it and rejects a tampered one', async () => {
    await t.createOrder();
    await t.sandbox.settle(); // /v1 answers at once; its webhooks follow
    const [r] = rx.received;
    const signature = String(r!.headers['x-service-signature']);
    const raw = r!.raw.toString('utf8');
    expect(await verify(SECRET, raw, signature)).toBe(true);
    expect(await verify(SECRET, raw.replace('"pending"', '"delivered"'), signature)).toBe(false);
    expect(await verify('whsec_some_other_secret', raw, signature)).toBe(false);
    expect(verifySignature(SECRET, r!.raw, signature)).toBe(true);
    expect(verifySignature(SECRET, raw + ' ', signature)).toBe(false);
    expect(verifySignature(SECRET, raw, 'sha256=deadbeef')).toBe(false);
    expect(verifySignature(SECRET, raw, undefined)).toBe(false);
    expect(signPayload(SECRET, raw)).toBe(signature);
  });

  it('logs every attempt with its request, response and timing', async () => {
    const order = await t.createOrder();
    await t.sandbox.settle();
    const [attempt] = (await t.get(`/__sandbox/webhook-deliveries?order_id=${order.order_id}`)).body
      .deliveries;
    expect(attempt).toMatchObject({
      event: 'order.created',
      order_id: order.order_id,
      url: rx.url,
      attempt: 1,
      status: 'succeeded',
      response_status: 200,
      error: null,
      response_body: 'answered 200',
      attempted_at: '2026-01-01T12:00:00.000Z',
      next_attempt_at: null,
      fault: null,
    });
    expect(attempt.request.body).toBe(rx.received[0]!.raw.toString('utf8'));
    expect(attempt.request.headers['X-Service-Signature']).toBe(
      rx.received[0]!.headers['x-service-signature'],
    );
    expect(attempt.duration_ms).toBeGreaterThan(0);
  });

  it('retries a failing receiver on the schedule, counting attempts up, then marks it failed', async () => {
    rx.answer(500);
    const order = await t.createOrder();
    await t.sandbox.settle();
    // The order goes on moving (its other events fail and retry too); follow order.created.
    const created = () => rx.received.filter((r) => r.event === 'order.created');
    expect(created().map((r) => r.attempt)).toEqual([1]);
    const schedule = ['5s', '5m', '30m', '2h', '5h', '10h', '10h'];
    for (const [i, by] of schedule.entries()) {
      await t.post('/__sandbox/clock/advance', {
        by: `${by === '5s' ? 4 : by === '5m' ? 299 : by === '30m' ? 1799 : 0}s`,
      });
      expect(created()).toHaveLength(i + 1); // not yet
      await t.post('/__sandbox/clock/advance', {
        by: by === '5s' || by === '5m' || by === '30m' ? '1s' : by,
      });
      expect(created().map((r) => r.attempt)).toEqual(
        Array.from({ length: i + 2 }, (_, k) => k + 1),
      );
    }
    const log = (
      await t.get(`/__sandbox/webhook-deliveries?order_id=${order.order_id}&event=order.created`)
    ).body.deliveries;
    expect(log.map((a: any) => a.status)).toEqual([...Array(7).fill('retrying'), 'failed']);
    expect(log.every((a: any) => a.error === 'answered 500; the service expects 200')).toBe(true);
    expect(log.map((a: any) => a.attempted_at)).toEqual([
      '2026-01-01T12:00:00.000Z',
      '2026-01-01T12:00:05.000Z',
      '2026-01-01T12:05:05.000Z',
      '2026-01-01T12:35:05.000Z',
      '2026-01-01T14:35:05.000Z',
      '2026-01-01T19:35:05.000Z',
      '2026-01-02T05:35:05.000Z',
      '2026-01-02T15:35:05.000Z',
    ]);
    expect(log[0].next_attempt_at).toBe('2026-01-01T12:00:05.000Z');
    expect(new Set(created().map((r) => r.body.event_id)).size).toBe(1);
    expect(new Set(created().map((r) => r.raw.toString())).size).toBe(1);
    await t.post('/__sandbox/clock/advance', { by: '2d' });
    expect(created()).toHaveLength(8);

    rx.answer(200);
    const event = (await t.get(`/__sandbox/events?order_id=${order.order_id}`)).body.events[0];
    const again = await t.post(`/__sandbox/events/${event.event_id}/redeliver`);
    expect(again.status).toBe(200);
    expect(again.body.deliveries).toMatchObject([
      { attempt: 9, status: 'succeeded', response_status: 200 },
    ]);
    expect(rx.received.at(-1)!.body.event_id).toBe(event.event_id);
  });

  it.each([
    [204, 'answered 204; the service expects 200'],
    [302, 'answered 302; the service expects 200'],
    [404, 'answered 404; the service expects 200'],
  ])('treats an answer of %i as a failure and says why', async (status, error) => {
    rx.answer(status);
    const order = await t.createOrder();
    await t.sandbox.settle();
    const [attempt] = (await t.get(`/__sandbox/webhook-deliveries?order_id=${order.order_id}`)).body
      .deliveries;
    expect(attempt).toMatchObject({
      status: 'retrying',
      response_status: status,
      error,
      response_body: status === 204 ? '' : `answered ${status}` /* a 204 has no body */,
    });
  });

  it('filters the log by order, event and status', async () => {
    rx.answer((r) => (r.event === 'order.driver_assigned' ? 500 : 200));
    const a = await t.createOrder();
    await t.createOrder();
    await t.post('/__sandbox/clock/advance', { by: '30s' });
    const q = async (query: string) =>
      (await t.get(`/__sandbox/webhook-deliveries?${query}`)).body.deliveries;
    expect(await q(`order_id=${a.order_id}`)).toHaveLength(2);
    expect((await q('event=order.created')).every((d: any) => d.event === 'order.created')).toBe(
      true,
    );
    expect((await q('status=retrying')).map((d: any) => d.event)).toEqual([
      'order.driver_assigned',
      'order.driver_assigned',
    ]);
    expect((await t.get('/__sandbox/webhook-deliveries?status=lost')).status).toBe(400);
  });

  it('answers 404 for redelivering an unknown event', async () => {
    const res = await t.post('/__sandbox/events/evt_nope/redeliver');
    expect(res.status).toBe(404);
    expect(res.body.error.reason).toBe('event_not_found');
  });
});

describe('receivers that fail in other ways', () => {
  let rx: Receiver;
  beforeAll(async () => {
    rx = await Receiver.start();
  });
  afterAll(() => rx.close());

  const scenario = (webhooks: Record<string, unknown>) => ({
    scenario: {
      name: 'hooks',
      seed: 'hooks',
      accounts: [{ id: 'acct_h', api_keys: ['sk_test_hooks'] }],
      drivers: { count: 5 },
      clock: { mode: 'manual' as const, start: '2026-01-01T12:00:00.000Z' },
      webhooks,
    },
  });

  it('times out a receiver that hangs, retries it, and never blocks the API or another endpoint', async () => {
    const fast = await Receiver.start();
    rx.answer('hang');
    const t = await TestSandbox.start(
      scenario({ endpoints: [{ url: rx.url }, { url: fast.url }], timeout: '400ms' }),
    );
    try {
      const order = await t.createOrder({}, 'sk_test_hooks');
      await Promise.all([rx.waitFor(1), fast.waitFor(1)]);
      // The API had answered, and the other endpoint had its event, while this receiver still
      // holds the request open.
      expect(rx.hanging).toHaveLength(1);
      expect(rx.hanging[0]!.writableEnded).toBe(false);
      expect(fast.received.map((r) => r.event)).toEqual(['order.created']);
      await t.sandbox.settle();
      const log = (
        await t.get(
          `/__sandbox/webhook-deliveries?endpoint_id=${t.sandbox.webhookEndpoints[0]!.endpoint_id}`,
        )
      ).body.deliveries;
      expect(log).toMatchObject([
        {
          status: 'retrying',
          response_status: null,
          error: 'no answer within 0.4 s (timed out)',
          order_id: order.order_id,
        },
      ]);
      rx.answer(200);
      await t.post('/__sandbox/clock/advance', { by: '5s' });
      expect(rx.received.at(-1)).toMatchObject({ attempt: 2, event: 'order.created' });
    } finally {
      await t.close();
      await fast.close();
      rx.received.length = 0;
    }
  });

  it('explains a refused connection and keeps retrying', async () => {
    const gone = await Receiver.start();
    const url = gone.url;
    await gone.close();
    const t = await TestSandbox.start(scenario({ endpoints: [{ url }] }));
    try {
      await t.createOrder({}, 'sk_test_hooks');
      await t.sandbox.settle();
      await t.post('/__sandbox/clock/advance', { by: '5s' });
      const log = (await t.get('/__sandbox/webhook-deliveries')).body.deliveries;
      expect(log.map((a: any) => a.attempt)).toEqual([1, 2]);
      expect(log[0].error).toMatch(
        /^connection refused by 127\.0\.0\.1:\d+ \(is the receiver running\?\)$/,
      );
    } finally {
      await t.close();
    }
  });

  it('accepts any 2xx when the scenario says webhooks.accept: 2xx, and follows its own retry schedule', async () => {
    rx.answer(204);
    const t = await TestSandbox.start(
      scenario({ endpoints: [{ url: rx.url }], accept: '2xx', retry_schedule: ['1m'] }),
    );
    try {
      await t.createOrder({}, 'sk_test_hooks');
      expect((await t.get('/__sandbox/webhook-deliveries')).body.deliveries[0].status).toBe(
        'succeeded',
      );
      rx.answer(500);
      await t.post('/__sandbox/clock/advance', { by: '30s' });
      await t.post('/__sandbox/clock/advance', { by: '1m' });
      const failed = (await t.get('/__sandbox/webhook-deliveries?event=order.driver_assigned')).body
        .deliveries;
      expect(failed.map((a: any) => [a.attempt, a.status])).toEqual([
        [1, 'retrying'],
        [2, 'failed'],
      ]);
    } finally {
      await t.close();
      rx.received.length = 0;
    }
  });
});

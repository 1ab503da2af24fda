import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { verifySignature } from '../src/index.js';
import { Receiver, type Received } from './support/receiver.js';
import { expectError, TestSandbox } from './support/test-sandbox.js';

const SECRET = 'whsec_report_test_secret';

/** A receiver's answer when it verifies signatures as the docs say: 200 if genuine, else 401. */
const verifying = (r: Received): number =>
  verifySignature(SECRET, r.raw, r.headers['x-service-signature'] as string | undefined)
    ? 200
    : 401;

describe('the signature probe', () => {
  let t: TestSandbox;
  let rx: Receiver;
  let endpointId: string;
  beforeAll(async () => {
    [t, rx] = await Promise.all([TestSandbox.start(), Receiver.start()]);
    const res = await t.post('/__sandbox/webhook-endpoints', { url: rx.url, secret: SECRET });
    endpointId = res.body.endpoint_id;
  });
  afterAll(async () => {
    await Promise.all([t.close(), rx.close()]);
  });
  beforeEach(() => {
    rx.received.length = 0;
  });

  const probe = async () => {
    const res = await t.post(`/__sandbox/webhook-endpoints/${endpointId}/probe`);
    expect(res.status).toBe(200);
    return res.body;
  };

  it('passes a receiver that checks signatures: the genuine request accepted, three forgeries refused', async () => {
    rx.answer(verifying);
    const result = await probe();
    expect(result).toMatchObject({ endpoint_id: endpointId, url: rx.url, status: 'passed' });
    expect(
      Object.fromEntries(result.cases.map((c: any) => [c.case, [c.response_status, c.verdict]])),
    ).toEqual({
      valid: [200, 'ok'],
      wrong_signature: [401, 'ok'],
      altered_body: [401, 'ok'],
      unsigned: [401, 'ok'],
    });
    // What went over the wire: four requests about four sample orders, one of them unsigned.
    expect(rx.received).toHaveLength(4);
    expect(new Set(rx.received.map((r) => r.body.event_id)).size).toBe(4);
    expect(rx.received.filter((r) => r.headers['x-service-signature'] === undefined)).toHaveLength(
      1,
    );
    expect(rx.received.every((r) => r.body.data.order.order_id.startsWith('ord_test'))).toBe(true);
  });

  it('fails a receiver that skips the check (a forged webhook would be accepted), naming the forgeries', async () => {
    rx.answer(200);
    const result = await probe();
    expect(result.status).toBe('failed');
    expect(result.message).toContain('wrong_signature, altered_body, unsigned');
    expect(result.message).toContain('X-Service-Signature');
    const report = (await t.get('/__sandbox/report')).body;
    expect(report.receivers[0].probe.status).toBe('failed');
    expect(report.summary.probes).toMatchObject({ failed: 1, passed: 0 });
  });

  it('fails a receiver that accepts only a wrong signature', async () => {
    rx.answer((r) => (r.headers['x-service-signature'] === undefined ? 401 : 200));
    const result = await probe();
    expect(result.status).toBe('failed');
    expect(result.cases.find((c: any) => c.case === 'unsigned').verdict).toBe('ok');
    expect(result.message).toContain('wrong_signature, altered_body');
  });

  it('is inconclusive for a receiver that refuses everything, or is not there', async () => {
    rx.answer(400);
    const refusing = await probe();
    expect(refusing.status).toBe('inconclusive');
    expect(refusing.message).toContain('refused even the correctly signed request');

    const gone = await Receiver.start();
    await gone.close();
    const res = await t.post('/__sandbox/webhook-endpoints', { url: gone.url });
    const down = await t.post(`/__sandbox/webhook-endpoints/${res.body.endpoint_id}/probe`);
    expect(down.body.status).toBe('inconclusive');
    expect(down.body.message).toContain('connection refused');
    await t.delete(`/__sandbox/webhook-endpoints/${res.body.endpoint_id}`);
  });

  it('never enters the delivery log', async () => {
    rx.answer(verifying);
    await probe();
    expect((await t.get('/__sandbox/webhook-deliveries')).body.deliveries).toEqual([]);
    expect((await t.get('/__sandbox/events')).body.events).toEqual([]);
  });

  it('answers 404 endpoint_not_found for an unknown endpoint', async () => {
    const res = await t.post('/__sandbox/webhook-endpoints/whk_nope/probe');
    expectError(res, 404, 'not_found', { reason: 'endpoint_not_found' });
  });
});

describe('the receiver scorecard and the webhook coverage', () => {
  let t: TestSandbox;
  let rx: Receiver;
  beforeAll(async () => {
    [t, rx] = await Promise.all([TestSandbox.start(), Receiver.start()]);
    await t.post('/__sandbox/webhook-endpoints', { url: rx.url, secret: SECRET });
  });
  afterAll(async () => {
    await Promise.all([t.close(), rx.close()]);
  });
  afterEach(async () => {
    rx.answer(200);
    await t.request('PUT', '/__sandbox/faults', { body: { webhooks: {} } });
    await t.post('/__sandbox/reset');
    await t.post('/__sandbox/report/reset');
  });

  const report = async () => (await t.get('/__sandbox/report')).body;
  const entry = (r: any, id: string) => r.coverage.find((c: any) => c.id === id);

  it('counts first-attempt successes, answers other than 200 by status, and a retry that recovered', async () => {
    // The first delivery answers 500, its retry 200; every other one 200 at once.
    let failed = false;
    rx.answer(() => (failed ? 200 : ((failed = true), 500)));
    const order = await t.createOrder();
    await t.advance(order.order_id, 'delivered');
    await t.post('/__sandbox/clock/advance', { by: '10s' });
    await t.sandbox.settle();

    const r = await report();
    const card = r.receivers[0];
    expect(card).toMatchObject({
      url: rx.url,
      deliveries: 4,
      attempts: 5,
      first_attempts: 4,
      first_attempt_successes: 3,
      first_attempt_success_rate: 0.75,
      non_200_by_status: { '500': 1 },
      no_answer: { timeout: 0, connection: 0 },
      duplicates: { sent: 0, answered_200: 0 },
      probe: null,
    });
    expect(card.latency_ms.timeout_ms).toBe(10_000);
    expect(card.latency_ms.p50).toBeGreaterThanOrEqual(0);
    expect(card.latency_ms.p50).toBeLessThanOrEqual(card.latency_ms.p95);
    expect(card.latency_ms.p95).toBeLessThanOrEqual(card.latency_ms.max);

    const recovered = entry(r, 'webhook.retry.recovered');
    expect(recovered).toMatchObject({ source: 'deliveries', status: 'covered', count: 1 });
    const log = (await t.get('/__sandbox/webhook-deliveries')).body.deliveries;
    const retry = log.find((d: any) => d.attempt === 2);
    expect(recovered.evidence).toEqual([retry.delivery_id]);
    for (const event of [
      'order.created',
      'order.driver_assigned',
      'order.picked_up',
      'order.delivered',
    ])
      expect(entry(r, `webhook.${event}.acknowledged`).status).toBe('covered');
    expect(entry(r, 'webhook.order.cancelled.acknowledged').status).toBe('not_covered');
    expect(entry(r, 'webhook.duplicate.acknowledged').status).toBe('not_covered');
  });

  it('counts time-outs apart from refusals, and proves nothing while the receiver fails', async () => {
    await t.post('/__sandbox/reset', {
      scenario: {
        name: 'short-timeout',
        accounts: [{ id: 'acct_r', api_keys: ['sk_test_ci_acme'] }],
        drivers: { count: 3 },
        clock: { mode: 'manual', start: '2026-01-01T12:00:00.000Z' },
        webhooks: { timeout: '200ms' },
      },
    });
    rx.answer('hang');
    await t.createOrder();
    await t.sandbox.settle();
    const r = await report();
    expect(r.receivers[0]).toMatchObject({
      deliveries: 1,
      first_attempt_success_rate: 0,
      no_answer: { timeout: 1, connection: 0 },
      non_200_by_status: {},
    });
    expect(r.receivers[0].latency_ms.timeout_ms).toBe(200);
    expect(entry(r, 'webhook.order.created.acknowledged').status).toBe('not_covered');
  });

  it('counts duplicates answered 200 (webhook faults) and covers webhook.duplicate.acknowledged', async () => {
    await t.request('PUT', '/__sandbox/faults', { body: { webhooks: { duplicate_rate: 1 } } });
    await t.createOrder();
    await t.sandbox.settle();
    const r = await report();
    expect(r.receivers[0].duplicates).toEqual({ sent: 1, answered_200: 1 });
    expect(r.receivers[0].deliveries).toBe(1);
    expect(r.receivers[0].attempts).toBe(2);
    expect(entry(r, 'webhook.duplicate.acknowledged')).toMatchObject({
      status: 'covered',
      count: 1,
    });
    expect(entry(r, 'webhook.order.created.acknowledged').count).toBe(1);
  });

  it('keeps one report across POST /__sandbox/reset; POST /__sandbox/report/reset empties it and leaves the world', async () => {
    await t.createOrder();
    await t.sandbox.settle();
    await t.post('/__sandbox/reset');
    await t.createOrder();
    await t.sandbox.settle();
    expect((await report()).receivers[0].deliveries).toBe(2);
    expect(entry(await report(), 'webhook.order.created.acknowledged').count).toBe(2);

    const fresh = await t.post('/__sandbox/report/reset');
    expect(fresh.status).toBe(200);
    expect(fresh.body.receivers[0]).toMatchObject({
      deliveries: 0,
      first_attempt_success_rate: null,
    });
    expect(fresh.body.summary.coverage.covered).toBe(0);
    expect(fresh.body.since).toBe(t.nowIso());
    expect((await t.get('/__sandbox/orders')).body.orders).toHaveLength(1);
  });

  it('test deliveries show in the scorecard but prove no coverage', async () => {
    await t.post(`/__sandbox/webhook-endpoints/${(await report()).receivers[0].endpoint_id}/test`);
    const r = await report();
    expect(r.receivers[0].deliveries).toBe(1);
    expect(entry(r, 'webhook.order.created.acknowledged').status).toBe('not_covered');
  });

  it('lists every situation of the catalogue; request ones have no data before the first /v1 request', async () => {
    const r = await report();
    const ids = r.coverage.map((c: any) => c.id);
    for (const id of [
      'orders.create.created',
      'orders.create.invalid_request',
      'orders.create.payment_required',
      'orders.cancel.free',
      'orders.cancel.fee',
      'orders.cancel.after_pickup_refused',
      'payment.succeeded',
      'payment.card_declined',
      'payment.insufficient_funds',
      'payment.expired_card',
      'payment.already_paid',
      'location.no_driver_assigned',
      'location.order_finished',
      'drivers.default_radius',
      'idempotency.replayed',
      'auth.unauthorized',
      'auth.forbidden',
      'webhook.order.created.acknowledged',
      'webhook.order.driver_assigned.acknowledged',
      'webhook.order.picked_up.acknowledged',
      'webhook.order.delivered.acknowledged',
      'webhook.order.cancelled.acknowledged',
      'webhook.payment.completed.acknowledged',
      'webhook.duplicate.acknowledged',
      'webhook.retry.recovered',
      'api.rate_limited.respected',
    ])
      expect(ids).toContain(id);
    expect(new Set(ids).size).toBe(ids.length);
    // Before any /v1 request: no data, never a guess.
    for (const c of r.coverage.filter((c: any) => c.source === 'requests'))
      expect(c.status).toBe('no_data');
    expect(r.violations).toEqual({ available: false, note: expect.any(String), items: [] });
    expect(r.summary.violations).toBeNull();
    // One request feeds the report through the journal: request situations have data now.
    await t.createOrder();
    const after = await report();
    expect(entry(after, 'orders.create.created')).toMatchObject({
      status: 'covered',
      count: 1,
      evidence: [expect.stringMatching(/^req_/)],
    });
    expect(entry(after, 'orders.cancel.fee').status).toBe('not_covered');
    expect(after.violations).toEqual({ available: true, note: null, items: [] });
    expect(after.summary).toMatchObject({ violations: 0, requests: 1 });
  });

  it('sandbox.report() is the same report as GET /__sandbox/report', async () => {
    await t.createOrder();
    await t.sandbox.settle();
    expect(t.sandbox.report()).toEqual(await report());
  });
});

describe('a scenario with webhooks.probe: true', () => {
  it('probes each endpoint at start and each endpoint registered later', async () => {
    const [good, lax] = await Promise.all([Receiver.start(), Receiver.start()]);
    good.answer(verifying);
    lax.answer(200);
    const t = await TestSandbox.start({
      scenario: {
        name: 'probed',
        accounts: [{ id: 'acct_p', api_keys: ['sk_test_ci_acme'] }],
        clock: { mode: 'manual' },
        webhooks: { probe: true, endpoints: [{ url: good.url, secret: SECRET }] },
      },
    });
    try {
      await t.sandbox.settle();
      await t.post('/__sandbox/webhook-endpoints', { url: lax.url });
      await t.sandbox.settle();
      const r = (await t.get('/__sandbox/report')).body;
      const status = Object.fromEntries(r.receivers.map((c: any) => [c.url, c.probe?.status]));
      expect(status).toEqual({ [good.url]: 'passed', [lax.url]: 'failed' });
      expect(good.received).toHaveLength(4);
    } finally {
      await Promise.all([t.close(), good.close(), lax.close()]);
    }
  });
});

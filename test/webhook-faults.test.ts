import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Receiver } from './support/receiver.js';
import { TestSandbox } from './support/test-sandbox.js';

describe('webhook fault injection', () => {
  let t: TestSandbox;
  let rx: Receiver;
  beforeAll(async () => {
    t = await TestSandbox.start();
    rx = await Receiver.start();
    await t.post('/__sandbox/webhook-endpoints', { url: rx.url });
  });
  afterAll(async () => {
    await t.close();
    await rx.close();
  });
  afterEach(async () => {
    await t.post('/__sandbox/reset');
    rx.received.length = 0;
  });

  const setFaults = async (webhooks: Record<string, unknown>) => {
    const res = await t.request('PUT', '/__sandbox/faults', { body: { webhooks } });
    expect(res.status).toBe(200);
    return res.body;
  };

  it('is off by default, and can be read back as set', async () => {
    expect((await t.get('/__sandbox/faults')).body).toEqual({ webhooks: {}, api: [] });
    const set = await setFaults({ duplicate_rate: 0.5, delay_ms: { min: 100, max: 200 } });
    expect(set).toEqual({
      webhooks: { duplicate_rate: 0.5, delay_ms: { min: 100, max: 200 } },
      api: [],
    });
    expect((await t.get('/__sandbox/faults')).body).toEqual(set);
  });

  it.each([
    [{ duplicate_rate: 2 }],
    [{ delay_ms: -1 }],
    [{ reorder_rate: 'often' }],
    [{ explode: true }],
  ])('refuses %j', async (webhooks) => {
    expect((await t.request('PUT', '/__sandbox/faults', { body: { webhooks } })).status).toBe(400);
  });

  it('duplicates successful deliveries: the receiver sees the same event twice', async () => {
    await setFaults({ duplicate_rate: 1 });
    const order = await t.createOrder();
    await t.sandbox.settle();
    expect(rx.received.map((r) => [r.event, r.attempt])).toEqual([
      ['order.created', 1],
      ['order.created', 1],
    ]);
    expect(rx.received[0]!.raw.equals(rx.received[1]!.raw)).toBe(true);
    const log = (await t.get(`/__sandbox/webhook-deliveries?order_id=${order.order_id}`)).body
      .deliveries;
    expect(log.map((a: any) => a.fault)).toEqual([null, 'duplicate']);
  });

  it('drops first attempts: nothing arrives until the retry 5 s later', async () => {
    await setFaults({ drop_first_attempt_rate: 1 });
    await t.createOrder();
    await t.sandbox.settle();
    expect(rx.received).toEqual([]);
    const [dropped] = (await t.get('/__sandbox/webhook-deliveries')).body.deliveries;
    expect(dropped).toMatchObject({
      attempt: 1,
      status: 'retrying',
      fault: 'dropped',
      response_status: null,
    });
    expect(dropped.error).toMatch(/^dropped by fault injection/);
    await t.post('/__sandbox/clock/advance', { by: '5s' });
    expect(rx.received.map((r) => r.attempt)).toEqual([2]);
  });

  it('delays first attempts by virtual time', async () => {
    await setFaults({ delay_ms: 20_000 });
    await t.createOrder();
    await t.sandbox.settle();
    expect(rx.received).toEqual([]);
    await t.post('/__sandbox/clock/advance', { by: '19s' });
    expect(rx.received).toEqual([]);
    await t.post('/__sandbox/clock/advance', { by: '1s' });
    expect(rx.received.map((r) => r.event)).toEqual(['order.created']);
    expect((await t.get('/__sandbox/webhook-deliveries')).body.deliveries[0]).toMatchObject({
      fault: 'delayed',
      attempted_at: '2026-01-01T12:00:20.000Z',
    });
  });

  it('reorders: some events arrive after the next event of their order, and none is lost', async () => {
    await setFaults({ reorder_rate: 0.5 });
    const ids = [];
    for (let i = 0; i < 6; i++) ids.push((await t.createOrder()).order_id);
    await t.post('/__sandbox/clock/advance', { by: '3h' });
    const lifecycle = [
      'order.created',
      'order.driver_assigned',
      'order.picked_up',
      'order.delivered',
    ];
    let outOfOrder = 0;
    for (const id of ids) {
      const seen = rx.forOrder(id).map((r) => r.event);
      expect([...seen].sort()).toEqual([...lifecycle].sort());
      if (seen.join() !== lifecycle.join()) outOfOrder++;
    }
    expect(outOfOrder).toBeGreaterThan(0);
    const log = (await t.get('/__sandbox/webhook-deliveries')).body.deliveries;
    expect(log.some((a: any) => a.fault === 'reordered')).toBe(true);
  });

  it('takes its faults from the scenario too', async () => {
    const other = await TestSandbox.start({
      scenario: {
        name: 'flaky',
        accounts: [{ id: 'acct_f', api_keys: ['sk_test_flaky'] }],
        clock: { mode: 'manual', start: '2026-01-01T12:00:00.000Z' },
        webhooks: { endpoints: [{ url: rx.url }] },
        faults: { webhooks: { drop_first_attempt_rate: 1 } },
      },
    });
    try {
      expect((await other.get('/__sandbox/faults')).body).toEqual({
        webhooks: { drop_first_attempt_rate: 1 },
        api: [],
      });
    } finally {
      await other.close();
    }
  });
});

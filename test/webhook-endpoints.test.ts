import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Receiver } from './support/receiver.js';
import { TestSandbox } from './support/test-sandbox.js';

describe('/__sandbox/webhook-endpoints', () => {
  let t: TestSandbox;
  let rx: Receiver;
  beforeAll(async () => {
    t = await TestSandbox.start();
    rx = await Receiver.start();
  });
  afterAll(async () => {
    await t.close();
    await rx.close();
  });

  it('registers an endpoint with a generated secret shown once, then masked in the list', async () => {
    const created = await t.post('/__sandbox/webhook-endpoints', {
      url: rx.url,
      events: ['order.created', 'order.delivered'],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      endpoint_id: expect.stringMatching(/^whk_/),
      url: rx.url,
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9]{32}$/),
      events: ['order.created', 'order.delivered'],
      created_at: '2026-01-01T12:00:00.000Z',
    });
    const listed = (await t.get('/__sandbox/webhook-endpoints')).body.endpoints;
    expect(listed).toEqual([
      { ...created.body, secret: `whsec_…${created.body.secret.slice(-4)}` },
    ]);
    expect(
      (await t.request('DELETE', `/__sandbox/webhook-endpoints/${created.body.endpoint_id}`))
        .status,
    ).toBe(200);
    expect((await t.get('/__sandbox/webhook-endpoints')).body.endpoints).toEqual([]);
    expect(
      (await t.request('DELETE', `/__sandbox/webhook-endpoints/${created.body.endpoint_id}`))
        .status,
    ).toBe(404);
  });

  it('sends only the events an endpoint subscribes to', async () => {
    const { body: endpoint } = await t.post('/__sandbox/webhook-endpoints', {
      url: rx.url,
      events: ['order.delivered'],
    });
    const order = await t.createOrder();
    await t.advance(order.order_id, 'delivered');
    expect(rx.events()).toEqual([`order.delivered ${order.order_id}`]);
    await t.request('DELETE', `/__sandbox/webhook-endpoints/${endpoint.endpoint_id}`);
    rx.received.length = 0;
  });

  it('sends a signed test delivery on demand', async () => {
    const { body: endpoint } = await t.post('/__sandbox/webhook-endpoints', {
      url: rx.url,
      secret: 'whsec_for_the_test_1',
    });
    const res = await t.post(`/__sandbox/webhook-endpoints/${endpoint.endpoint_id}/test`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      event: 'order.created',
      attempt: 1,
      status: 'succeeded',
      response_status: 200,
    });
    expect(rx.received.at(-1)!.body.data.order.order_id).toMatch(/^ord_test/);
    expect((await t.post('/__sandbox/webhook-endpoints/whk_nope/test')).status).toBe(404);
    await t.request('DELETE', `/__sandbox/webhook-endpoints/${endpoint.endpoint_id}`);
  });

  it.each([
    [{}, 'url'],
    [{ url: 'ftp://example.com' }, 'url'],
    [{ url: 'not a url' }, 'url'],
    [{ url: 'http://x', secret: 'plain' }, 'secret'],
    [{ url: 'http://x', events: ['order.eaten'] }, 'events[0]'],
    [{ url: 'http://x', events: [] }, 'events'],
    [{ url: 'http://x', colour: 'red' }, 'colour'],
  ])('refuses %j naming the parameter', async (body, param) => {
    const res = await t.post('/__sandbox/webhook-endpoints', body);
    expect(res.status).toBe(400);
    expect(res.body.error.details.map((d: any) => d.param)).toContain(param);
  });

  it("says a refused secret's format, with an example", async () => {
    const res = await t.post('/__sandbox/webhook-endpoints', { url: 'http://x', secret: 'plain' });
    const detail = res.body.error.details.find((d: any) => d.param === 'secret');
    expect(detail.message).toMatch(
      /whsec_ followed by 8 to 100 letters, digits or underscores, such as whsec_my_test_secret.*got the string "plain"/,
    );
  });

  it('redelivers an event that fired before any endpoint existed, and refuses when none subscribes', async () => {
    const order = await t.createOrder();
    const [event] = (await t.get(`/__sandbox/events?order_id=${order.order_id}`)).body.events;
    const none = await t.post(`/__sandbox/events/${event.event_id}/redeliver`);
    expect(none.status).toBe(400);
    expect(none.body.error.reason).toBe('no_webhook_endpoint');
    const { body: endpoint } = await t.post('/__sandbox/webhook-endpoints', { url: rx.url });
    const res = await t.post(`/__sandbox/events/${event.event_id}/redeliver`);
    expect(res.body.deliveries).toMatchObject([
      { event_id: event.event_id, attempt: 1, status: 'succeeded' },
    ]);
    await t.request('DELETE', `/__sandbox/webhook-endpoints/${endpoint.endpoint_id}`);
  });

  it('keeps endpoints, and their secrets, across a reset', async () => {
    const { body: endpoint } = await t.post('/__sandbox/webhook-endpoints', { url: rx.url });
    await t.post('/__sandbox/reset');
    expect((await t.get('/__sandbox/webhook-endpoints')).body.endpoints).toMatchObject([
      { endpoint_id: endpoint.endpoint_id },
    ]);
    rx.received.length = 0;
    const order = await t.createOrder();
    await t.sandbox.settle();
    expect(rx.events()).toEqual([`order.created ${order.order_id}`]);
  });
});

describe('endpoints from the scenario', () => {
  it('registers them at start and delivers to them', async () => {
    const rx = await Receiver.start();
    const t = await TestSandbox.start({
      scenario: {
        name: 'hooks',
        accounts: [{ id: 'acct_h', api_keys: ['sk_test_hooks'] }],
        clock: { mode: 'manual', start: '2026-01-01T12:00:00.000Z' },
        webhooks: {
          endpoints: [{ url: rx.url, secret: 'whsec_from_scenario', events: ['order.created'] }],
        },
      },
    });
    try {
      expect(t.sandbox.webhookEndpoints).toMatchObject([
        { url: rx.url, secret: 'whsec_from_scenario', events: ['order.created'] },
      ]);
      await t.createOrder({}, 'sk_test_hooks');
      await t.sandbox.settle();
      expect(rx.received.map((r) => r.event)).toEqual(['order.created']);
    } finally {
      await t.close();
      await rx.close();
    }
  });
});

describe('many orders at once', () => {
  it('delivers every event of every order, each order in lifecycle order', async () => {
    const rx = await Receiver.start();
    const t = await TestSandbox.start({
      scenario: {
        name: 'busy',
        accounts: [{ id: 'acct_b', api_keys: ['sk_test_busy'] }],
        drivers: { count: 60 },
        dispatch: { radius_km: 20 },
        clock: { mode: 'manual', start: '2026-01-01T12:00:00.000Z' },
        webhooks: { endpoints: [{ url: rx.url }] },
      },
    });
    try {
      const ids = [];
      for (let i = 0; i < 40; i++) {
        ids.push(
          (
            await t.createOrder(
              { pickup: { address: `${i} Market St` }, dropoff: { address: `${i} Castro St` } },
              'sk_test_busy',
            )
          ).order_id,
        );
      }
      await t.post('/__sandbox/clock/advance', { by: '3h' });
      expect(rx.received).toHaveLength(40 * 4);
      for (const id of ids) {
        expect(rx.forOrder(id).map((r) => r.event)).toEqual([
          'order.created',
          'order.driver_assigned',
          'order.picked_up',
          'order.delivered',
        ]);
      }
    } finally {
      await t.close();
      await rx.close();
    }
  });
});

describe('the cap of 100 webhook endpoints', () => {
  const url = (i: number): string => `http://127.0.0.1:9/hooks/${i}`; // port 9: nothing answers
  let t: TestSandbox;
  beforeAll(async () => {
    t = await TestSandbox.start();
    for (let i = 0; i < 100; i++)
      expect((await t.post('/__sandbox/webhook-endpoints', { url: url(i) })).status).toBe(201);
  });
  afterAll(() => t.close());

  it('refuses endpoint 101 with a 400 too_many_webhook_endpoints that says how to make room', async () => {
    const refused = await t.post('/__sandbox/webhook-endpoints', { url: url(100) });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({
      code: 'invalid_request',
      reason: 'too_many_webhook_endpoints',
      param: 'url',
    });
    expect(refused.body.error.message).toContain('DELETE /__sandbox/webhook-endpoints');
    expect((await t.get('/__sandbox/webhook-endpoints')).body.endpoints).toHaveLength(100);
  });

  it('refuses a reset whose scenario would add one more, and the sandbox runs on as it was', async () => {
    const before = (await t.get('/__sandbox/health')).body;
    const scenario = {
      name: 'one-more',
      accounts: [{ id: 'acct_acme', name: 'Acme', api_keys: ['sk_test_ci_acme'] }],
      webhooks: { endpoints: [{ url: url(100) }] },
    };
    const refused = await t.post('/__sandbox/reset', { scenario });
    expect(refused.status).toBe(400);
    expect(refused.body.error.reason).toBe('too_many_webhook_endpoints');
    expect((await t.get('/__sandbox/health')).body).toEqual(before);
  });

  it('refuses a state with 101 endpoints on import, changing nothing', async () => {
    const state = (await t.get('/__sandbox/state')).body;
    state.webhook_endpoints.push({ ...state.webhook_endpoints[0], endpoint_id: 'whk_one_more' });
    const refused = await t.request('PUT', '/__sandbox/state', { body: state });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('webhook_endpoints');
    expect((await t.get('/__sandbox/webhook-endpoints')).body.endpoints).toHaveLength(100);
  });
});

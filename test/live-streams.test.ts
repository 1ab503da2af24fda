import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raw } from './support/raw-http.js';
import { Receiver } from './support/receiver.js';
import { StreamClient } from './support/stream-client.js';
import { KEYS, TestSandbox } from './support/test-sandbox.js';

const ws = (t: TestSandbox, path: string): string => t.url.replace(/^http/, 'ws') + path;
const locationPath = (id: string): string => `/v1/orders/${id}/location/stream`;
const bearer = (key: string): Record<string, string> => ({ Authorization: `Bearer ${key}` });

describe('the WebSocket streams: refusals before the upgrade', () => {
  let t: TestSandbox;
  let orderId: string;
  beforeAll(async () => {
    t = await TestSandbox.start({ adminToken: 'admin-secret', streams: { intervalMs: 10 } });
    orderId = (await t.createOrder()).order_id;
  });
  afterAll(() => t.close());

  it.each([
    ['no key', {}, '', 401, 'missing_api_key'],
    ['an unknown key', bearer('sk_test_nobody_here'), '', 401, 'invalid_api_key'],
    [
      'an unknown key in access_token',
      {},
      '?access_token=sk_test_nobody_here',
      401,
      'invalid_api_key',
    ],
    ['a live key', bearer('sk_live_abcdefgh'), '', 401, 'malformed_api_key'],
    ["another account's key", bearer(KEYS.globex), '', 403, 'other_account'],
    [
      'a foreign Origin',
      { ...bearer(KEYS.acme), Origin: 'https://evil.example' },
      '',
      403,
      'stream_origin_not_allowed',
    ],
    ['a foreign Host', { ...bearer(KEYS.acme), Host: 'evil.example' }, '', 403, 'host_not_allowed'],
  ])(
    'a location stream with %s is refused with JSON',
    async (_what, headers, query, status, reason) => {
      const refusal = await StreamClient.refusal(ws(t, locationPath(orderId) + query), headers);
      expect(refusal.status).toBe(status);
      expect(refusal.body.error).toMatchObject({ reason });
      expect(refusal.body.error.message).toEqual(expect.any(String));
      expect(refusal.body.error.request_id).toMatch(/^req_/);
    },
  );

  it('a location stream of an unknown order is 404 order_not_found', async () => {
    const refusal = await StreamClient.refusal(ws(t, locationPath('ord_nope')), bearer(KEYS.acme));
    expect(refusal).toMatchObject({
      status: 404,
      body: { error: { reason: 'order_not_found', param: 'order_id' } },
    });
  });

  it.each([
    ['no admin token', {}, 401, 'missing_admin_token'],
    ['a wrong admin token', bearer('wrong'), 401, 'invalid_admin_token'],
    [
      'a foreign Origin',
      { ...bearer('admin-secret'), Origin: 'http://localhost:5173' },
      403,
      'stream_origin_not_allowed',
    ],
  ])('the sandbox stream with %s is refused with JSON', async (_what, headers, status, reason) => {
    const refusal = await StreamClient.refusal(ws(t, '/__sandbox/stream'), headers);
    expect(refusal.status).toBe(status);
    expect(refusal.body.error.reason).toBe(reason);
  });

  it('an upgrade of a path that is no stream is 404 route_not_found', async () => {
    const refusal = await StreamClient.refusal(ws(t, '/v1/orders'), bearer(KEYS.acme));
    expect(refusal).toMatchObject({ status: 404, body: { error: { reason: 'route_not_found' } } });
  });

  it('an upgrade of "//", which no URL parser takes, is 404 route_not_found, not a dropped connection', async () => {
    const answer = await raw(
      t.sandbox.port,
      `GET // HTTP/1.1\r\nHost: 127.0.0.1:${t.sandbox.port}\r\nUpgrade: websocket\r\nConnection: upgrade\r\n\r\n`,
    );
    expect(answer.status).toBe(404);
    expect(answer.json.error).toMatchObject({ code: 'not_found', reason: 'route_not_found' });
  });

  it('accepts the admin token in access_token, and a same-origin page', async () => {
    const a = await StreamClient.open(ws(t, '/__sandbox/stream?access_token=admin-secret'));
    const b = await StreamClient.open(ws(t, '/__sandbox/stream'), {
      ...bearer('admin-secret'),
      Origin: t.url,
    });
    await a.next('hello');
    await b.next('hello');
    a.close();
    b.close();
  });
});

describe('GET /v1/orders/{order_id}/location/stream', () => {
  let t: TestSandbox;
  beforeAll(async () => {
    t = await TestSandbox.start({
      streams: { intervalMs: 10 },
      corsOrigins: ['http://localhost:5173'],
    });
  });
  afterAll(() => t.close());

  it('follows an order from pending to delivered, then closes with 1000', async () => {
    const order = await t.createOrder();
    const c = await StreamClient.open(
      ws(t, `${locationPath(order.order_id)}?access_token=${KEYS.acmeReadOnly}`),
      { Origin: 'http://localhost:5173' },
    );
    await c.next('status');
    expect(c.messages[0]).toMatchObject({
      type: 'status',
      data: { order_id: order.order_id, status: 'pending' },
    });
    for (let i = 0; i < 120 && c.closed === undefined; i++) {
      await t.advanceClock(30_000);
      const seen = c.messages.length;
      // Each advance that moves the driver brings a location (or the close): wait for it.
      await c.wait((x) => x.messages.length > seen || x.closed !== undefined, 200).catch(() => {});
    }
    await c.wait((x) => x.closed !== undefined);
    expect(c.closed).toEqual({ code: 1000, reason: 'order delivered' });

    const types = c.types();
    const at = (s: string): number => types.indexOf(s);
    expect(at('status:pending')).toBe(0);
    expect(at('status:driver_assigned')).toBeGreaterThan(0);
    expect(at('status:picked_up')).toBeGreaterThan(at('status:driver_assigned'));
    expect(at('status:delivered')).toBe(types.length - 1);
    const between = (a: string, b: string): string[] => types.slice(at(a) + 1, at(b));
    expect(between('status:driver_assigned', 'status:picked_up')).toContain('location');
    expect(between('status:picked_up', 'status:delivered')).toContain('location');
    const locations = c.messages.filter((m) => m.type === 'location').map((m) => m.data);
    expect(locations[0]).toMatchObject({ order_id: order.order_id, phase: 'to_pickup' });
    // At most one position per virtual second.
    const times = locations.map((l) => Date.parse(l.updated_at));
    times.slice(1).forEach((time, i) => expect(time - times[i]!).toBeGreaterThanOrEqual(1000));
  });

  it('sends the state at once, and closes with 1000 on cancellation', async () => {
    const order = await t.createOrder();
    await t.advance(order.order_id); // driver_assigned
    const c = await StreamClient.open(ws(t, locationPath(order.order_id)), bearer(KEYS.acme));
    await c.next('location');
    expect(c.types().slice(0, 2)).toEqual(['status:driver_assigned', 'location']);
    await t.delete(`/v1/orders/${order.order_id}`);
    await c.wait((x) => x.closed !== undefined);
    expect(c.closed).toEqual({ code: 1000, reason: 'order cancelled' });
    expect(c.types().at(-1)).toBe('status:cancelled');
  });

  it('closes with 1000 and a reason on reset: the order is gone', async () => {
    const order = await t.createOrder();
    const c = await StreamClient.open(ws(t, locationPath(order.order_id)), bearer(KEYS.acme));
    await c.next('status');
    await t.sandbox.reset();
    await c.wait((x) => x.closed !== undefined);
    expect(c.closed?.code).toBe(1000);
    expect(c.closed?.reason).toContain(`sandbox reset: order ${order.order_id} is gone`);
  });
});

describe('GET /__sandbox/stream', () => {
  let t: TestSandbox;
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await Receiver.start();
    t = await TestSandbox.start({ streams: { intervalMs: 10 }, webhooks: [{ url: receiver.url }] });
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it('says hello, then sends events, deliveries, clock changes and moving drivers', async () => {
    const c = await StreamClient.open(ws(t, '/__sandbox/stream'));
    const hello = await c.next('hello');
    expect(hello.data).toMatchObject({
      scenario: 'ci',
      seed: 'ci',
      generation: 1,
      clock: { mode: 'manual', speed: 1 },
    });
    expect(c.messages[1]).toMatchObject({ type: 'drivers' });
    expect(c.messages[1].data).toHaveLength(25);

    const order = await t.createOrder();
    const event = await c.next('event', (m) => m.data.event === 'order.created');
    expect(event.data).toMatchObject({
      api_version: 'v1',
      data: { order: { order_id: order.order_id } },
    });
    await t.sandbox.settle();
    const delivery = await c.next('delivery', (m) => m.data.event_id === event.data.event_id);
    expect(delivery.data).toMatchObject({ status: 'succeeded', url: receiver.url, attempt: 1 });

    await t.advance(order.order_id);
    await t.advanceClock(60_000);
    const clock = await c.next('clock', (m) => m.data.now === t.nowIso());
    expect(clock.data).toMatchObject({ mode: 'manual', speed: 1 });
    const moved = await c.next('drivers', (m) =>
      m.data.some((d: any) => d.order_id === order.order_id),
    );
    expect(moved.data.find((d: any) => d.order_id === order.order_id)).toMatchObject({
      status: 'on_order',
      location: { lat: expect.any(Number), lng: expect.any(Number) },
    });
    c.close();
  });

  it('sends reset before the messages of the next world', async () => {
    const c = await StreamClient.open(ws(t, '/__sandbox/stream'));
    await c.next('hello');
    await t.sandbox.reset({ seed: 'other' });
    const reset = await c.next('reset');
    expect(reset.data).toMatchObject({ scenario: 'ci', seed: 'other' });
    expect(reset.data.generation).toBeGreaterThan(1);
    const order = await t.createOrder();
    const created = await c.next('event', (m) => m.data.data.order.order_id === order.order_id);
    expect(c.messages.indexOf(created)).toBeGreaterThan(c.messages.indexOf(reset));
    expect(c.messages[c.messages.indexOf(reset) + 1]).toMatchObject({ type: 'drivers' });
    c.close();
  });

  it('is sandbox.stream() in the same process', async () => {
    const seen: string[] = [];
    const order = t.createOrder();
    for await (const m of t.sandbox.stream()) {
      seen.push(m.type);
      if (m.type === 'event' && m.data.event === 'order.created') break;
    }
    await order;
    expect(seen.slice(0, 2)).toEqual(['hello', 'drivers']);
    expect(seen.at(-1)).toBe('event');
  });
});

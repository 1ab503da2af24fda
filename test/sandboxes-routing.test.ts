import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isErrorShape, send } from './support/raw-http.js';
import { Receiver } from './support/receiver.js';
import {
  expectError,
  KEYS,
  SAMPLE_ORDER,
  TestSandbox,
  type Reply,
} from './support/test-sandbox.js';

/** One sandbox as a test sees it: the path prefix of its control routes, its key, its receiver. */
interface Lane {
  name: string;
  control: string;
  key: string;
  rx: Receiver;
  orders: string[];
}

const control = (name: string): string => `/__sandbox/sandboxes/${name}`;

// Two named sandboxes and the default one, driven over HTTP only: each creates orders with its
// own key, registers its own receiver and moves its own clock; nothing crosses.
describe('a request finds its sandbox: by its key on /v1, by the path on the control plane', () => {
  let t: TestSandbox;
  const lanes: Lane[] = [];
  beforeAll(async () => {
    t = await TestSandbox.start();
    for (const name of ['alpha', 'beta']) {
      const res = await t.request('PUT', control(name), { body: { scenario: 'ci' }, key: null });
      expect(res.status).toBe(201);
      lanes.push({
        name,
        control: control(name),
        key: res.body.accounts[0].api_key,
        rx: await Receiver.start(),
        orders: [],
      });
    }
    lanes.push({
      name: 'default',
      control: '/__sandbox',
      key: KEYS.acme,
      rx: await Receiver.start(),
      orders: [],
    });
    for (const lane of lanes) {
      const res = await t.post(`${lane.control}/webhook-endpoints`, { url: lane.rx.url });
      expect(res.status).toBe(201);
    }
    for (const [i, lane] of lanes.entries())
      for (let n = 0; n <= i; n++) lane.orders.push((await t.createOrder({}, lane.key)).order_id);
  });
  afterAll(async () => {
    await t.close();
    await Promise.all(lanes.map((l) => l.rx.close()));
  });

  it('keeps every order, event, delivery, journal entry and report line in its own sandbox', async () => {
    const [alpha] = lanes;
    // Only alpha's clock moves: alpha's orders are delivered, the others' stay where they are.
    const advanced = await t.post(`${alpha!.control}/clock/advance`, { by: '2h' });
    expect(advanced.status).toBe(200);
    await alpha!.rx.waitFor(alpha!.orders.length * 4);
    for (const lane of lanes) {
      const mine = new Set(lane.orders);
      const orders = (await t.get(`${lane.control}/orders`)).body.orders as { order_id: string }[];
      expect(orders.map((o) => o.order_id).sort()).toEqual([...mine].sort());
      const events = (await t.get(`${lane.control}/events?limit=100`)).body.events as {
        data: { order: { order_id: string } };
      }[];
      expect(events.length).toBeGreaterThan(0);
      for (const e of events) expect(mine.has(e.data.order.order_id)).toBe(true);
      const deliveries = (await t.get(`${lane.control}/webhook-deliveries?limit=100`)).body
        .deliveries as { url: string; order_id?: string }[];
      for (const d of deliveries) expect(d.url).toBe(lane.rx.url);
      for (const r of lane.rx.received) expect(mine.has(r.body.data.order.order_id)).toBe(true);
      const journal = (await t.get(`${lane.control}/requests?limit=100`)).body.requests as {
        path: string;
      }[];
      // Its own order creations and nothing else (the control plane is not journaled).
      expect(journal.filter((j) => j.path === '/v1/orders')).toHaveLength(lane.orders.length);
      const report = (await t.get(`${lane.control}/report`)).body;
      expect(report.summary.requests).toBe(journal.length);
      const now = (await t.get(`${lane.control}/clock`)).body.now as string;
      expect(now > '2026').toBe(true);
    }
    const delivered = lanes.map((l) => l.rx.received.filter((r) => r.event === 'order.delivered'));
    expect(delivered.map((d) => d.length)).toEqual([alpha!.orders.length, 0, 0]);
  });

  it("answers 404 for another sandbox's order, and the order to its own key", async () => {
    const [alpha, beta, dflt] = lanes;
    const theirs = beta!.orders[0]!;
    expectError(await t.get(`/v1/orders/${theirs}`, { key: alpha!.key }), 404, 'not_found');
    expectError(await t.get(`/v1/orders/${theirs}`, { key: dflt!.key }), 404, 'not_found');
    expect((await t.get(`/v1/orders/${theirs}`, { key: beta!.key })).status).toBe(200);
  });

  it('takes a named key on the fast path with the same answer Express gives', async () => {
    const [, beta] = lanes;
    const id = beta!.orders[0]!;
    const comparable = (res: Reply): unknown => {
      const rid = res.headers['x-request-id'] ?? '-';
      const headers: Record<string, string> = { ...res.headers };
      delete headers.date;
      delete headers['x-request-id'];
      return { status: res.status, headers, text: res.text.replaceAll(rid, 'req_ID') };
    };
    for (const [path, status] of [
      [`/v1/orders/${id}`, 200],
      ['/v1/orders/ord_unknown', 404],
    ] as const) {
      const fast = await t.get(path, { key: beta!.key });
      const general = await t.get(`${path}?via=express`, { key: beta!.key });
      expect(fast.status).toBe(status);
      expect(comparable(fast)).toEqual(comparable(general));
    }
  });

  it("answers 401 to a deleted sandbox's key, on the fast path and on Express alike", async () => {
    const res = await t.request('PUT', control('doomed'), { body: {}, key: null });
    const key = res.body.accounts[0].api_key as string;
    const order = await t.createOrder({}, key);
    expect((await t.request('DELETE', control('doomed'), { key: null })).status).toBe(204);
    for (const path of [`/v1/orders/${order.order_id}`, `/v1/orders/${order.order_id}?via=x`]) {
      const gone = await t.get(path, { key });
      expectError(gone, 401, 'unauthorized', { reason: 'sandbox_key_gone' });
      expect(gone.headers['www-authenticate']).toBe('Bearer realm="delivery-sandbox"');
    }
    expectError(await t.post('/v1/orders', SAMPLE_ORDER, { key }), 401, 'unauthorized');
    // Nothing of it reached the default sandbox's journal.
    const journal = (await t.get('/__sandbox/requests?limit=100')).body.requests as {
      status: number;
    }[];
    expect(journal.filter((j) => j.status === 401)).toEqual([]);
  });

  it('answers 404 sandbox_not_found to an unknown name in the path, and default to the default', async () => {
    for (const path of [
      '/__sandbox/sandboxes/nobody/clock',
      '/__sandbox/sandboxes/NoBody/orders',
    ]) {
      expectError(await t.get(path), 404, 'not_found', { reason: 'sandbox_not_found' });
    }
    const dflt = await t.get('/__sandbox/sandboxes/default/orders');
    expect(dflt.body).toEqual((await t.get('/__sandbox/orders')).body);
    // The sandboxes' own routes stay the server's.
    expect((await t.get('/__sandbox/sandboxes/alpha')).body.name).toBe('alpha');
  });

  it('refuses cross-site writes under a sandbox path as on the plain control plane', async () => {
    const [alpha] = lanes;
    for (const headers of [
      { 'Content-Type': 'text/plain' } as Record<string, string>,
      { 'Content-Type': 'application/json', Origin: 'https://evil.example' },
    ]) {
      const res = await t.request('POST', `${alpha!.control}/clock/advance`, {
        raw: '{"by":"1h"}',
        headers,
      });
      expectError(res, 403, 'forbidden', { reason: 'cross_site_request' });
    }
    // OPTIONS is explained by the inner route, as on the plain path.
    const options = await t.request('OPTIONS', `${alpha!.control}/clock/advance`);
    expect(options.body.error.reason).toBe(
      (await t.request('OPTIONS', '/__sandbox/clock/advance')).body.error.reason,
    );
  });

  it('answers odd names and paths under /__sandbox/sandboxes/ with a JSON error, never a 500', async () => {
    const port = Number(new URL(t.url).port);
    const cases: [string, number, string][] = [
      ['/__sandbox/sandboxes//clock', 404, 'sandbox_not_found'],
      ['/__sandbox/sandboxes/%ZZ/clock', 404, 'sandbox_not_found'],
      [`/__sandbox/sandboxes/${'a'.repeat(300)}/clock`, 404, 'sandbox_not_found'],
      ['/__sandbox/sandboxes/alpha%2Fx/clock', 404, 'sandbox_not_found'],
      ['/__sandbox/sandboxes/alpha/', 404, 'route_not_found'],
      ['/__sandbox/sandboxes/alpha/nothing-here', 404, 'route_not_found'],
      ['/__sandbox/sandboxes/alpha/../clock', 404, 'route_not_found'],
      ['/__sandbox/sandboxes/alpha/sandboxes', 404, 'route_not_found'],
      ['/__sandbox/sandboxes/alpha/sandboxes/beta', 404, 'route_not_found'],
    ];
    for (const [path, status, reason] of cases) {
      const res = await send(port, 'GET', path);
      expect({ path, status: res.status, reason: res.json?.error?.reason }).toEqual({
        path,
        status,
        reason,
      });
      expect(isErrorShape(res.json)).toBe(true);
    }
    // A query is the inner route's: the sandbox's events of one kind.
    const created = await t.get(`${lanes[0]!.control}/events?event=order.created&limit=100`);
    expect(created.body.events).toHaveLength(lanes[0]!.orders.length);
  });

  it('resets, exports and reports the sandbox the path names, no other', async () => {
    const [alpha, beta] = lanes;
    const state = await t.get(`${beta!.control}/state`);
    expect(
      state.body.orders.map((o: { order: { order_id: string } }) => o.order.order_id).sort(),
    ).toEqual([...beta!.orders].sort());
    expect((await t.post(`${alpha!.control}/reset`)).status).toBe(200);
    expect((await t.get(`${alpha!.control}/orders`)).body.orders).toEqual([]);
    expect((await t.get(`${beta!.control}/orders`)).body.orders).toHaveLength(beta!.orders.length);
    expect((await t.get(`/v1/orders/${beta!.orders[0]}`, { key: beta!.key })).status).toBe(200);
  });
});

describe('the admin token guards the control routes under a sandbox too', () => {
  let t: TestSandbox;
  beforeAll(async () => {
    t = await TestSandbox.start({ adminToken: 'admin-secret' });
  });
  afterAll(() => t.close());

  it('asks for the token before saying whether a sandbox exists; health stays open', async () => {
    for (const path of ['/__sandbox/sandboxes/nobody/clock', '/__sandbox/sandboxes/default/clock'])
      expectError(await t.get(path, { key: null }), 401, 'unauthorized', {
        reason: 'missing_admin_token',
      });
    const ok = await t.get('/__sandbox/sandboxes/default/clock', { key: 'admin-secret' });
    expect(ok.status).toBe(200);
    expect((await t.get('/__sandbox/sandboxes/default/health', { key: null })).status).toBe(200);
  });
});

describe('a write in flight when its sandbox is deleted', () => {
  let t: TestSandbox;
  beforeAll(async () => {
    t = await TestSandbox.start();
  });
  afterAll(() => t.close());

  /** POSTs an order whose body's second half is sent only once `between` has run. */
  const slowCreate = (key: string, between: () => Promise<void>): Promise<Reply<any>> => {
    const body = JSON.stringify(SAMPLE_ORDER);
    const half = Math.floor(body.length / 2);
    return new Promise((resolve, reject) => {
      const req = request(`${t.url}/v1/orders`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${key}`,
          'Content-Type': 'application/json',
          'Content-Length': String(Buffer.byteLength(body)),
        },
      });
      req.on('error', reject);
      req.on('response', (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers as Record<string, string>,
            body: JSON.parse(text),
            text,
          }),
        );
      });
      req.write(body.slice(0, half));
      // The request has reached its sandbox (its world chosen) before the rest is sent.
      void new Promise((r) => setTimeout(r, 50))
        .then(between)
        .then(() => req.end(body.slice(half)), reject);
    });
  };

  it.each([
    ['deleted', (name: string) => t.request('DELETE', control(name), { key: null }), 204],
    ['replaced', (name: string) => t.request('PUT', control(name), { body: {}, key: null }), 200],
  ] as const)(
    'is not acknowledged when its sandbox is %s: 503 world_replaced',
    async (how, change, status) => {
      const name = `racing-${how}`;
      const created = await t.request('PUT', control(name), { body: {}, key: null });
      const key = created.body.accounts[0].api_key as string;
      const res = await slowCreate(key, async () => {
        expect((await change(name)).status).toBe(status);
      });
      expectError(res, 503, 'invalid_request', { reason: 'world_replaced' });
      expect(res.headers['retry-after']).toBe('1');
      // Sent again: a deleted sandbox's key is dead; a replaced one's world has new keys, no order.
      const again = await t.post('/v1/orders', SAMPLE_ORDER, { key });
      expectError(again, 401, 'unauthorized', {
        reason: how === 'deleted' ? 'sandbox_key_gone' : 'invalid_api_key',
      });
      if (how === 'replaced') {
        const orders = await t.get(`${control(name)}/orders`);
        expect(orders.body.orders).toEqual([]);
      }
    },
  );
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NamedSandboxHandle, ScenarioFile } from '../src/index.js';
import { StreamClient } from './support/stream-client.js';
import { KEYS, SAMPLE_ORDER, TestSandbox } from './support/test-sandbox.js';

const ws = (t: TestSandbox, path: string): string => t.url.replace(/^http/, 'ws') + path;
const bearer = (key: string): Record<string, string> => ({ Authorization: `Bearer ${key}` });
const sandboxStream = (name: string): string => `/__sandbox/sandboxes/${name}/stream`;
const locationStream = (id: string): string => `/v1/orders/${id}/location/stream`;

/** The stream closes a deleted, expired or replaced sandbox's clients with (docs/streams.md). */
const SANDBOX_GONE = 4410;

/** A scenario whose script places one order a minute after the start, for account `acct_<name>`. */
const scripted = (name: string): ScenarioFile => ({
  name,
  seed: name,
  accounts: [{ id: `acct_${name}`, name, api_keys: [`sk_test_${name}_key`] }],
  drivers: { count: 3 },
  clock: { mode: 'manual', start: '2026-01-01T12:00:00.000Z' },
  script: [
    {
      at: '1m',
      do: 'create_order',
      ref: 'first',
      account: `acct_${name}`,
      order: {
        pickup: SAMPLE_ORDER.pickup,
        dropoff: SAMPLE_ORDER.dropoff,
        items: SAMPLE_ORDER.items,
      },
    },
  ],
});

const eventIds = (c: StreamClient): string[] =>
  c.messages.filter((m) => m.type === 'event').map((m) => m.data.event_id);

/** A named sandbox whose one scripted order exists (its clock moved past the script's minute). */
async function withOrder(
  t: TestSandbox,
  name: string,
): Promise<{ handle: NamedSandboxHandle; orderId: string }> {
  const handle = await t.sandbox.sandboxes.create(name, { scenario: scripted(name) });
  await handle.clock.advance('2m');
  const orderId = handle.events({ event: 'order.created' })[0]?.data.order.order_id;
  if (!orderId) throw new Error(`no order in ${name}`);
  return { handle, orderId };
}

describe('the streams of named sandboxes', () => {
  let t: TestSandbox;
  beforeAll(async () => {
    t = await TestSandbox.start({ streams: { intervalMs: 10 } });
  });
  afterAll(() => t.close());

  it("each sandbox's stream carries its own events, clock and drivers only", async () => {
    const alpha = await t.sandbox.sandboxes.create('alpha', { scenario: scripted('alpha') });
    const beta = await t.sandbox.sandboxes.create('beta', { scenario: scripted('beta') });
    const streams = {
      default: await StreamClient.open(ws(t, '/__sandbox/stream')),
      byName: await StreamClient.open(ws(t, sandboxStream('default'))),
      alpha: await StreamClient.open(ws(t, sandboxStream('alpha'))),
      beta: await StreamClient.open(ws(t, sandboxStream('beta'))),
    };
    for (const c of Object.values(streams)) await c.next('hello');
    expect(streams.alpha.messages[0].data.scenario).toBe('alpha');
    expect(streams.beta.messages[0].data.scenario).toBe('beta');
    expect(streams.byName.messages[0].data.scenario).toBe('ci');

    await alpha.clock.advance('2m'); // alpha's script places its order
    const alphaOrder = alpha.events()[0]?.data.order.order_id as string;
    await alpha.advanceOrder(alphaOrder, 'delivered');
    await beta.clock.advance('30s'); // beta's clock only: no order yet
    const defaultOrder = (await t.createOrder()).order_id;
    await t.advance(defaultOrder, 'driver_assigned');

    const alphaIds = alpha.events().map((e) => e.event_id);
    const defaultIds = t.sandbox.events().map((e) => e.event_id);
    expect(alphaIds.length).toBeGreaterThanOrEqual(4); // created, assigned, picked up, delivered
    expect(defaultIds.length).toBeGreaterThanOrEqual(2);
    await streams.alpha.wait((c) => eventIds(c).length === alphaIds.length);
    await streams.default.wait((c) => eventIds(c).length === defaultIds.length);
    await streams.byName.wait((c) => eventIds(c).length === defaultIds.length);
    await streams.beta.next('clock');
    expect(eventIds(streams.alpha)).toEqual(alphaIds);
    expect(eventIds(streams.default)).toEqual(defaultIds);
    expect(eventIds(streams.byName)).toEqual(defaultIds);
    expect(eventIds(streams.beta)).toEqual([]);
    expect(beta.events()).toEqual([]);

    const clocks = (c: StreamClient): string[] =>
      c.messages.filter((m) => m.type === 'clock').map((m) => m.data.now);
    expect(clocks(streams.alpha)).toEqual([new Date(alpha.clock.now()).toISOString()]);
    expect(clocks(streams.beta)).toEqual([new Date(beta.clock.now()).toISOString()]);
    expect(clocks(streams.default)).toEqual([]);
    const drivers = (c: StreamClient): Set<string> =>
      new Set(
        c.messages
          .filter((m) => m.type === 'drivers')
          .flatMap((m) => m.data.map((d: any) => d.order_id)),
      );
    expect(drivers(streams.beta).has(alphaOrder)).toBe(false);
    expect(drivers(streams.default).has(alphaOrder)).toBe(false);
    for (const c of Object.values(streams)) c.close();
    await alpha.delete();
    await beta.delete();
  });

  it("a named key's location stream follows that sandbox's order, and its reset closes it", async () => {
    const { handle, orderId } = await withOrder(t, 'gamma');
    const location = await StreamClient.open(ws(t, locationStream(orderId)), bearer(handle.apiKey));
    const first = await location.next('status');
    expect(first.data).toMatchObject({ order_id: orderId, status: 'driver_assigned' });
    await handle.advanceOrder(orderId, 'picked_up');
    await location.next('status', (m) => m.data.status === 'picked_up');
    await location.next('location');

    // Its key reaches its own world only: the default sandbox's order is not there, and the
    // default sandbox's key does not reach this one's.
    const defaultOrder = (await t.createOrder()).order_id;
    const elsewhere = await StreamClient.refusal(
      ws(t, locationStream(defaultOrder)),
      bearer(handle.apiKey),
    );
    expect(elsewhere).toMatchObject({
      status: 404,
      body: { error: { reason: 'order_not_found' } },
    });
    const fromDefault = await StreamClient.refusal(
      ws(t, locationStream(orderId)),
      bearer(KEYS.acme),
    );
    expect(fromDefault).toMatchObject({
      status: 404,
      body: { error: { reason: 'order_not_found' } },
    });

    const control = await StreamClient.open(ws(t, sandboxStream('gamma')));
    await control.next('hello');
    await handle.reset();
    await control.next('reset');
    await location.wait((c) => c.closed !== undefined);
    expect(location.closed).toEqual({
      code: 1000,
      reason: `sandbox reset: order ${orderId} is gone; open a stream on a new order`,
    });
    // The sandbox stream goes on in the next world.
    expect(control.closed).toBeUndefined();
    await handle.clock.advance('2m');
    const next = handle.events({ event: 'order.created' })[0]?.data.order.order_id;
    await control.next('event', (m) => m.data.data.order.order_id === next);
    control.close();
    await handle.delete();
  });

  it('deleting a sandbox closes its streams with 4410, and its key and name are refused after', async () => {
    const { handle, orderId } = await withOrder(t, 'delta');
    const key = handle.apiKey;
    const control = await StreamClient.open(ws(t, sandboxStream('delta')));
    const location = await StreamClient.open(ws(t, locationStream(orderId)), bearer(key));
    await control.next('hello');
    await location.next('status');
    const reader = handle.stream();
    expect((await reader.next()).value).toMatchObject({ type: 'hello' });

    await handle.delete();
    await control.wait((c) => c.closed !== undefined);
    await location.wait((c) => c.closed !== undefined);
    expect(control.closed).toEqual({ code: SANDBOX_GONE, reason: 'sandbox delta deleted' });
    expect(location.closed).toEqual({ code: SANDBOX_GONE, reason: 'sandbox delta deleted' });
    // The in-process reader ends (after what it had queued: the drivers snapshot).
    for (let m = await reader.next(); !m.done; m = await reader.next())
      expect(m.value.type).toBe('drivers');

    const refused = await StreamClient.refusal(ws(t, locationStream(orderId)), bearer(key));
    expect(refused).toMatchObject({
      status: 401,
      body: { error: { code: 'unauthorized', reason: 'sandbox_key_gone' } },
    });
    const gone = await StreamClient.refusal(ws(t, sandboxStream('delta')));
    expect(gone).toMatchObject({
      status: 404,
      body: { error: { code: 'not_found', reason: 'sandbox_not_found', param: 'name' } },
    });
    expect(() => handle.stream()).toThrow(/No sandbox named "delta"/);
  });

  it('replacing a sandbox (PUT) closes its streams with 4410; a new stream sees the new world', async () => {
    await t.sandbox.sandboxes.create('epsilon', { scenario: scripted('epsilon') });
    const before = await StreamClient.open(ws(t, sandboxStream('epsilon')));
    await before.next('hello');
    const put = await t.request('PUT', '/__sandbox/sandboxes/epsilon', {
      body: { scenario: 'ci', seed: 9 },
      key: null,
    });
    expect(put.status).toBe(200);
    await before.wait((c) => c.closed !== undefined);
    expect(before.closed?.code).toBe(SANDBOX_GONE);
    expect(before.closed?.reason).toMatch(/^sandbox epsilon replaced \(PUT\)/);
    const after = await StreamClient.open(ws(t, sandboxStream('epsilon')));
    const hello = await after.next('hello');
    expect(hello.data).toMatchObject({ scenario: 'ci', seed: '9' });
    after.close();
    await t.sandbox.sandboxes.delete('epsilon');
  });

  it.each([
    ['an unknown name', 'nobody', 404, 'sandbox_not_found'],
    ['a name against the rule', 'Not_A_Name', 400, 'invalid_sandbox_name'],
  ])('a sandbox stream of %s is refused with JSON', async (_what, name, status, reason) => {
    const refusal = await StreamClient.refusal(ws(t, sandboxStream(name)));
    expect(refusal.status).toBe(status);
    expect(refusal.body.error.reason).toBe(reason);
    expect(refusal.body.error.request_id).toMatch(/^req_/);
  });

  it("a named sandbox's handle streams that sandbox only", async () => {
    const zeta = await t.sandbox.sandboxes.create('zeta', { scenario: scripted('zeta') });
    const theirs = t.sandbox.stream();
    const mine = zeta.stream();
    expect((await mine.next()).value).toMatchObject({ type: 'hello', data: { scenario: 'zeta' } });
    await zeta.clock.advance('2m');
    const seen: string[] = [];
    for await (const m of mine) {
      if (m.type === 'event') seen.push(m.data.event);
      if (m.type === 'clock') break;
    }
    expect(seen).toEqual(['order.created']);
    // The default sandbox's reader heard none of it: up to its own clock's move, no event.
    await t.sandbox.clock.advance('1s');
    const own: string[] = [];
    for await (const m of theirs) {
      own.push(m.type);
      if (m.type === 'clock') break;
    }
    expect(own.filter((type) => type !== 'drivers')).toEqual(['hello', 'clock']);
    await zeta.delete();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '../src/index.js';
import { Receiver } from './support/receiver.js';
import { KEYS, TestSandbox } from './support/test-sandbox.js';

describe('the Sandbox handle', () => {
  let t: TestSandbox;
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await Receiver.start();
    t = await TestSandbox.start({ webhooks: [{ url: receiver.url, secret: 'whsec_handle_test' }] });
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it('exposes no internals and no second name for startSandbox', () => {
    expect(Object.keys(t.sandbox)).not.toContain('context');
    expect(Object.keys(t.sandbox)).not.toContain('server');
    expect(api).not.toHaveProperty('createSandbox');
  });

  it("gives every account's keys of the running scenario", () => {
    expect(t.sandbox.apiKey).toBe(KEYS.acme);
    expect(t.sandbox.keys.map((k) => k.account_id)).toEqual(
      t.sandbox.scenario.accounts.map((a) => a.id),
    );
    expect(t.sandbox.keys.flatMap((k) => k.api_keys)).toContain(KEYS.globex);
  });

  it('moves, reads and switches the virtual clock', async () => {
    const before = t.sandbox.clock.now();
    const { now } = await t.sandbox.clock.advance('90s');
    expect(Date.parse(now)).toBe(before + 90_000);
    expect(t.sandbox.clock.now()).toBe(before + 90_000);
    expect(t.sandbox.clock.set('manual', 5)).toMatchObject({ mode: 'manual', speed: 5 });
    expect((await t.get('/__sandbox/clock')).body).toMatchObject({ mode: 'manual', speed: 5 });
  });

  it('cancels an order as the restaurant once the receiver has the event', async () => {
    const order = await t.createOrder();
    const cancelled = await t.sandbox.cancelOrder(order.order_id, 'restaurant', 'out_of_stock');
    expect(cancelled.cancellation).toMatchObject({
      cancelled_by: 'restaurant',
      reason: 'out_of_stock',
      fee: { amount: 0 },
    });
    expect(receiver.received.map((r) => r.event)).toContain('order.cancelled');
    await expect(t.sandbox.cancelOrder('ord_missing', 'system')).rejects.toMatchObject({
      reason: 'order_not_found',
    });
  });

  it('gives events that are the caller’s own: changing one changes no order and no later read', async () => {
    const order = await t.createOrder();
    const [created] = t.sandbox.events({ order_id: order.order_id, event: 'order.created' });
    created!.data.order.pickup.address = 'changed by the test';
    created!.data.order.pricing.tip = 999;
    const assigned = await t.sandbox.advanceOrder(order.order_id);
    expect(assigned.status).toBe('driver_assigned');
    expect(assigned.pickup).toEqual(order.pickup);
    expect(assigned.pricing).toEqual(order.pricing);
    expect((await t.get(`/v1/orders/${order.order_id}`)).body.pickup).toEqual(order.pickup);
    const [again] = t.sandbox.events({ order_id: order.order_id, event: 'order.created' });
    expect(again!.data.order).toEqual(order);
    // The same of the events an advance of the clock fired.
    const { fired } = await t.sandbox.clock.advance('2h');
    const [next] = fired.filter((e) => e.data.order.order_id === order.order_id);
    next!.data.order.dropoff.address = 'changed by the test';
    const [kept] = t.sandbox.events({ order_id: order.order_id, event: next!.event });
    expect(kept!.data.order.dropoff).toEqual(order.dropoff);
  });

  it("fails with a ServiceError whose stack shows the caller's line, thrown or rejected", async () => {
    const here = /programmatic-api\.test\.ts:\d+/;
    const rejected: unknown = await t.sandbox.cancelOrder('ord_missing', 'system').catch((e) => e);
    expect(rejected).toMatchObject({ reason: 'order_not_found' });
    expect((rejected as Error).stack).toMatch(/^ServiceError: No order with id "ord_missing"/);
    expect((rejected as Error).stack).toMatch(here);
    const handle = await t.sandbox.sandboxes.create('stack-shown');
    await handle.delete();
    let thrown: Error | undefined;
    try {
      handle.events();
    } catch (e) {
      thrown = e as Error;
    }
    expect(thrown).toMatchObject({ reason: 'sandbox_not_found' });
    expect(thrown?.stack).toMatch(here);
  });

  it("after reset({ scenario }) its apiKey, keys and scenario are the new scenario's, and the key works", async () => {
    await t.sandbox.reset({ scenario: 'two-accounts' });
    expect(t.sandbox.scenario.name).toBe('two-accounts');
    expect(t.sandbox.apiKey).toBe('sk_test_north_eats');
    expect(t.sandbox.keys.map((k) => k.account_id)).toEqual(['acct_north', 'acct_south']);
    const res = await t.get('/v1/drivers/available?lat=37.7749&lng=-122.4194', {
      key: t.sandbox.apiKey,
    });
    expect(res.status).toBe(200);
    // The endpoints registered at start stay across the reset, secrets included.
    expect(t.sandbox.webhookSecret).toBe('whsec_handle_test');
    await t.sandbox.reset({ scenario: 'ci' });
    expect(t.sandbox.apiKey).toBe(KEYS.acme);
  });
});

describe('a reset to a scenario that cannot start', () => {
  it('is refused and leaves the running world as it was', async () => {
    // Valid against the schema, but its order cannot be assigned: there is no driver at all.
    const stuck = {
      name: 'stuck',
      accounts: [{ id: 'acct_s', api_keys: ['sk_test_stuck_key'] }],
      drivers: { count: 0 },
      orders: [
        {
          status: 'driver_assigned',
          order: { pickup: { address: '1 A St' }, dropoff: { address: '2 B St' } },
        },
      ],
    };
    const receiver = await Receiver.start();
    const t = await TestSandbox.start({ webhooks: [{ url: receiver.url }] });
    try {
      const order = await t.createOrder();
      const res = await t.post('/__sandbox/reset', { scenario: stuck });
      expect(res.status).toBe(400);
      expect(res.body.error.reason).toBe('invalid_scenario');
      expect(t.sandbox.scenario.name).toBe('ci');
      expect((await t.get(`/v1/orders/${order.order_id}`)).status).toBe(200);
      const { fired } = await t.sandbox.clock.advance('30s');
      expect(fired.map((e) => e.event)).toEqual(['order.driver_assigned']);
      // Its webhook delivery still runs: the world was not disposed.
      expect(receiver.received.map((r) => r.event)).toEqual([
        'order.created',
        'order.driver_assigned',
      ]);
    } finally {
      await t.close();
      await receiver.close();
    }
  });
});

describe('startSandbox({ nodeName })', () => {
  it('is the node GET /__sandbox/health names, and the handle says it too', async () => {
    const t = await TestSandbox.start({ nodeName: 'sandbox-1' });
    try {
      expect(t.sandbox.nodeName).toBe('sandbox-1');
      expect((await t.get('/__sandbox/health')).body).toMatchObject({ node: 'sandbox-1' });
    } finally {
      await t.close();
    }
  });
});

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

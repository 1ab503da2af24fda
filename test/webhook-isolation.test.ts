import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { Receiver } from './support/receiver.js';
import { TestSandbox } from './support/test-sandbox.js';

/** Whether a request held open by a hanging receiver is still open (the sandbox has not given up on it). */
const open = (res: ServerResponse): boolean => res.socket !== null && !res.socket.destroyed;

describe('webhook delivery isolates endpoints', () => {
  it('gives a healthy endpoint its events while eight others hang with every request of their lanes', async () => {
    const hanging = await Promise.all(Array.from({ length: 8 }, () => Receiver.start()));
    for (const rx of hanging) rx.answer('hang');
    const healthy = await Receiver.start();
    const t = await TestSandbox.start({
      scenario: {
        name: 'isolation',
        seed: 'isolation',
        accounts: [{ id: 'acct_i', api_keys: ['sk_test_isolation'] }],
        drivers: { count: 5 },
        clock: { mode: 'manual', start: '2026-01-01T12:00:00.000Z' },
        // The hanging endpoints come first, so they take their slots before the healthy one asks.
        // A short time-out keeps the test fast; the healthy endpoint must not have to wait for it.
        webhooks: {
          endpoints: [...hanging, healthy].map((rx) => ({ url: rx.url })),
          timeout: '5s',
        },
      },
    });
    try {
      // Eight orders: eight first attempts to each hanging endpoint fill its lane (8 per endpoint).
      for (let i = 0; i < 8; i++) await t.createOrder({}, 'sk_test_isolation');
      await Promise.all([...hanging.map((rx) => rx.waitFor(8)), healthy.waitFor(8)]);
      // The healthy receiver has every order.created while all 64 hanging requests are still open:
      // none has timed out in the sandbox's log, and none is closed at the receivers.
      expect(healthy.received.map((r) => r.event)).toEqual(Array(8).fill('order.created'));
      const log = (await t.get('/__sandbox/webhook-deliveries')).body.deliveries;
      expect(
        log.filter((a: any) => a.status !== 'succeeded').map((a: any) => `${a.url}: ${a.error}`),
      ).toEqual([]);
      for (const rx of hanging) {
        expect(rx.hanging).toHaveLength(8);
        expect(rx.hanging.filter(open)).toHaveLength(8);
      }
    } finally {
      await Promise.all(hanging.map((rx) => rx.close()));
      await t.close();
      await healthy.close();
    }
  });
});

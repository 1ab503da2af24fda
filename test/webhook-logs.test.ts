import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { Receiver } from './support/receiver.js';
import { TestSandbox } from './support/test-sandbox.js';

describe('webhook attempts in the logs', () => {
  it('logs every attempt: debug when delivered, warn with the reason and the next retry or giving up', async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = pino(
      { level: 'debug' },
      { write: (line: string) => void lines.push(JSON.parse(line)) },
    );
    const rx = await Receiver.start();
    const t = await TestSandbox.start({
      logger,
      scenario: {
        name: 'logs',
        seed: 'logs',
        accounts: [{ id: 'acct_l', api_keys: ['sk_test_logs'] }],
        drivers: { count: 5 },
        clock: { mode: 'manual', start: '2026-01-01T12:00:00.000Z' },
        webhooks: { endpoints: [{ url: rx.url }], retry_schedule: ['5s'] },
      },
    });
    try {
      rx.answer(500);
      const order = await t.createOrder({}, 'sk_test_logs');
      await t.sandbox.settle();
      await t.advanceClock(5000); // the retry, answered 500 too: the schedule has run out
      rx.answer(200);
      await t.advanceClock(30_000); // order.driver_assigned, delivered
      const endpoint = t.sandbox.webhookEndpoints[0]!.endpoint_id;
      const webhookLines = lines.filter((l) => l.url === rx.url);
      expect(webhookLines).toMatchObject([
        {
          level: 40,
          msg: 'webhook attempt failed: answered 500; the service expects 200; next attempt at 2026-01-01T12:00:05.000Z',
          event: 'order.created',
          event_id: expect.stringMatching(/^evt_/),
          order_id: order.order_id,
          endpoint_id: endpoint,
          attempt: 1,
          status: 'retrying',
          response_status: 500,
          error: 'answered 500; the service expects 200',
          next_attempt_at: '2026-01-01T12:00:05.000Z',
          duration_ms: expect.any(Number),
        },
        {
          level: 40,
          msg: 'webhook attempt failed: answered 500; the service expects 200; giving up',
          event: 'order.created',
          attempt: 2,
          status: 'failed',
          next_attempt_at: null,
        },
        {
          level: 20,
          msg: 'webhook delivered',
          event: 'order.driver_assigned',
          endpoint_id: endpoint,
          attempt: 1,
          status: 'succeeded',
          response_status: 200,
          duration_ms: expect.any(Number),
        },
      ]);
    } finally {
      await t.close();
      await rx.close();
    }
  });
});

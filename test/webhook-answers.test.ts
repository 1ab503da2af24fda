import { describe, expect, it } from 'vitest';
import { OK, RawReceiver, type RawAnswer } from './support/raw-receiver.js';
import { TestSandbox } from './support/test-sandbox.js';

const KEY = 'sk_test_answers';

async function sandboxFor(rx: RawReceiver): Promise<TestSandbox> {
  return TestSandbox.start({
    scenario: {
      name: 'answers',
      seed: 'answers',
      accounts: [{ id: 'acct_a', api_keys: [KEY] }],
      drivers: { count: 5 },
      clock: { mode: 'manual', start: '2026-01-01T12:00:00.000Z' },
      webhooks: { endpoints: [{ url: rx.url }], timeout: '2s' },
    },
  });
}

async function withReceiver(
  answer: RawAnswer,
  body: (t: TestSandbox, rx: RawReceiver) => Promise<void>,
): Promise<void> {
  const rx = await RawReceiver.start(answer);
  const t = await sandboxFor(rx);
  try {
    await body(t, rx);
  } finally {
    await t.close();
    await rx.close();
  }
}

const log = async (t: TestSandbox): Promise<any[]> =>
  (await t.get('/__sandbox/webhook-deliveries')).body.deliveries;

describe('what counts as an answer from a receiver', () => {
  it('takes a 200 cut short by a reset as a failure, says so, and retries it', async () => {
    await withReceiver(
      (request, socket) => {
        if (request.connection > 0) return void socket.write(OK);
        socket.write('HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n{"recei');
        setImmediate(() => socket.resetAndDestroy());
      },
      async (t) => {
        await t.createOrder({}, KEY);
        await t.sandbox.settle();
        expect(await log(t)).toMatchObject([
          {
            attempt: 1,
            status: 'retrying',
            response_status: 200,
            error: 'the receiver closed the connection mid-answer after 200',
            next_attempt_at: '2026-01-01T12:00:05.000Z',
          },
        ]);
        await t.advanceClock(5000);
        expect((await log(t)).map((a) => [a.attempt, a.status])).toEqual([
          [1, 'retrying'],
          [2, 'succeeded'],
        ]);
      },
    );
  });

  it('resends on a fresh connection, as the same attempt, when a reused keep-alive socket is reset', async () => {
    await withReceiver(
      // The receiver drops a connection as its second request arrives, as one closing an idle
      // keep-alive socket does at the worst moment.
      (request, socket) =>
        request.onConnection === 0 ? socket.write(OK) : socket.resetAndDestroy(),
      async (t, rx) => {
        await t.createOrder({}, KEY);
        await t.sandbox.settle();
        await t.advanceClock(30_000); // order.driver_assigned, on the kept-alive socket
        expect((await log(t)).map((a) => [a.event, a.attempt, a.status, a.error])).toEqual([
          ['order.created', 1, 'succeeded', null],
          ['order.driver_assigned', 1, 'succeeded', null],
        ]);
        expect(rx.requests.map((q) => [q.connection, q.onConnection])).toEqual([
          [0, 0],
          [0, 1],
          [1, 0],
        ]);
      },
    );
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { OK, RawReceiver, type RawAnswer } from '../../test/support/raw-receiver.js';
import { send } from './send.js';

const HEADERS = { 'Content-Type': 'application/json' };
const BODY = '{"event":"order.created"}';

describe('send', () => {
  let rx: RawReceiver | undefined;
  afterEach(async () => {
    await rx?.close();
    rx = undefined;
  });
  const start = async (answer: RawAnswer): Promise<RawReceiver> =>
    (rx = await RawReceiver.start(answer));

  it('takes a complete 200 as an answer', async () => {
    const r = await start((_, socket) => socket.write(OK));
    expect(await send(r.url, HEADERS, BODY, 2000)).toMatchObject({
      status: 200,
      body: 'ok',
      error: null,
    });
    expect(r.requests[0]!.body).toBe(BODY);
  });

  it.each([
    ['a Content-Length body cut short', 'Content-Length: 100\r\n\r\n{"recei'],
    ['a chunked body cut short', 'Transfer-Encoding: chunked\r\n\r\n7\r\n{"recei\r\n'],
    ['no body at all', 'Content-Length: 100\r\n\r\n'],
  ])('takes a 200 followed by a reset (%s) as a failure, not an answer', async (_, rest) => {
    const r = await start((_, socket) => {
      socket.write(`HTTP/1.1 200 OK\r\n${rest}`);
      setImmediate(() => socket.resetAndDestroy());
    });
    expect(await send(r.url, HEADERS, BODY, 2000)).toMatchObject({
      status: 200,
      error: 'the receiver closed the connection mid-answer after 200',
    });
  });

  it('resends at once on a fresh connection when a reused keep-alive socket is reset before any answer', async () => {
    // The receiver answers the first request of a connection, then drops the connection as the
    // next one arrives: what a receiver closing an idle keep-alive socket looks like at the worst time.
    const r = await start((request, socket) =>
      request.onConnection === 0 ? socket.write(OK) : socket.resetAndDestroy(),
    );
    expect(await send(r.url, HEADERS, BODY, 2000)).toMatchObject({ status: 200, error: null });
    expect(await send(r.url, HEADERS, BODY, 2000)).toMatchObject({ status: 200, error: null });
    expect(r.requests.map((q) => [q.connection, q.onConnection])).toEqual([
      [0, 0],
      [0, 1],
      [1, 0],
    ]);
    expect(r.requests.every((q) => q.body === BODY)).toBe(true);
  });

  it('resends only once: a reset on the fresh connection too is the answer', async () => {
    let first = true;
    const r = await start((_, socket) => {
      if (first) socket.write(OK);
      else socket.resetAndDestroy();
      first = false;
    });
    await send(r.url, HEADERS, BODY, 2000);
    expect(await send(r.url, HEADERS, BODY, 2000)).toMatchObject({
      status: null,
      error: 'the connection was closed before an answer came',
    });
    expect(r.requests.map((q) => [q.connection, q.onConnection])).toEqual([
      [0, 0],
      [0, 1],
      [1, 0],
    ]);
  });

  it('does not resend a reset on a fresh connection', async () => {
    const r = await start((_, socket) => socket.resetAndDestroy());
    expect(await send(r.url, HEADERS, BODY, 2000)).toMatchObject({
      status: null,
      error: 'the connection was closed before an answer came',
    });
    expect(r.requests).toHaveLength(1);
  });
});

/**
 * An `Upgrade` the sandbox does not do (`h2c`: Java's HttpClient and `curl --http2` ask for it on
 * every first request to an http:// URL) is ignored, as RFC 9110 §7.8 allows: the request is served
 * over HTTP/1.1 by the same app, body included; WebSocket upgrades still reach the streams.
 */
import { execFile } from 'node:child_process';
import { connect } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isErrorShape, parseAnswer, raw, rawExchange, type RawReply } from './support/raw-http.js';
import { KEYS, SAMPLE_ORDER, TestSandbox } from './support/test-sandbox.js';

const H2C =
  'Connection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\nHTTP2-Settings: AAMAAABkAARAAAAAAAIAAAAA\r\n';
const AUTH = `Authorization: Bearer ${KEYS.acme}\r\n`;

/** Sends `first`, then `rest` once the server has had time to take the first packet alone. */
function rawInTwo(port: number, first: string, rest: string): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(first, () => setTimeout(() => socket.write(rest), 50));
    });
    let out = '';
    socket.on('data', (d: Buffer) => (out += d.toString()));
    socket.on('close', () => resolve(parseAnswer(out)));
    socket.on('error', reject);
  });
}

describe('a request asking for an h2c upgrade', () => {
  let t: TestSandbox;
  let port: number;
  beforeAll(async () => {
    t = await TestSandbox.start();
    port = t.sandbox.port;
  });
  afterAll(() => t.close());

  it('is answered over HTTP/1.1 by the health route, then the connection closes', async () => {
    const res = await raw(port, `GET /__sandbox/health HTTP/1.1\r\nHost: localhost\r\n${H2C}\r\n`, {
      end: false,
    });
    expect(res.status).toBe(200);
    expect(res.headers.connection).toBe('close');
    expect(res.json).toMatchObject({ status: 'ok' });
  });

  it('reads an order with a key, and the journal records it', async () => {
    const order = await t.createOrder({}, KEYS.acme);
    await t.request('DELETE', '/__sandbox/requests');
    const res = await raw(
      port,
      `GET /v1/orders/${order.order_id} HTTP/1.1\r\nHost: localhost\r\n${AUTH}${H2C}\r\n`,
      { end: false },
    );
    expect(res.status).toBe(200);
    expect(res.json.order_id).toBe(order.order_id);
    const journal = await t.get('/__sandbox/requests');
    expect(journal.body.requests).toMatchObject([
      { operation: 'retrieveOrder', status: 200, order_id: order.order_id },
    ]);
  });

  it('reads a Content-Length body sent with it, also when it comes later', async () => {
    const body = JSON.stringify(SAMPLE_ORDER);
    const headers = `POST /v1/orders HTTP/1.1\r\nHost: localhost\r\n${AUTH}${H2C}Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`;
    const res = await raw(port, headers + body, { end: false });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ status: 'pending', dropoff: SAMPLE_ORDER.dropoff });
    // The body split across packets: the headers (and a first byte) now, the rest later.
    const split = await rawInTwo(port, headers + body.slice(0, 1), body.slice(1));
    expect(split.status).toBe(201);
    expect(split.json).toMatchObject({ status: 'pending', dropoff: SAMPLE_ORDER.dropoff });
  });

  it('answers a chunked body sent with it with a JSON 400 naming the fix', async () => {
    const res = await raw(
      port,
      `POST /v1/orders HTTP/1.1\r\nHost: localhost\r\n${AUTH}${H2C}Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n`,
      { end: false },
    );
    expect(res.status).toBe(400);
    expect(isErrorShape(res.json)).toBe(true);
    expect(res.json.error).toMatchObject({
      reason: 'upgrade_chunked_body',
      param: 'Transfer-Encoding',
    });
    expect(res.json.error.message).toContain('without the Upgrade header');
  });

  it('is answered to curl --http2', async () => {
    const { stdout } = await promisify(execFile)('curl', [
      '-sS',
      '--http2',
      '-w',
      '\n%{http_code} %{http_version}',
      `${t.sandbox.url}/__sandbox/health`,
    ]);
    const [json = '', status = ''] = stdout.split('\n');
    expect(status).toBe('200 1.1');
    expect(JSON.parse(json)).toMatchObject({ status: 'ok' });
  });
});

describe('the body of a request asking for an h2c upgrade', () => {
  it('is bounded by requestTimeoutMs: a body that never finishes gets a JSON 408', async () => {
    const t = await TestSandbox.start({ headersTimeoutMs: 300, requestTimeoutMs: 300 });
    try {
      const answer = await rawExchange(
        t.sandbox.port,
        `POST /v1/orders HTTP/1.1\r\nHost: localhost\r\n${AUTH}${H2C}Content-Type: application/json\r\nContent-Length: 10\r\n\r\n{"a`,
        { end: false, waitMs: 3000 },
      );
      const res = parseAnswer(answer);
      expect(res.status).toBe(408);
      expect(isErrorShape(res.json)).toBe(true);
      expect(res.json.error.reason).toBe('request_timeout');
    } finally {
      await t.close();
    }
  });

  it('is drained on stop: one in flight is answered 201, one that comes during the stop 503', async () => {
    const t = await TestSandbox.start();
    const body = JSON.stringify(SAMPLE_ORDER);
    const inFlight = connect(t.sandbox.port, '127.0.0.1');
    let out = '';
    inFlight.on('data', (d: Buffer) => (out += d.toString()));
    const answered = new Promise<RawReply>((r) => inFlight.on('close', () => r(parseAnswer(out))));
    inFlight.write(
      `POST /v1/orders HTTP/1.1\r\nHost: localhost\r\n${AUTH}${H2C}Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 5)}`,
    );
    // The request reached the app once the server read it.
    await new Promise((r) => setTimeout(r, 100));
    const late = connect(t.sandbox.port, '127.0.0.1');
    await new Promise((r) => late.once('connect', r));
    const closed = t.close();
    let lateOut = '';
    late.on('data', (d: Buffer) => (lateOut += d.toString()));
    const lateAnswer = new Promise<RawReply>((r) =>
      late.on('close', () => r(parseAnswer(lateOut))),
    );
    late.write(`GET /__sandbox/health HTTP/1.1\r\nHost: localhost\r\n${H2C}\r\n`);
    expect((await lateAnswer).json.error).toMatchObject({ reason: 'shutting_down' });
    inFlight.write(body.slice(5));
    expect((await answered).status).toBe(201);
    await closed;
  });
});

import { request as httpRequest } from 'node:http';
import { beforeEach, describe, expect, it } from 'vitest';
import { sandboxWithReceiver } from './support/sandbox-with-receiver.js';
import type { Receiver } from './support/receiver.js';
import { type Received } from './support/receiver.js';
import type { TestSandbox } from './support/test-sandbox.js';
import { KEYS, SAMPLE_ORDER } from './support/test-sandbox.js';

const TRACE_A = '4bf92f3577b34da6a3ce929d0e0e4736';
const TRACE_B = '0af7651916cd43dd8448eb211c80319c';
const PARENT_A = `00-${TRACE_A}-00f067aa0ba902b7-01`;
const PARENT_B = `00-${TRACE_B}-b7ad6b7169203331-00`;
const CHILD = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/** The trace id, span id and flags of a webhook's `traceparent`, or null when it had none. */
function traceOf(r: Received): { trace: string; span: string; flags: string } | null {
  const header = r.headers.traceparent;
  if (header === undefined) return null;
  const m = CHILD.exec(String(header));
  expect(m, `traceparent ${String(header)}`).not.toBeNull();
  return { trace: m![1]!, span: m![2]!, flags: m![3]! };
}

describe('W3C trace context', () => {
  let t: TestSandbox;
  let rx: Receiver;
  sandboxWithReceiver((made) => ({ t, rx } = made));
  beforeEach(async () => {
    await t.post('/__sandbox/reset');
    await t.request('DELETE', '/__sandbox/requests');
    rx.received.length = 0;
    rx.answer(200);
  });

  /** Creates an order as acme, sending `traceparent`. */
  const create = async (traceparent: string): Promise<any> => {
    const res = await t.post('/v1/orders', SAMPLE_ORDER, {
      key: KEYS.acme,
      headers: { traceparent },
    });
    expect(res.status).toBe(201);
    return res.body;
  };
  const journal = async (): Promise<any[]> =>
    (await t.get('/__sandbox/requests?limit=100')).body.requests;

  it('records a /v1 request’s traceparent and sends each webhook it caused as a child span', async () => {
    const order = await create(PARENT_A);
    await rx.waitFor(1);
    const [created] = rx.forOrder(order.order_id);
    expect(created!.event).toBe('order.created');
    const child = traceOf(created!);
    expect(child).toMatchObject({ trace: TRACE_A, flags: '01' });
    expect(child!.span).not.toBe('00f067aa0ba902b7');
    expect(child!.span).not.toBe('0'.repeat(16));

    const [entry] = await journal();
    expect(entry).toMatchObject({ operation: 'createOrder', traceparent: PARENT_A });
    const attempts = (await t.get('/__sandbox/webhook-deliveries')).body.deliveries;
    expect(attempts[0].request.headers.traceparent).toBe(created!.headers.traceparent);
  });

  it.each(['fast path', 'Express'] as const)(
    'keeps the cause of a create whose body comes after its headers (%s)',
    async (via) => {
      // `Expect: 100-continue`: the body is sent only once the server has begun the request, so it
      // arrives in a later read of the socket than the headers, outside the request's own call.
      const body = JSON.stringify(SAMPLE_ORDER);
      const status = await new Promise<number>((resolve, reject) => {
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port: Number(new URL(t.url).port),
            method: 'POST',
            path: '/v1/orders',
            agent: false,
            headers: {
              Authorization: `Bearer ${KEYS.acme}`,
              'Content-Type': 'application/json',
              'Content-Length': String(Buffer.byteLength(body)),
              Expect: '100-continue',
              traceparent: PARENT_A,
              ...(via === 'Express' ? { 'Content-Encoding': 'identity' } : {}),
            },
          },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on('continue', () => req.end(body));
        req.on('error', reject);
        req.flushHeaders();
      });
      expect(status).toBe(201);
      await rx.waitFor(1);
      expect(traceOf(rx.received[0]!)).toMatchObject({ trace: TRACE_A, flags: '01' });
    },
  );

  it('gives the lifecycle events to the advance that ran them: its trace, or none', async () => {
    const order = await create(PARENT_A);
    await t.post('/__sandbox/clock/advance', { by: '30s' }, { headers: { traceparent: PARENT_B } });
    await t.post('/__sandbox/clock/advance', { by: '2h' });
    const received = rx.forOrder(order.order_id);
    const byEvent = new Map(received.map((r) => [r.event, traceOf(r)]));
    expect(byEvent.get('order.created')?.trace).toBe(TRACE_A);
    expect(byEvent.get('order.driver_assigned')).toMatchObject({ trace: TRACE_B, flags: '00' });
    expect(byEvent.get('order.delivered')).toBeNull();
  });

  it('carries the cause into every retry, each attempt a span of its own', async () => {
    rx.answer((r) => (r.attempt === 1 ? 500 : 200));
    const order = await create(PARENT_A);
    await rx.waitFor(1);
    // The retry is due on the clock; the advance that runs it sends no traceparent.
    await t.post('/__sandbox/clock/advance', { by: '10s' });
    const created = rx.forOrder(order.order_id).filter((r) => r.event === 'order.created');
    expect(created.map((r) => r.attempt)).toEqual([1, 2]);
    const [first, second] = created.map(traceOf);
    expect(first?.trace).toBe(TRACE_A);
    expect(second?.trace).toBe(TRACE_A);
    expect(second!.span).not.toBe(first!.span);
  });

  it.each([
    ['uppercase hex', `00-${TRACE_A.toUpperCase()}-00f067aa0ba902b7-01`],
    ['an all-zero trace id', `00-${'0'.repeat(32)}-00f067aa0ba902b7-01`],
    ['an all-zero parent id', `00-${TRACE_A}-${'0'.repeat(16)}-01`],
    ['version ff', `ff-${TRACE_A}-00f067aa0ba902b7-01`],
    ['version 00 with more after the flags', `${PARENT_A}-extra`],
    ['a short trace id', `00-${TRACE_A.slice(1)}-00f067aa0ba902b7-01`],
    ['two headers joined', `${PARENT_A}, ${PARENT_B}`],
    ['not a traceparent at all', 'hello'],
  ])('ignores a traceparent with %s: recorded nowhere, sent nowhere', async (_, header) => {
    const order = await create(header);
    await rx.waitFor(1);
    expect(traceOf(rx.forOrder(order.order_id)[0]!)).toBeNull();
    const [entry] = await journal();
    expect(entry).toMatchObject({ operation: 'createOrder', status: 201, traceparent: null });
  });

  it('reads a later version’s first four fields, as the spec asks', async () => {
    const order = await create(`01-${TRACE_A}-00f067aa0ba902b7-01-future`);
    await rx.waitFor(1);
    expect(traceOf(rx.forOrder(order.order_id)[0]!)?.trace).toBe(TRACE_A);
    expect((await journal())[0].traceparent).toBe(PARENT_A);
  });
});

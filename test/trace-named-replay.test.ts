import { constants, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTrace } from '../src/trace/read-trace.js';
import type { TraceRecord } from '../src/trace/trace-record.js';
import { Receiver } from './support/receiver.js';
import { expectReplayIdentical, expectReplayNamesEditedAnswer } from './support/trace-replay.js';
import { TestSandbox } from './support/test-sandbox.js';

type RequestRecord = Extract<TraceRecord, { type: 'request' }>;
const NAME = 'traced-run';
const CONTROL = `/__sandbox/sandboxes/${NAME}`;

/**
 * A named sandbox's trace (`PUT /__sandbox/sandboxes/{name}` with `{ trace: true }`), downloaded
 * and replayed: its control plane is under the sandbox's own path and its keys are its own.
 */
describe("replay of a named sandbox's trace", () => {
  let t: TestSandbox;
  let rx: Receiver;
  let records: TraceRecord[];
  let raw: string;

  beforeAll(async () => {
    t = await TestSandbox.start();
    rx = await Receiver.start();
    let failed = false;
    rx.answer(() => (failed ? 200 : ((failed = true), 500)));
    const made = await t.request<any>('PUT', CONTROL, { body: { trace: true } });
    expect(made.status).toBe(201);
    const key = made.body.accounts[0].api_key as string;
    const hook = await t.post(`${CONTROL}/webhook-endpoints`, {
      url: rx.url,
      secret: 'whsec_named_trace_0001',
    });
    expect(hook.status, hook.text).toBe(201);
    const a = await t.createOrder({}, key);
    await t.post(`/v1/orders/${a.order_id}/payment`, { payment_method: 'pm_card_visa' }, { key });
    await t.post(`${CONTROL}/clock/advance`, { by: '90s' });
    await t.get(`/v1/orders/${a.order_id}`, { key });
    await t.get(`/v1/orders/${a.order_id}`, { key }); // the same again: written as a repeat
    await t.get('/v1/orders/ord_missing', { key });
    await t.post(`${CONTROL}/clock/advance`, { by: '1h' });
    await rx.waitFor(2); // the failed attempt and its retry
    const res = await fetch(`${t.url}${CONTROL}/trace`);
    expect(res.status).toBe(200);
    const bytes = new Uint8Array(await res.arrayBuffer());
    raw = gunzipSync(bytes, { finishFlush: constants.Z_SYNC_FLUSH }).toString('utf8');
    records = readTrace(bytes);
  });
  afterAll(async () => {
    await t.close();
    await rx.close();
  });

  const requests = (): RequestRecord[] =>
    records.filter((r): r is RequestRecord => r.type === 'request');

  it('records the named sandbox, its control plane, and a repeated request as a repeat', () => {
    expect(records[0]).toMatchObject({ type: 'header', sandbox: NAME });
    const seen = requests().map((r) => `${r.plane} ${r.entry.method} ${r.entry.path}`);
    expect(seen).toEqual(
      expect.arrayContaining([
        `control POST ${CONTROL}/webhook-endpoints`,
        `control POST ${CONTROL}/clock/advance`,
        'v1 POST /v1/orders',
      ]),
    );
    expect(raw).toContain('"repeats":');
    const reads = requests().filter(
      (r) => r.entry.operation === 'retrieveOrder' && r.entry.status === 200,
    );
    expect(reads).toHaveLength(2);
    expect(reads[0]?.entry.response.body.text).toContain('"order_id"');
    expect(reads[1]?.entry.response.body.text).toBe(reads[0]?.entry.response.body.text);
  });

  it('replay says identical for the unchanged run', async () => {
    await expectReplayIdentical(records);
  });

  it('replay names the first difference when one recorded answer is edited', async () => {
    await expectReplayNamesEditedAnswer(records);
  });
});

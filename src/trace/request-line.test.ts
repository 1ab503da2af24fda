import { describe, expect, it } from 'vitest';
import type { JournalBody, JournalEntry } from '../journal/journal-entry.js';
import { AnswerMemo, MEMO_PATHS, requestLine } from './request-line.js';

const body = (text: string | null, truncated = false): JournalBody => ({
  text,
  size: text === null ? 0 : Buffer.byteLength(text) + (truncated ? 10 : 0),
  truncated,
});

/** Every field of a journal entry set, and strings that JSON must escape. */
const busy: JournalEntry = {
  id: 'req_1',
  generation: 3,
  operation: null,
  method: 'POST',
  path: '/v1/orders/ord_"quoted"\\back',
  query: { expand: ['driver', 'payment'], q: 'caf\u00e9 \u2028 \ud800' },
  order_id: 'ord_1',
  request: {
    headers: { 'content-type': 'application/json', 'user-agent': 'tab\there "q"' },
    body: body('{"note":"line\\nbreak \u0001"}', true),
  },
  status: 409,
  reason: 'order_not_cancellable',
  error: {
    code: 'conflict',
    message: 'The order "ord_1" cannot be cancelled',
    param: null,
    reason: 'order_not_cancellable',
    details: [{ param: 'x', message: 'y' }],
  },
  retry_after: 2,
  response: {
    headers: { 'content-type': 'application/json; charset=utf-8', 'retry-after': '2' },
    body: body('{"error":{"message":"\u00e9\ud83d\ude00"}}'),
  },
  account_id: 'acct_a',
  key_mode: 'read_only',
  started_at: '2026-01-01T00:00:00.000Z',
  virtual_time: '2026-01-01T12:00:00.000Z',
  duration_ms: 1.5,
  fault: { kind: 'error', source: 'rule', rule: 0, status: 503, latency_ms: 20 },
  traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
};

/** The fewest: nulls and empty objects. */
const bare: JournalEntry = {
  ...busy,
  operation: 'retrieveOrder',
  method: 'GET',
  path: '/v1/orders/ord_1',
  query: {},
  order_id: null,
  request: { headers: {}, body: body(null) },
  status: null,
  reason: null,
  error: null,
  retry_after: null,
  response: { headers: {}, body: body(null) },
  account_id: null,
  key_mode: null,
  fault: null,
  traceparent: null,
};

describe('requestLine', () => {
  it.each([
    ['every field set, with strings to escape', busy],
    ['nulls and empty objects', bare],
  ])('writes what JSON.stringify writes of the record (%s)', (_, entry) => {
    const line = requestLine('v1', 1000, 2000, entry, undefined);
    const record = { type: 'request', plane: 'v1', real: 1000, virtual: 2000, entry };
    expect(line).toBe(JSON.stringify(record));
  });

  it('writes an answer that repeats an earlier one as a reference to it', () => {
    const line = JSON.parse(requestLine('control', 1, 2, busy, 7)) as { entry: JournalEntry };
    expect(line.entry.response.body).toEqual({
      same_as: 7,
      size: busy.response.body.size,
      truncated: false,
    });
    expect({ ...line.entry, response: busy.response }).toEqual(busy);
  });
});

describe('AnswerMemo', () => {
  it('names the record that last wrote the same answer for the same path, by content too', () => {
    const memo = new AnswerMemo();
    const text = '{"order_id":"ord_1","status":"pending"}';
    expect(memo.sameAs('/v1/orders/ord_1', body(text), 1)).toBeUndefined();
    expect(memo.sameAs('/v1/orders/ord_1', body(text), 2)).toBe(1);
    // another string with the same content (no cache hands out the same object)
    expect(memo.sameAs('/v1/orders/ord_1', body(text.slice(0, 5) + text.slice(5)), 3)).toBe(1);
    // another path, another answer: each written, then remembered
    expect(memo.sameAs('/v1/orders/ord_2', body(text), 4)).toBeUndefined();
    const changed = text.replace('pending', 'assigned');
    expect(memo.sameAs('/v1/orders/ord_1', body(changed), 5)).toBeUndefined();
    expect(memo.sameAs('/v1/orders/ord_1', body(text), 6)).toBeUndefined();
    expect(memo.sameAs('/v1/orders/ord_1', body(text), 7)).toBe(6);
    expect(memo.sameAs('/v1/orders/ord_1', body(null), 8)).toBeUndefined();
  });

  it('tells a cut answer from a whole one with the same text (by its size)', () => {
    const memo = new AnswerMemo();
    memo.sameAs('/p', body('abc'), 1);
    expect(memo.sameAs('/p', body('abc', true), 2)).toBeUndefined();
  });

  it(`keeps the last answers of ${MEMO_PATHS} paths, forgetting the oldest path first`, () => {
    const memo = new AnswerMemo();
    for (let i = 0; i <= MEMO_PATHS; i++) memo.sameAs(`/p/${i}`, body('x'), i);
    expect(memo.sameAs('/p/0', body('x'), 9999)).toBeUndefined();
    expect(memo.sameAs(`/p/${MEMO_PATHS}`, body('x'), 10000)).toBe(MEMO_PATHS);
  });
});

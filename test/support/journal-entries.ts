import type { JournalBody, JournalEntry } from '../../src/journal/journal-entry.js';

/** A journal body of `text` (`truncated`: as if cut, its whole size larger). */
export const body = (text: string | null, truncated = false): JournalBody => ({
  text,
  size: text === null ? 0 : Buffer.byteLength(text) + (truncated ? 10 : 0),
  truncated,
});

/** Every field of a journal entry set, and strings that JSON must escape. */
export const busy: JournalEntry = {
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
export const bare: JournalEntry = {
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

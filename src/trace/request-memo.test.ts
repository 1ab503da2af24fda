import { describe, expect, it } from 'vitest';
import { entryOf, type JournalEntry, type RequestFacts } from '../journal/journal-entry.js';
import { body, busy } from '../../test/support/journal-entries.js';
import { MEMO_PATHS, RequestMemo } from './request-memo.js';

const poll = (id: string, over: Partial<JournalEntry> = {}): JournalEntry => ({
  ...busy,
  id,
  started_at: `2026-01-01T00:00:0${id.length % 10}.000Z`,
  duration_ms: id.length,
  ...over,
});
type Line = { repeats?: number; entry: { response?: { body: { same_as?: number } } } };
const parse = (line: string): Line => JSON.parse(line) as Line;

describe('RequestMemo', () => {
  it('writes a request asked and answered as the last one of its path as a repeat of it', () => {
    const memo = new RequestMemo();
    expect(parse(memo.line('v1', 1, 2, poll('req_1'), 1)).repeats).toBeUndefined();
    const again = parse(memo.line('v1', 1, 2, poll('req_22'), 2));
    expect(again).toMatchObject({ repeats: 1, entry: { id: 'req_22', duration_ms: 6 } });
    // a copy with the same content (no cache hands out the same objects)
    expect(parse(memo.line('v1', 1, 2, structuredClone(poll('req_3')), 3)).repeats).toBe(1);
  });

  it.each<[string, Partial<JournalEntry>]>([
    ['another status', { status: 200 }],
    ['another request header', { request: { ...busy.request, headers: { 'user-agent': 'b' } } }],
    ['another query', { query: { expand: ['driver'] } }],
    ['another query parameter', { query: { ...busy.query, constructor: 'x' } }],
    ['another fault', { fault: null }],
    ['another account', { account_id: 'acct_b' }],
  ])('writes in full a request with %s, its same answer by reference', (_, over) => {
    const memo = new RequestMemo();
    memo.line('v1', 1, 2, poll('req_1'), 1);
    const line = parse(memo.line('v1', 1, 2, poll('req_2', over), 2));
    expect(line.repeats).toBeUndefined();
    expect(line.entry.response?.body.same_as).toBe(1);
    // remembered at its own record from then on
    expect(parse(memo.line('v1', 1, 2, poll('req_3', over), 3)).repeats).toBe(2);
  });

  it('writes another answer in full, and a cut answer apart from a whole one of the same text', () => {
    const memo = new RequestMemo();
    memo.line('v1', 1, 2, poll('req_1'), 1);
    const other = { ...busy.response, body: body('{"other":true}') };
    expect(parse(memo.line('v1', 1, 2, poll('req_2', { response: other }), 2))).not.toHaveProperty(
      'repeats',
    );
    const text = other.body.text;
    const cut = { ...busy.response, body: body(text, true) };
    const line = parse(memo.line('v1', 1, 2, poll('req_3', { response: cut }), 3));
    expect(line.repeats).toBeUndefined();
    expect(line.entry.response?.body.same_as).toBeUndefined();
  });

  it(`keeps the last requests of ${MEMO_PATHS} paths, forgetting the oldest path first`, () => {
    const memo = new RequestMemo();
    for (let i = 0; i <= MEMO_PATHS; i++)
      memo.line('v1', 1, 2, poll('req_1', { path: `/p/${i}` }), i);
    expect(parse(memo.line('v1', 1, 2, poll('req_2', { path: '/p/0' }), 9999)).repeats).toBe(
      undefined,
    );
    const last = poll('req_3', { path: `/p/${MEMO_PATHS}` });
    expect(parse(memo.line('v1', 1, 2, last, 10000)).repeats).toBe(MEMO_PATHS);
  });

  describe('factsLine (a request known by its journal facts)', () => {
    const read: RequestFacts = {
      id: 'req_0',
      generation: 1,
      operation: 'retrieveOrder',
      method: 'GET',
      path: '/v1/orders/ord_1',
      url: '/v1/orders/ord_1?expand=driver',
      order_id: 'ord_1',
      request_headers: { 'user-agent': 'a' },
      request_body: null,
      status: 200,
      response_headers: { 'content-type': 'application/json; charset=utf-8' },
      response_body: '{"order_id":"ord_1","status":"pending"}',
      account_id: 'acct_a',
      key_mode: 'read_write',
      fault: null,
      traceparent: null,
      started_ms: 1_767_268_800_000,
      virtual_ms: 1_767_268_800_000,
      duration_ms: 0.5,
    };
    const at = (i: number, over: Partial<RequestFacts> = {}): RequestFacts => ({
      ...read,
      id: `req_${i}`,
      started_ms: read.started_ms + i,
      virtual_ms: read.virtual_ms + 1000 * i,
      duration_ms: i / 10,
      ...over,
    });
    /** A 404's facts, with the error its answer sent (a new object each time). */
    const notFound = (): Partial<RequestFacts> => ({
      status: 404,
      response_error: { code: 'not_found', message: 'm', param: null, reason: 'r', details: [] },
    });
    const cut = (text: string | null) =>
      body(text === null ? null : text.slice(0, 30), (text?.length ?? 0) > 30);
    const sequence = [
      at(1),
      at(2), // a repeat
      structuredClone(at(3)), // a repeat, with copies of the same content
      at(4, { response_body: '{"order_id":"ord_1","status":"driver_assigned"}' }),
      at(5, { response_body: '{"order_id":"ord_1","status":"driver_assigned"}' }),
      at(6, { request_headers: { 'user-agent': 'b' } }), // the same answer, by reference
      at(7, { url: '/v1/orders/ord_1' }),
      at(8, notFound()),
      at(9, notFound()), // the same error, a copy of it
      at(10, { fault: { kind: 'latency' } as never }),
      at(11, { path: '/v1/orders/ord_2', url: '/v1/orders/ord_2' }),
      at(12),
    ];

    it('writes every line `line` writes for the entry the journal builds', () => {
      const byFacts = new RequestMemo();
      const byEntry = new RequestMemo();
      sequence.forEach((f, i) => {
        expect(
          byFacts.factsLine('v1', i, f.virtual_ms, f, i, (x) => entryOf(x, cut)),
          f.id,
        ).toBe(byEntry.line('v1', i, f.virtual_ms, entryOf(f, cut), i));
      });
    });

    it('builds no entry for a repeat', () => {
      const memo = new RequestMemo();
      const built: string[] = [];
      const build = (f: RequestFacts) => (built.push(f.id), entryOf(f, cut));
      sequence.slice(0, 5).forEach((f, i) => memo.factsLine('v1', i, 0, f, i, build));
      expect(built).toEqual(['req_1', 'req_4']);
    });
  });
});

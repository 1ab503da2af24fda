import { describe, expect, it } from 'vitest';
import type { JournalEntry } from '../journal/journal-entry.js';
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
});

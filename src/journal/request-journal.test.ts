import { describe, expect, it } from 'vitest';
import { ServiceError } from '../errors/service-error.js';
import { entryOf } from './journal-entry.js';
import { RequestJournal, type RequestFacts } from './request-journal.js';

const limits = { maxEntries: 100, maxBytes: 1_000_000, maxBodyBytes: 16 };
/** Where the journals below hand a failing observer: they have none. */
const noSubscriberFails = (): void => {};

/** A request's facts, as the journal step records them. */
function facts(id: string, body: string | null = null): RequestFacts {
  return {
    id,
    generation: 1,
    operation: 'retrieveOrder',
    method: 'GET',
    path: `/v1/orders/${id}`,
    url: `/v1/orders/${id}?expand=driver`,
    order_id: id,
    request_headers: {},
    request_body: null,
    status: 200,
    response_headers: { 'content-type': 'application/json; charset=utf-8' },
    response_body: body,
    account_id: 'acct_a',
    key_mode: 'read_write',
    fault: null,
    traceparent: null,
    started_ms: Date.parse('2026-01-01T00:00:00.000Z'),
    virtual_ms: Date.parse('2026-01-01T00:05:00.000Z'),
    duration_ms: 1,
  };
}

const ids = (journal: RequestJournal): string[] =>
  journal.list({}, { limit: 1000 }).entries.map((e) => e.id);

describe('RequestJournal', () => {
  it('cuts a body at maxBodyBytes, keeping its whole size and saying so', () => {
    const journal = new RequestJournal(limits, noSubscriberFails);
    expect(journal.body('short')).toEqual({ text: 'short', size: 5, truncated: false });
    expect(journal.body('é'.repeat(20))).toEqual({
      text: 'é'.repeat(8),
      size: 40,
      truncated: true,
    });
    expect(journal.body(null)).toEqual({ text: null, size: 0, truncated: false });
  });

  it('drops the oldest entries beyond maxEntries', () => {
    const journal = new RequestJournal({ ...limits, maxEntries: 3 }, noSubscriberFails);
    for (const id of ['a', 'b', 'c', 'd', 'e']) journal.record(facts(id));
    expect(ids(journal)).toEqual(['c', 'd', 'e']);
  });

  it('keeps exactly the newest maxEntries, in order, however many were recorded', () => {
    // Dropping moves a head index and compacts now and then: every count crosses a compaction.
    const journal = new RequestJournal({ ...limits, maxEntries: 10 }, noSubscriberFails);
    for (let n = 1; n <= 1000; n++) {
      journal.record(facts(`r${n}`));
      const first = Math.max(1, n - 9);
      expect(journal.size).toBe(n - first + 1);
      if (n % 37 === 0 || n > 990)
        expect(ids(journal)).toEqual(
          Array.from({ length: n - first + 1 }, (_, i) => `r${first + i}`),
        );
    }
    journal.clear();
    expect(journal.size).toBe(0);
    journal.record(facts('after'));
    expect(ids(journal)).toEqual(['after']);
  });

  it('drops the oldest entries beyond maxBytes, but always keeps the newest', () => {
    const journal = new RequestJournal(
      { ...limits, maxBytes: 2_000, maxBodyBytes: 10_000 },
      noSubscriberFails,
    );
    for (const id of ['a', 'b', 'c', 'd']) journal.record(facts(id, 'x'.repeat(500)));
    expect(ids(journal).length).toBeLessThan(4);
    expect(ids(journal).at(-1)).toBe('d');
    journal.record(facts('huge', 'x'.repeat(5_000)));
    expect(ids(journal)).toEqual(['huge']);
  });

  it('tells observers of each request; one that throws stops neither the others nor the record', () => {
    const errors: unknown[] = [];
    const journal = new RequestJournal(limits, (err) => errors.push(err));
    const seen: string[] = [];
    journal.observe(() => {
      throw new Error('broken observer');
    });
    const stop = journal.observe((f) => seen.push(f.id));
    journal.record(facts('a'));
    stop();
    journal.record(facts('b'));
    expect(seen).toEqual(['a']);
    expect(errors).toHaveLength(2);
    expect(ids(journal)).toEqual(['a', 'b']);
  });

  it('keeps facts and builds an entry only when listed: its fields, its bodies cut, then the same entry', () => {
    const journal = new RequestJournal(limits, noSubscriberFails);
    const observed: RequestFacts[] = [];
    journal.observe((f) => observed.push(f));
    const answer = '{"order_id":"a","status":"pending"}';
    journal.record(facts('a', answer));
    // The observers hear the facts themselves, the whole body with them.
    expect(observed).toHaveLength(1);
    expect(observed[0]!.response_body).toBe(answer);
    const [listed] = journal.list({}, { limit: 10 }).entries;
    expect(listed).toEqual({
      id: 'a',
      generation: 1,
      operation: 'retrieveOrder',
      method: 'GET',
      path: '/v1/orders/a',
      query: { expand: 'driver' },
      order_id: 'a',
      request: { headers: {}, body: { text: null, size: 0, truncated: false } },
      status: 200,
      reason: null,
      error: null,
      retry_after: null,
      response: {
        headers: { 'content-type': 'application/json; charset=utf-8' },
        body: { text: answer.slice(0, 16), size: answer.length, truncated: true },
      },
      account_id: 'acct_a',
      key_mode: 'read_write',
      started_at: '2026-01-01T00:00:00.000Z',
      virtual_time: '2026-01-01T00:05:00.000Z',
      duration_ms: 1,
      fault: null,
      traceparent: null,
    });
    // Built once listed: a second listing reads the same entry.
    expect(journal.list({}, { limit: 10 }).entries[0]).toBe(listed);
  });

  it('reads an error answer: its fields, its reason and Retry-After', () => {
    const error = {
      code: 'rate_limited',
      message: 'slow down',
      param: null,
      reason: 'x',
      details: [],
    };
    const f: RequestFacts = {
      ...facts('e'),
      status: 429,
      response_headers: { 'retry-after': '2' },
      response_body: JSON.stringify({ error: { ...error, request_id: 'e' } }),
    };
    const entry = entryOf(f, (text) => ({ text, size: text?.length ?? 0, truncated: false }));
    expect([entry.error, entry.reason, entry.retry_after]).toEqual([error, 'x', 2]);
    // A 2xx answer is never read as an error, whatever its body says.
    const ok = entryOf({ ...f, status: 200 }, (text) => ({ text, size: 0, truncated: false }));
    expect([ok.error, ok.reason]).toEqual([null, null]);
  });

  it('answers an unknown cursor with unknown_cursor naming the parameter, and forgets all on clear', () => {
    const journal = new RequestJournal(limits, noSubscriberFails);
    journal.record(facts('a'));
    journal.clear();
    expect(journal.size).toBe(0);
    expect(() => journal.list({}, { limit: 10, starting_after: 'a' })).toThrow(ServiceError);
    let caught: unknown;
    try {
      journal.list({}, { limit: 10, ending_before: 'a' });
    } catch (err) {
      caught = err;
    }
    expect(caught).toMatchObject({ reason: 'unknown_cursor', param: 'ending_before', status: 400 });
  });
});

describe('an entry names the error answered', () => {
  const notFound = {
    ...facts(
      'ord_x',
      '{"error":{"code":"not_found","message":"gone","param":null,"reason":"order_not_found","details":[],"request_id":"req_1"}}',
    ),
    status: 404,
  };
  const body = (text: string | null) => ({ text, size: text?.length ?? 0, truncated: false });

  it('from the answer sent, when sendError kept it: the body is not parsed back', () => {
    const kept = {
      code: 'not_found',
      message: 'kept',
      param: null,
      reason: 'order_not_found',
      details: [],
    };
    // A body that says otherwise shows which one was read.
    expect(entryOf({ ...notFound, response_error: kept }, body).error).toBe(kept);
  });

  it("from the body's text otherwise, without its request id", () => {
    expect(entryOf(notFound, body).error).toEqual({
      code: 'not_found',
      message: 'gone',
      param: null,
      reason: 'order_not_found',
      details: [],
    });
  });
});

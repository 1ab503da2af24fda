import { describe, expect, it } from 'vitest';
import { ServiceError } from '../errors/service-error.js';
import { RequestJournal, type JournalEntry } from './request-journal.js';

const limits = { maxEntries: 100, maxBytes: 1_000_000, maxBodyBytes: 16 };
/** Where the journals below hand a failing subscriber: they have none. */
const noSubscriberFails = (): void => {};

function entry(journal: RequestJournal, id: string, body: string | null = null): JournalEntry {
  return {
    id,
    generation: 1,
    operation: 'retrieveOrder',
    method: 'GET',
    path: `/v1/orders/${id}`,
    query: {},
    order_id: id,
    request: { headers: {}, body: journal.body(null) },
    status: 200,
    reason: null,
    error: null,
    retry_after: null,
    response: { headers: {}, body: journal.body(body) },
    account_id: 'acct_a',
    key_mode: 'read_write',
    started_at: '2026-01-01T00:00:00.000Z',
    virtual_time: '2026-01-01T00:00:00.000Z',
    duration_ms: 1,
    fault: null,
    traceparent: null,
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
    for (const id of ['a', 'b', 'c', 'd', 'e']) journal.record(entry(journal, id));
    expect(ids(journal)).toEqual(['c', 'd', 'e']);
  });

  it('keeps exactly the newest maxEntries, in order, however many were recorded', () => {
    // Dropping moves a head index and compacts now and then: every count crosses a compaction.
    const journal = new RequestJournal({ ...limits, maxEntries: 10 }, noSubscriberFails);
    for (let n = 1; n <= 1000; n++) {
      journal.record(entry(journal, `r${n}`));
      const first = Math.max(1, n - 9);
      expect(journal.size).toBe(n - first + 1);
      if (n % 37 === 0 || n > 990)
        expect(ids(journal)).toEqual(
          Array.from({ length: n - first + 1 }, (_, i) => `r${first + i}`),
        );
    }
    journal.clear();
    expect(journal.size).toBe(0);
    journal.record(entry(journal, 'after'));
    expect(ids(journal)).toEqual(['after']);
  });

  it('drops the oldest entries beyond maxBytes, but always keeps the newest', () => {
    const journal = new RequestJournal(
      { ...limits, maxBytes: 2_000, maxBodyBytes: 10_000 },
      noSubscriberFails,
    );
    for (const id of ['a', 'b', 'c', 'd']) journal.record(entry(journal, id, 'x'.repeat(500)));
    expect(ids(journal).length).toBeLessThan(4);
    expect(ids(journal).at(-1)).toBe('d');
    journal.record(entry(journal, 'huge', 'x'.repeat(5_000)));
    expect(ids(journal)).toEqual(['huge']);
  });

  it('tells subscribers of each entry; one that throws stops neither the others nor the record', () => {
    const errors: unknown[] = [];
    const journal = new RequestJournal(limits, (err) => errors.push(err));
    const seen: string[] = [];
    journal.subscribe(() => {
      throw new Error('broken subscriber');
    });
    const stop = journal.subscribe((e) => seen.push(e.id));
    journal.record(entry(journal, 'a'));
    stop();
    journal.record(entry(journal, 'b'));
    expect(seen).toEqual(['a']);
    expect(errors).toHaveLength(2);
    expect(ids(journal)).toEqual(['a', 'b']);
  });

  it('keeps no entry it built for its subscribers: a listing builds it again, the same', () => {
    const journal = new RequestJournal(limits, noSubscriberFails);
    const heard: JournalEntry[] = [];
    journal.subscribe((e) => heard.push(e));
    let builds = 0;
    journal.recordLazily(600, () => {
      builds++;
      return entry(journal, 'a', 'answer');
    });
    expect(builds).toBe(1);
    const listed = journal.list({}, { limit: 10 }).entries;
    expect(builds).toBe(2);
    expect(listed).toEqual(heard);
    expect(listed[0]).not.toBe(heard[0]);
    // Built once listed: a second listing reads the same entry.
    expect(journal.list({}, { limit: 10 }).entries[0]).toBe(listed[0]);
    expect(builds).toBe(2);
  });

  it('answers an unknown cursor with unknown_cursor naming the parameter, and forgets all on clear', () => {
    const journal = new RequestJournal(limits, noSubscriberFails);
    journal.record(entry(journal, 'a'));
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

import { describe, expect, it } from 'vitest';
import { bare, busy } from '../../test/support/journal-entries.js';
import type { JournalEntry } from '../journal/journal-entry.js';
import { repeatLine, requestLine } from './request-line.js';

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

  it('writes a repeated request as its id and times and the record it repeats', () => {
    const line = JSON.parse(repeatLine('v1', 1, 2, busy, 7)) as object;
    expect(line).toEqual({
      type: 'request',
      plane: 'v1',
      real: 1,
      virtual: 2,
      repeats: 7,
      entry: {
        id: busy.id,
        started_at: busy.started_at,
        virtual_time: busy.virtual_time,
        duration_ms: busy.duration_ms,
      },
    });
  });
});

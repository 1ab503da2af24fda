import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readTrace, TraceError } from './read-trace.js';
import { TRACE_FORMAT } from './trace-record.js';

const header = (version: number) => ({ type: 'header', format: TRACE_FORMAT, version });
const request = (id: string, body: object) => ({
  type: 'request',
  plane: 'v1',
  entry: { id, path: '/v1/orders/ord_1', response: { headers: {}, body } },
});
const trace = (...records: object[]): Buffer =>
  gzipSync(records.map((r) => `${JSON.stringify(r)}\n`).join(''));
const answers = (bytes: Buffer): unknown[] =>
  readTrace(bytes).flatMap((r) => (r.type === 'request' ? [r.entry.response.body] : []));

describe('readTrace', () => {
  const whole = { text: '{"status":"pending"}', size: 20, truncated: false };

  it('gives an answer written as a reference (version 2) the text of the answer it repeats', () => {
    const bytes = trace(
      header(2),
      request('req_1', whole),
      request('req_2', { same_as: 1, size: 20, truncated: false }),
      request('req_3', { same_as: 1, size: 20, truncated: false }),
    );
    expect(answers(bytes)).toEqual([whole, whole, whole]);
  });

  it('gives a request written as a repeat the entry it repeats, with its own id and times', () => {
    const full = {
      ...request('req_1', whole),
      entry: {
        id: 'req_1',
        method: 'GET',
        started_at: 'a',
        duration_ms: 1,
        request: { headers: {}, body: { text: null, size: 0, truncated: false } },
        response: { headers: {}, body: whole },
      },
    };
    const own = { id: 'req_2', started_at: 'b', virtual_time: 'c', duration_ms: 2 };
    const repeat = { type: 'request', plane: 'v1', repeats: 1, entry: own };
    const [, first, second] = readTrace(trace(header(2), full, repeat)) as any[];
    expect(second).toEqual({ type: 'request', plane: 'v1', entry: { ...full.entry, ...own } });
    // a copy: editing one entry's answer leaves the other's as recorded
    second.entry.response.body.text = 'edited';
    expect(first.entry.response.body.text).toBe(whole.text);
  });

  it('still reads version 1, which has no references', () => {
    expect(answers(trace(header(1), request('req_1', whole)))).toEqual([whole]);
  });

  it('refuses a reference to no earlier request, and a version it does not know', () => {
    const ahead = trace(header(2), request('req_1', { same_as: 2, size: 1, truncated: false }));
    expect(() => readTrace(ahead)).toThrow(
      new TraceError('line 2 of the trace repeats line 3, which is not an earlier request'),
    );
    const toHeader = trace(header(2), request('req_1', { same_as: 0, size: 1, truncated: false }));
    expect(() => readTrace(toHeader)).toThrow(/repeats line 1, which is not/);
    const repeatsHeader = trace(header(2), { type: 'request', plane: 'v1', repeats: 0, entry: {} });
    expect(() => readTrace(repeatsHeader)).toThrow(/line 2 of the trace repeats line 1, which/);
    expect(() => readTrace(trace(header(3)))).toThrow(/a trace of version 3, which this sandbox/);
  });
});

import type { JournalBody, JournalEntry } from '../journal/journal-entry.js';

/** How many paths' last answers `AnswerMemo` keeps (the oldest path is forgotten first). */
export const MEMO_PATHS = 4096;

/**
 * The last answer body written for each path, and the record it was written in: an answer
 * identical to it is written as a reference (`same_as`, docs/traces.md) instead of again. A
 * client polling an order reads the same answer over and over; so does every retried read.
 */
export class AnswerMemo {
  private readonly last = new Map<string, { text: string; size: number; index: number }>();

  /**
   * The index of the earlier record whose answer `body` repeats, or `undefined`, in which case
   * `body` is remembered as written in record `index`. Compared by identity first (a cached
   * answer is the very same string), then by content.
   */
  sameAs(path: string, body: JournalBody, index: number): number | undefined {
    const text = body.text;
    if (text === null) return undefined;
    const last = this.last.get(path);
    // `===` on strings: the same string object at once, else their content.
    if (last !== undefined && last.size === body.size && last.text === text) return last.index;
    if (last === undefined && this.last.size >= MEMO_PATHS)
      this.last.delete(this.last.keys().next().value as string);
    this.last.set(path, { text, size: body.size, index });
    return undefined;
  }
}

/**
 * The line of a `request` record (docs/traces.md), written field by field: a read's record is
 * written on the main thread for every request, and this costs a third of `JSON.stringify` on the
 * whole record (BENCHMARKS.md, "Traces"). The same JSON as `JSON.stringify` gives, but the answer
 * body when `sameAs` is set: then `{"same_as":N,"size":…,"truncated":…}`, the text of record N's
 * answer. Every field of a journal entry is written: request-line.test.ts checks it against
 * `JSON.stringify` for each of them.
 */
export function requestLine(
  plane: 'v1' | 'control',
  real: number,
  virtual: number,
  e: JournalEntry,
  sameAs: number | undefined,
): string {
  const res = e.response;
  const answer =
    sameAs === undefined
      ? body(res.body)
      : `{"same_as":${sameAs},"size":${res.body.size},"truncated":${res.body.truncated}}`;
  return (
    `{"type":"request","plane":"${plane}","real":${real},"virtual":${virtual},"entry":{` +
    `"id":${str(e.id)},"generation":${e.generation},"operation":${str(e.operation)},` +
    `"method":${str(e.method)},"path":${str(e.path)},"query":${JSON.stringify(e.query)},` +
    `"order_id":${str(e.order_id)},"request":{"headers":${headers(e.request.headers)},` +
    `"body":${body(e.request.body)}},"status":${e.status},"reason":${str(e.reason)},` +
    `"error":${object(e.error)},"retry_after":${e.retry_after},` +
    `"response":{"headers":${headers(res.headers)},"body":${answer}},` +
    `"account_id":${str(e.account_id)},"key_mode":${str(e.key_mode)},` +
    `"started_at":${str(e.started_at)},"virtual_time":${str(e.virtual_time)},` +
    `"duration_ms":${e.duration_ms},"fault":${object(e.fault)},` +
    `"traceparent":${str(e.traceparent)}}}`
  );
}

/**
 * A string that may need escaping: a quote, a backslash, or anything but printable ASCII (a
 * control character, a lone surrogate). Most strings of an entry (ids, dates, paths) have none.
 */
const ESCAPE = /["\\]|[^ -~]/;

const str = (s: string | null): string =>
  s === null ? 'null' : ESCAPE.test(s) ? JSON.stringify(s) : `"${s}"`;

const object = (o: object | null): string => (o === null ? 'null' : JSON.stringify(o));

function headers(h: Record<string, string>): string {
  let out = '';
  for (const name in h) out += `${out === '' ? '' : ','}${str(name)}:${str(h[name] as string)}`;
  return `{${out}}`;
}

const body = (b: JournalBody): string =>
  `{"text":${str(b.text)},"size":${b.size},"truncated":${b.truncated}}`;

import type { JournalBody, JournalEntry } from '../journal/journal-entry.js';

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
    `"id":${plain(e.id)},"generation":${e.generation},"operation":${plain(e.operation)},` +
    `"method":${plain(e.method)},"path":${str(e.path)},"query":${JSON.stringify(e.query)},` +
    `"order_id":${str(e.order_id)},"request":{"headers":${headers(e.request.headers)},` +
    `"body":${body(e.request.body)}},"status":${e.status},"reason":${str(e.reason)},` +
    `"error":${object(e.error)},"retry_after":${e.retry_after},` +
    `"response":{"headers":${headers(res.headers)},"body":${answer}},` +
    `"account_id":${str(e.account_id)},"key_mode":${plain(e.key_mode)},` +
    `"started_at":${plain(e.started_at)},"virtual_time":${plain(e.virtual_time)},` +
    `"duration_ms":${e.duration_ms},"fault":${object(e.fault)},` +
    `"traceparent":${plain(e.traceparent)}}}`
  );
}

/**
 * The line of a `request` record whose entry repeats record `repeats`'s but for the fields that
 * differ from one request to the next: its id, when it came (real and virtual), how long it took.
 */
export function repeatLine(
  plane: 'v1' | 'control',
  real: number,
  virtual: number,
  e: Pick<JournalEntry, 'id' | 'started_at' | 'virtual_time' | 'duration_ms'>,
  repeats: number,
): string {
  return (
    `{"type":"request","plane":"${plane}","real":${real},"virtual":${virtual},"repeats":${repeats},` +
    `"entry":{"id":${plain(e.id)},"started_at":${plain(e.started_at)},` +
    `"virtual_time":${plain(e.virtual_time)},"duration_ms":${e.duration_ms}}}`
  );
}

/**
 * A string that may need escaping: a quote, a backslash, or anything but printable ASCII (a
 * control character, a lone surrogate). Most strings of an entry (ids, dates, paths) have none.
 */
const ESCAPE = /["\\]|[^ -~]/;

/**
 * A string the sandbox made of characters JSON writes as they are: request ids, ISO dates, the
 * operationId, the key's mode, a traceparent it formatted, and the method (Node's parser takes
 * only known method names). Not tested for escapes: a third of the line's cost was those tests.
 */
const plain = (s: string | null): string => (s === null ? 'null' : `"${s}"`);

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

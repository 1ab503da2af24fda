import type { JournalBody, JournalEntry, RequestFacts } from '../journal/journal-entry.js';
import { repeatLine, requestLine } from './request-line.js';

/** How many paths' last requests `RequestMemo` keeps (the oldest path is forgotten first). */
export const MEMO_PATHS = 1024;

/** The fields a repeated request writes again (`repeatLine`): every other one is compared. */
type Compared = Exclude<keyof JournalEntry, 'id' | 'started_at' | 'virtual_time' | 'duration_ms'>;

/**
 * The last request written in full for each path, and the record it was written in. A client
 * polling an order asks the same and is answered the same over and over; such a request is
 * written as a repeat of that record (`repeats`, docs/traces.md), its id and times only. A request
 * that differs but is answered the same body has its answer written as a reference (`same_as`).
 * Strings are compared with `===`: the same string object at once, else by content.
 */
export class RequestMemo {
  private readonly last = new Map<
    string,
    { entry: JournalEntry; index: number; facts?: RequestFacts }
  >();

  /**
   * `line` for a request known by its journal facts, its entry built by `entryOf` only when it is
   * no repeat: the same facts as the last ones seen for its path (but for its id and times) make
   * the same entry, so a polled read skips building one (issue 23's cost on a fast read: ~4 µs of
   * the ~6.6 µs a traced read costs its thread, BENCHMARKS.md).
   */
  factsLine(
    plane: 'v1' | 'control',
    real: number,
    virtual: number,
    f: RequestFacts,
    index: number,
    entryOf: (f: RequestFacts) => JournalEntry,
  ): string {
    const last = this.last.get(f.path);
    if (last?.facts !== undefined && sameFacts(last.facts, f))
      return repeatLine(
        plane,
        real,
        virtual,
        {
          id: f.id,
          started_at: new Date(f.started_ms).toISOString(),
          virtual_time: new Date(f.virtual_ms).toISOString(),
          duration_ms: f.duration_ms,
        },
        last.index,
      );
    const line = this.line(plane, real, virtual, entryOf(f), index);
    // The path's record (this one, or the one it repeats) now stands for these facts too.
    const kept = this.last.get(f.path);
    if (kept) kept.facts = f;
    return line;
  }

  /** The line of the request record `index` (its line in the trace, from 0). */
  line(
    plane: 'v1' | 'control',
    real: number,
    virtual: number,
    e: JournalEntry,
    index: number,
  ): string {
    const last = this.last.get(e.path);
    // the answer first: when it differs (the one long string), the request is no repeat
    const sameAnswer = last !== undefined && sameBody(last.entry.response.body, e.response.body);
    if (sameAnswer && sameEntry(last.entry, e))
      return repeatLine(plane, real, virtual, e, last.index);
    const sameAs = sameAnswer ? last.index : undefined;
    if (last === undefined && this.last.size >= MEMO_PATHS)
      this.last.delete(this.last.keys().next().value as string);
    // a later repeat names this record; a later reference to its body too (readers resolve the
    // records in order, so a reference to a reference finds the text)
    this.last.set(e.path, { entry: e, index });
    return requestLine(plane, real, virtual, e, sameAs);
  }
}

type Same<T> = (a: T, b: T) => boolean;
const is = <T>(a: T, b: T): boolean => a === b;

function sameBody(a: JournalBody, b: JournalBody): boolean {
  return a.text !== null && a.text === b.text && a.size === b.size && a.truncated === b.truncated;
}

function sameRecord(a: Record<string, string | string[]>, b: Record<string, string | string[]>) {
  for (const k in a) {
    const x = a[k];
    const y = b[k];
    if (x !== y && !(Array.isArray(x) && Array.isArray(y) && x.join('\n') === y.join('\n')))
      return false;
  }
  for (const k in b) if (!Object.hasOwn(a, k)) return false;
  return true;
}

/** Error and fault objects: most answers have none; two are compared whole. */
const sameObject = (a: object | null, b: object | null): boolean =>
  a === b || (a !== null && b !== null && JSON.stringify(a) === JSON.stringify(b));

/** A comparison for each compared field: a field the journal adds fails the typecheck here. */
const SAME: { [K in Compared]: Same<JournalEntry[K]> } = {
  generation: is,
  operation: is,
  method: is,
  path: is,
  query: sameRecord,
  order_id: is,
  request: (a, b) =>
    sameRecord(a.headers, b.headers) &&
    a.body.text === b.body.text &&
    a.body.size === b.body.size &&
    a.body.truncated === b.body.truncated,
  status: is,
  reason: is,
  error: sameObject,
  retry_after: is,
  // its body is compared first, by `line`
  response: (a, b) => sameRecord(a.headers, b.headers),
  account_id: is,
  key_mode: is,
  fault: sameObject,
  traceparent: is,
};

/** Whether two records agree by every comparison of `table`. */
function agreeing<T>(table: { [K in keyof T]?: Same<T[K]> }): (a: T, b: T) => boolean {
  const keys = Object.keys(table) as (keyof T)[];
  return (a, b) => {
    for (const k of keys) if (!(table[k] as Same<unknown>)(a[k], b[k])) return false;
    return true;
  };
}

const sameEntry = agreeing<JournalEntry>(SAME);

/** The facts a journal entry is made of, compared but for the request's id and times. */
type ComparedFact = Exclude<keyof RequestFacts, 'id' | 'started_ms' | 'virtual_ms' | 'duration_ms'>;

/** A comparison for each compared fact: a fact the journal adds fails the typecheck here. */
const SAME_FACT: { [K in ComparedFact]-?: Same<RequestFacts[K]> } = {
  generation: is,
  operation: is,
  method: is,
  path: is,
  url: is,
  order_id: is,
  request_headers: sameRecord,
  request_body: is,
  status: is,
  response_headers: sameRecord,
  response_body: is,
  response_error: (a, b) => sameObject(a ?? null, b ?? null),
  account_id: is,
  key_mode: is,
  fault: sameObject,
  traceparent: is,
};
const sameFacts = agreeing<RequestFacts>(SAME_FACT);

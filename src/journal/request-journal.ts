import { paginate, UnknownCursor, type PageQuery } from '../domain/page.js';
import { fail } from '../errors/service-error.js';
import { Listeners, type ListenerError } from '../listeners.js';
import {
  entryOf,
  type JournalBody,
  type JournalEntry,
  type RequestFacts,
} from './journal-entry.js';

export type {
  JournalBody,
  JournalEntry,
  JournalError,
  JournalFault,
  RequestFacts,
} from './journal-entry.js';

/**
 * Where the journal step records a request: the journal itself for `/v1`, a trace's control
 * sink for the control plane (src/trace/trace-recorder.ts).
 */
export type JournalSink = Pick<RequestJournal, 'record'>;

/** The journal's bounds (defaults in src/sandbox/config.ts). */
export interface JournalLimits {
  /** Entries kept at most; the oldest go first. */
  maxEntries: number;
  /** Bytes of all entries together at most (roughly: bodies and headers); the oldest go first. */
  maxBytes: number;
  /** Bytes kept of each request and response body; the rest is cut (`truncated: true`). */
  maxBodyBytes: number;
}

/** Which entries `list` returns; every field narrows. */
export interface JournalFilter {
  operation?: string | undefined;
  /** An exact status (`404`) or a class (`4xx`). */
  status?: string | undefined;
  order_id?: string | undefined;
  account_id?: string | undefined;
}

/** The body of every request or response without one: one frozen object, not one per request. */
const NO_BODY: JournalBody = Object.freeze({ text: null, size: 0, truncated: false });

// What an entry costs besides its bodies and headers: ids, times, the object itself.
const ENTRY_OVERHEAD = 512;

/**
 * The request journal: the last `/v1` requests and their answers, oldest first, bounded by count
 * and by bytes. It belongs to the host, not to a world, so it outlives resets (each entry says which
 * generation answered). The integration report and the trace hear every request's facts as
 * recorded (`observe`); the trace builds an entry of them itself (`entryOf` with `body`) when the
 * request is no repeat. A listener that throws is handed to `onListenerError` (the host logs it)
 * and stops neither the others nor the record.
 */
export class RequestJournal {
  // The entries are `slots[head..]`, oldest first; each is built from its facts on first read,
  // so recording stays cheap on the hot path of every request. Dropping the oldest moves `head`
  // (O(1)); the array is compacted once the dropped half outweighs the rest, so each record costs
  // O(1) amortised.
  private slots: (Slot | undefined)[] = [];
  private head = 0;
  private bytes = 0;
  private readonly observers: Listeners<RequestFacts>;
  /** A body cut to `maxBodyBytes`, as an entry keeps it. */
  readonly body = (text: string | null): JournalBody => {
    if (text === null) return NO_BODY;
    const size = Buffer.byteLength(text);
    if (size <= this.limits.maxBodyBytes) return { text, size, truncated: false };
    const cut = Buffer.from(text).subarray(0, this.limits.maxBodyBytes).toString('utf8');
    return { text: cut, size, truncated: true };
  };

  constructor(
    readonly limits: JournalLimits,
    onListenerError: ListenerError<RequestFacts>,
  ) {
    this.observers = new Listeners<RequestFacts>(onListenerError);
  }

  /** How many entries it holds now. */
  get size(): number {
    return this.slots.length - this.head;
  }

  /**
   * Adds a request (dropping the oldest beyond the bounds) and tells the listeners. What is kept
   * is its facts, the entry built when first listed; a request with a body longer than the
   * journal keeps has its entry (the bodies cut) built now instead, so no whole body outlives
   * the request.
   */
  record(facts: RequestFacts): void {
    const long = this.isLong(facts.request_body) || this.isLong(facts.response_body);
    const entry = long ? entryOf(facts, this.body) : undefined;
    const size = entry
      ? entrySize(entry)
      : ENTRY_OVERHEAD +
        facts.url.length +
        (facts.request_body?.length ?? 0) +
        (facts.response_body?.length ?? 0);
    const slot: Slot = { facts: entry ? undefined : facts, entry, size };
    this.slots.push(slot);
    this.bytes += size;
    while (
      this.size > this.limits.maxEntries ||
      (this.bytes > this.limits.maxBytes && this.size > 1)
    ) {
      this.bytes -= (this.slots[this.head] as Slot).size;
      this.slots[this.head++] = undefined;
    }
    if (this.head > 64 && this.head * 2 > this.slots.length) {
      this.slots = this.slots.slice(this.head);
      this.head = 0;
    }
    if (this.observers.size > 0) this.observers.emit(facts);
  }

  /**
   * One page of the entries that pass `filter` (the control plane's pagination contract, newest
   * last). An unknown cursor is `400 unknown_cursor` naming the parameter.
   */
  list(filter: JournalFilter, page: PageQuery): { entries: JournalEntry[]; has_more: boolean } {
    const live = this.slots.slice(this.head) as Slot[];
    const matching = live.map((slot) => this.read(slot)).filter((e) => matches(e, filter));
    try {
      const result = paginate(matching, (e) => e.id, page);
      return { entries: result.items, has_more: result.has_more };
    } catch (err) {
      if (err instanceof UnknownCursor)
        throw fail('unknown_cursor', { param: err.param, id: err.id });
      throw err;
    }
  }

  /**
   * Calls `listener` with the facts of each request recorded from now on, whole bodies included
   * (the report's ledger, the trace); returns the unsubscribe function.
   */
  observe(listener: (facts: RequestFacts) => void): () => void {
    return this.observers.subscribe(listener);
  }

  /** Whether a body is longer than an entry keeps (a character is at most 3 UTF-8 bytes). */
  private isLong(text: string | null): boolean {
    if (text === null || text.length * 3 <= this.limits.maxBodyBytes) return false;
    return Buffer.byteLength(text) > this.limits.maxBodyBytes;
  }

  /** A slot's entry, built from its facts on its first read. */
  private read(slot: Slot): JournalEntry {
    if (slot.entry === undefined && slot.facts) {
      slot.entry = entryOf(slot.facts, this.body);
      slot.facts = undefined;
    }
    return slot.entry as JournalEntry;
  }

  /** Forgets every entry (`DELETE /__sandbox/requests`). */
  clear(): void {
    this.slots = [];
    this.head = 0;
    this.bytes = 0;
  }
}

interface Slot {
  facts: RequestFacts | undefined;
  entry: JournalEntry | undefined;
  /** Its estimated size in bytes, counted against `maxBytes`. */
  readonly size: number;
}

function matches(e: JournalEntry, f: JournalFilter): boolean {
  if (f.operation !== undefined && e.operation !== f.operation) return false;
  if (f.order_id !== undefined && e.order_id !== f.order_id) return false;
  if (f.account_id !== undefined && e.account_id !== f.account_id) return false;
  if (f.status !== undefined) {
    const status = e.status === null ? '' : String(e.status);
    const cls = /^[1-5]xx$/i.test(f.status);
    if (cls ? status[0] !== f.status[0] : status !== f.status) return false;
  }
  return true;
}

function entrySize(e: JournalEntry): number {
  let n = ENTRY_OVERHEAD + e.path.length + (e.request.body.text?.length ?? 0);
  n += e.response.body.text?.length ?? 0;
  for (const v of Object.values(e.request.headers)) n += v.length;
  for (const v of Object.values(e.response.headers)) n += v.length;
  for (const v of Object.values(e.query)) n += String(v).length;
  return n;
}

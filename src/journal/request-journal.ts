import { paginate, UnknownCursor, type PageQuery } from '../domain/page.js';
import { fail } from '../errors/service-error.js';
import { Listeners, type ListenerError } from '../listeners.js';
import type { JournalBody, JournalEntry } from './journal-entry.js';

export type { JournalBody, JournalEntry, JournalError, JournalFault } from './journal-entry.js';

/**
 * Where the journal step records a request: the journal itself for `/v1`, a trace's control
 * sink for the control plane (src/trace/trace-recorder.ts), each with the journal's cut bodies.
 */
export type JournalSink = Pick<RequestJournal, 'body' | 'recordLazily'>;

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
 * generation answered). The integration report subscribes to it; a subscriber that throws is handed
 * to `onListenerError` (the host logs it) and stops neither the others nor the record.
 */
export class RequestJournal {
  // The entries are `slots[head..]`, oldest first; each is built on first read, so recording stays
  // cheap on the hot path of every request. Dropping the oldest moves `head` (O(1)); the array is
  // compacted once the dropped half outweighs the rest, so each record costs O(1) amortised.
  private slots: (Slot | undefined)[] = [];
  private head = 0;
  private bytes = 0;
  private readonly listeners: Listeners<JournalEntry>;

  constructor(
    readonly limits: JournalLimits,
    onListenerError: ListenerError<JournalEntry>,
  ) {
    this.listeners = new Listeners(onListenerError);
  }

  /** How many entries it holds now. */
  get size(): number {
    return this.slots.length - this.head;
  }

  /** A body cut to `maxBodyBytes`, as an entry keeps it. */
  body(text: string | null): JournalBody {
    if (text === null) return NO_BODY;
    const size = Buffer.byteLength(text);
    if (size <= this.limits.maxBodyBytes) return { text, size, truncated: false };
    const cut = Buffer.from(text).subarray(0, this.limits.maxBodyBytes).toString('utf8');
    return { text: cut, size, truncated: true };
  }

  /** Adds an entry (dropping the oldest beyond the bounds) and tells the subscribers. */
  record(entry: JournalEntry): void {
    this.recordLazily(entrySize(entry), () => entry);
  }

  /**
   * Adds an entry that `build` makes when it is first listed; `size` is its estimated size in
   * bytes. `build` must hold only what the entry needs (not a request or a socket): it lives as
   * long as the entry. The subscribers (the report's ledger, always) get an entry built for them
   * that the journal does not keep: kept, every request's whole entry lived for the next thousand
   * requests and was carried through the young generation into the old one by the collector
   * (issue 24: ~6–9 % of a read's CPU); unkept, it dies young, and a listing builds it again.
   */
  recordLazily(size: number, build: () => JournalEntry): void {
    const slot: Slot = { build, entry: undefined, size };
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
    if (this.listeners.size === 0) return;
    this.listeners.emit(slot.build ? slot.build() : read(slot));
  }

  /**
   * One page of the entries that pass `filter` (the control plane's pagination contract, newest
   * last). An unknown cursor is `400 unknown_cursor` naming the parameter.
   */
  list(filter: JournalFilter, page: PageQuery): { entries: JournalEntry[]; has_more: boolean } {
    const live = this.slots.slice(this.head) as Slot[];
    const matching = live.map(read).filter((e) => matches(e, filter));
    try {
      const result = paginate(matching, (e) => e.id, page);
      return { entries: result.items, has_more: result.has_more };
    } catch (err) {
      if (err instanceof UnknownCursor)
        throw fail('unknown_cursor', { param: err.param, id: err.id });
      throw err;
    }
  }

  /** Calls `listener` with each entry recorded from now on; returns the unsubscribe function. */
  subscribe(listener: (entry: JournalEntry) => void): () => void {
    return this.listeners.subscribe(listener);
  }

  /** Forgets every entry (`DELETE /__sandbox/requests`). */
  clear(): void {
    this.slots = [];
    this.head = 0;
    this.bytes = 0;
  }
}

interface Slot {
  build: (() => JournalEntry) | undefined;
  entry: JournalEntry | undefined;
  /** Its estimated size in bytes, counted against `maxBytes`. */
  readonly size: number;
}

function read(slot: Slot): JournalEntry {
  if (slot.entry === undefined && slot.build) {
    slot.entry = slot.build();
    slot.build = undefined;
  }
  return slot.entry as JournalEntry;
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

import { open, readFile, type FileHandle } from 'node:fs/promises';
import type { Worker } from 'node:worker_threads';
import { realNow } from '../clock/real-time.js';
import type { JournalEntry, RequestFacts } from '../journal/journal-entry.js';
import { RequestMemo } from './request-memo.js';
import type { TraceRecord } from './trace-record.js';
import { startTraceWorker } from './start-trace-worker.js';
import type { FromTraceWorker, ToTraceWorker } from './trace-protocol.js';

/**
 * How often queued records are handed to the trace worker: a kill loses at most this much (and
 * what the worker and the operating system had not written yet); batching keeps the cost per
 * request small (BENCHMARKS.md).
 */
export const WRITE_EVERY_MS = 100;

/** Where a trace goes: a file (`--trace FILE`), or memory (a named sandbox's `trace: true`). */
export type TraceTarget = { file: string } | { memory: true };

/**
 * Writes a trace (docs/traces.md, decision 23). On this thread, the one that answers requests,
 * records are only queued as they come; every WRITE_EVERY_MS the queue becomes JSON lines (a
 * request's by `requestLine`, its answer a reference when it repeats the last one written for its
 * path) and goes to the trace's worker thread in one message. The worker masks, bounds, compresses
 * and appends them (src/trace/trace-encoder.ts).
 */
export class TraceWriter {
  private pending: QueuedRecord[] = [];
  private timer: NodeJS.Timeout | undefined;
  /** The index of the next record (its line in the trace, from 0): what `same_as` names. */
  private next = 0;
  private readonly memo = new RequestMemo();
  private readonly lines = new Utf8Lines();
  private readonly waiting = new Map<number, (answer: FromTraceWorker) => void>();
  private asked = 0;
  private failure: Error | undefined;
  private closed: Promise<void> | undefined;
  /** The whole trace once closed, when it was kept in memory. */
  private final: Buffer | undefined;

  private constructor(
    private readonly worker: Worker,
    private readonly handle: FileHandle | undefined,
    private readonly file: string | undefined,
  ) {
    worker.unref(); // referenced only while an answer is awaited (`ask`)
    worker.on('message', (answer: FromTraceWorker) => {
      const id = answer.kind === 'snapshot' ? answer.id : -1;
      this.waiting.get(id)?.(answer);
      this.waiting.delete(id);
      if (this.waiting.size === 0) worker.unref();
    });
    const fail = (err: Error): void => {
      this.failure ??= err;
      for (const settle of this.waiting.values())
        settle({ kind: 'closed', bytes: null, error: err.message });
      this.waiting.clear();
    };
    worker.on('error', fail);
    worker.on('exit', () => fail(new Error('the trace worker ended')));
  }

  /** A writer into `target` (a file is created, or emptied, here: a bad path fails the start). */
  static async open(target: TraceTarget, maxBytes: number): Promise<TraceWriter> {
    const handle = 'file' in target ? await open(target.file, 'w+') : undefined;
    const worker = startTraceWorker({ fd: handle?.fd ?? null, maxBytes });
    return new TraceWriter(worker, handle, 'file' in target ? target.file : undefined);
  }

  /**
   * Queues `record`, or the function that builds it, called when the queue is handed over.
   */
  write(record: TraceRecord | (() => TraceRecord)): void {
    this.queue(record);
  }

  /**
   * Queues a `request` record known by its journal facts: `entryOf` builds its entry in the
   * writer's turn, and only when the request is no repeat of its path's last (`RequestMemo`).
   */
  writeRequest(
    plane: 'v1' | 'control',
    real: number,
    virtual: number,
    facts: RequestFacts,
    entryOf: (f: RequestFacts) => JournalEntry,
  ): void {
    this.queue(new FactsRecord(plane, real, virtual, facts, entryOf));
  }

  private queue(record: QueuedRecord): void {
    if (this.closed || this.failure) return;
    this.pending.push(record);
    if (this.timer) return;
    this.timer = setTimeout(() => this.drain(), WRITE_EVERY_MS);
    this.timer.unref();
  }

  /** Everything written so far, as a gzip stream (without its trailer until the trace is closed). */
  async snapshot(): Promise<Buffer> {
    if (this.closed) await this.closed;
    else {
      this.drain();
      const id = ++this.asked;
      const answer = await this.ask(id, { kind: 'snapshot', id });
      if (answer.error !== null) throw new Error(answer.error);
      if (answer.bytes) return Buffer.from(answer.bytes);
    }
    if (this.file === undefined) return this.final ?? Buffer.alloc(0);
    return readFile(this.file);
  }

  /** Hands over what is queued, then the `end` record; waits for the file's last write. */
  close(): Promise<void> {
    return (this.closed ??= (async () => {
      this.drain();
      try {
        const answer = await this.ask(-1, { kind: 'close', real: realNow() });
        if (answer.error !== null) throw new Error(answer.error);
        if (answer.bytes) this.final = Buffer.from(answer.bytes);
      } finally {
        this.worker.removeAllListeners('exit');
        await this.worker.terminate();
        await this.handle?.close();
      }
    })());
  }

  /** Sends `message` and waits for its answer (the worker keeps the process alive meanwhile). */
  private ask(id: number, message: ToTraceWorker): Promise<FromTraceWorker> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.worker.ref();
      this.worker.postMessage(message);
    });
  }

  /** The queue as JSON lines, handed to the worker in one message. */
  private drain(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const records = this.pending;
    this.pending = [];
    if (records.length === 0 || this.failure) return;
    const out = this.lines;
    try {
      this.encode(records, out);
    } catch (err) {
      out.clear(); // the batch is dropped whole, as it was when its lines were strings
      throw err;
    }
    const bytes = out.take();
    const message: ToTraceWorker = { kind: 'lines', bytes };
    this.worker.postMessage(message, [bytes.buffer]);
  }

  /** Each queued record as its line, into `out`, in order. */
  private encode(records: readonly QueuedRecord[], out: Utf8Lines): void {
    for (const item of records) {
      const index = this.next++;
      if (item instanceof FactsRecord) {
        const { plane, real, virtual, facts, entryOf } = item;
        out.add(this.memo.factsLine(plane, real, virtual, facts, index, entryOf));
        continue;
      }
      const record = typeof item === 'function' ? item() : item;
      out.add(
        record.type === 'request'
          ? this.memo.line(record.plane, record.real, record.virtual, record.entry, index)
          : JSON.stringify(record),
      );
    }
  }
}

/** What the writer queues: a record, the function that builds it, or a request's facts. */
type QueuedRecord = TraceRecord | (() => TraceRecord) | FactsRecord;

/** A queued `request` record that is still its journal facts (`writeRequest`). */
class FactsRecord {
  constructor(
    readonly plane: 'v1' | 'control',
    readonly real: number,
    readonly virtual: number,
    readonly facts: RequestFacts,
    readonly entryOf: (f: RequestFacts) => JournalEntry,
  ) {}
}

const utf8 = new TextEncoder();

/**
 * The scratch buffer's size to start with (and to go back to), and the most it keeps between two
 * batches: it keeps its size only while a batch fills at least a quarter of it, so an idle or
 * light trace holds 16 KiB, a busy one at most four times its batches.
 */
const SCRATCH_BYTES = 16 * 1024;
const SCRATCH_KEPT = 8 * 1024 * 1024;

/**
 * A batch's lines joined by newlines, as UTF-8, each encoded as soon as it is made, into a scratch
 * buffer kept from one batch to the next: a line is garbage at once. Holding a whole batch's lines
 * as strings first (~2.5 MB of them in 100 ms of creates) had the collector copy them, live, in
 * the scavenges that came while they were made (bench/trace.ts). Each line's size is measured
 * first (`Buffer.byteLength`, which also flattens the line: a request's line is concatenated from
 * ~60 pieces, and encoding that rope as it was cost ~3.5 µs a line on Node 20,
 * bench/trace-main-thread.ts), then it is encoded where it goes.
 */
class Utf8Lines {
  private scratch = new Uint8Array(SCRATCH_BYTES);
  private at = 0;
  private lines = 0;

  add(line: string): void {
    const size = Buffer.byteLength(line);
    const newline = this.lines > 0 ? 1 : 0;
    if (this.at + newline + size > this.scratch.length) {
      const grown = new Uint8Array(Math.max(this.at + newline + size, 2 * this.scratch.length));
      grown.set(this.scratch.subarray(0, this.at));
      this.scratch = grown;
    }
    if (newline) this.scratch[this.at++] = 0x0a;
    this.at += utf8.encodeInto(line, this.scratch.subarray(this.at)).written;
    this.lines++;
  }

  /**
   * The batch, in an `ArrayBuffer` of its own and of its size, which is transferred, not copied, to
   * the worker (posting a string copies it, and measured 10 µs a line, bench/trace.ts; and a short
   * `Buffer.from` lands in Node's shared pool, which Node 22 and 24 refuse to transfer); then the
   * next batch starts.
   */
  take(): Uint8Array<ArrayBuffer> {
    const bytes = this.scratch.slice(0, this.at);
    this.clear();
    return bytes;
  }

  /** Forgets the batch so far; the scratch keeps its size only if the batch filled a quarter. */
  clear(): void {
    const kept = this.scratch.length;
    if (kept > SCRATCH_BYTES && (kept > SCRATCH_KEPT || 4 * this.at < kept))
      this.scratch = new Uint8Array(SCRATCH_BYTES);
    this.at = 0;
    this.lines = 0;
  }
}

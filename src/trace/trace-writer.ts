import { realNow } from '../clock/real-time.js';
import { open, type FileHandle } from 'node:fs/promises';
import { constants, createGzip, type Gzip } from 'node:zlib';
import { maskSecrets } from '../domain/mask-secrets.js';
import type { TraceRecord } from './trace-record.js';

/**
 * How often queued records are written: a kill loses at most this much (and what the operating
 * system had not written yet); batching keeps the cost per request small (BENCHMARKS.md).
 */
export const WRITE_EVERY_MS = 100;

/** Where a trace goes: a file (`--trace FILE`), or memory (a named sandbox's `trace: true`). */
export type TraceTarget = { file: string } | { memory: true };

/**
 * Writes a trace as a gzipped JSON-lines stream (docs/traces.md): one record a line, masked by
 * `maskSecrets`, compressed and flushed (`Z_SYNC_FLUSH`) every WRITE_EVERY_MS, so that what is
 * on disk is always a readable prefix of the stream. Records are queued as they come and
 * serialised in that later batch, off the path of the request that made them. Past `maxBytes`
 * of JSON it writes one `dropped` record and keeps only counting; `close` ends with an `end`
 * record that says how many records of each type were dropped.
 */
export class TraceWriter {
  private readonly gzip: Gzip;
  private pending: (TraceRecord | (() => TraceRecord))[] = [];
  private timer: NodeJS.Timeout | undefined;
  private bytes = 0;
  private full = false;
  private readonly dropped: Record<string, number> = {};
  private readonly chunks: Buffer[] = [];
  /** The writes to the file, in order: `snapshot` and `close` wait for them. */
  private written: Promise<unknown> = Promise.resolve();
  private closed: Promise<void> | undefined;

  private constructor(
    private readonly handle: FileHandle | undefined,
    readonly maxBytes: number,
  ) {
    // The fastest level: a trace is written while the sandbox serves, and JSON lines of one run
    // repeat themselves so much that level 1 is within ~15 % of level 6's size at a quarter of its CPU.
    this.gzip = createGzip({ level: constants.Z_BEST_SPEED });
    this.gzip.on('data', (chunk: Buffer) => {
      if (this.handle) {
        const h = this.handle;
        this.written = this.written.then(() => h.write(chunk));
      } else this.chunks.push(chunk);
    });
  }

  /** A writer into `target` (a file is created, or emptied). */
  static async open(target: TraceTarget, maxBytes: number): Promise<TraceWriter> {
    const handle = 'file' in target ? await open(target.file, 'w+') : undefined;
    return new TraceWriter(handle, maxBytes);
  }

  /**
   * Queues `record`, or the function that builds it, called in the next turn of the event loop,
   * when the record is written.
   */
  write(record: TraceRecord | (() => TraceRecord)): void {
    if (this.closed) return;
    this.pending.push(record);
    if (this.timer) return;
    this.timer = setTimeout(() => this.drain(), WRITE_EVERY_MS);
    this.timer.unref();
  }

  /** Everything written so far, as a gzip stream (without its trailer until the trace is closed). */
  async snapshot(): Promise<Buffer> {
    await this.flush();
    if (!this.handle) return Buffer.concat(this.chunks);
    const { size } = await this.handle.stat();
    const out = Buffer.alloc(size);
    await this.handle.read(out, 0, size, 0);
    return out;
  }

  /** Writes what is queued and the `end` record, finishes the gzip stream and closes the file. */
  close(): Promise<void> {
    return (this.closed ??= (async () => {
      this.drain();
      this.gzip.write(
        this.line({ type: 'end', real: realNow(), dropped: { ...this.dropped } }, true),
      );
      // 'end' (not end's callback) comes after the last compressed chunk was handed over.
      await new Promise<void>((resolve) => {
        this.gzip.once('end', resolve);
        this.gzip.end();
      });
      await this.written;
      await this.handle?.close();
    })());
  }

  private async flush(): Promise<void> {
    this.drain();
    await new Promise<void>((resolve) => this.gzip.flush(constants.Z_SYNC_FLUSH, () => resolve()));
    await this.written;
  }

  /** Serialises what is queued and hands it to gzip in one write, then one sync flush. */
  private drain(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const records = this.pending;
    if (records.length === 0) return;
    this.pending = [];
    let text = '';
    for (const record of records)
      text += this.line(typeof record === 'function' ? record() : record, false);
    if (text !== '') this.gzip.write(text);
    this.gzip.flush(constants.Z_SYNC_FLUSH);
  }

  /** The record's line, or `''` once the trace is full (the first time, the `dropped` note). */
  private line(record: TraceRecord, always: boolean): string {
    if (this.full && !always) {
      this.dropped[record.type] = (this.dropped[record.type] ?? 0) + 1;
      return '';
    }
    const line = `${maskSecrets(JSON.stringify(record))}\n`;
    this.bytes += line.length; // characters: bytes for the ASCII that JSON.stringify mostly writes
    if (this.bytes <= this.maxBytes || always) return line;
    this.full = true;
    this.dropped[record.type] = 1;
    const note = {
      type: 'dropped' as const,
      real: realNow(),
      limit_bytes: this.maxBytes,
      message: `the trace reached its size limit (${this.maxBytes} bytes of JSON): later records are left out and counted in the last record`,
    };
    return `${JSON.stringify(note)}\n`;
  }
}

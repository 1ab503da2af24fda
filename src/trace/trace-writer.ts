import { realNow } from '../clock/real-time.js';
import { open, type FileHandle } from 'node:fs/promises';
import { constants, createGzip, type Gzip } from 'node:zlib';
import { maskSecrets } from '../domain/mask-secrets.js';
import type { TraceRecord } from './trace-record.js';

/** Where a trace goes: a file (`--trace FILE`), or memory (a named sandbox's `trace: true`). */
export type TraceTarget = { file: string } | { memory: true };

/**
 * Writes a trace as a gzipped JSON-lines stream (docs/traces.md): one record a line, masked by
 * `maskSecrets`, compressed and flushed (`Z_SYNC_FLUSH`) once per turn of the event loop, so
 * that what is on disk is always a readable prefix of the stream. Records are queued as they come
 * and serialised in that later turn, off the path of the request that made them. Past `maxBytes`
 * of JSON it writes one `dropped` record and keeps only counting; `close` ends with an `end`
 * record that says how many records of each type were dropped.
 */
export class TraceWriter {
  private readonly gzip: Gzip;
  private pending: (TraceRecord | (() => TraceRecord))[] = [];
  private scheduled = false;
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
    this.gzip = createGzip();
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
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => this.drain());
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
      this.put({ type: 'end', real: realNow(), dropped: { ...this.dropped } }, true);
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

  private drain(): void {
    this.scheduled = false;
    const records = this.pending;
    if (records.length === 0) return;
    this.pending = [];
    for (const record of records) this.put(typeof record === 'function' ? record() : record, false);
    this.gzip.flush(constants.Z_SYNC_FLUSH);
  }

  private put(record: TraceRecord, always: boolean): void {
    if (this.full && !always) {
      this.dropped[record.type] = (this.dropped[record.type] ?? 0) + 1;
      return;
    }
    const line = `${maskSecrets(JSON.stringify(record))}\n`;
    this.bytes += Buffer.byteLength(line);
    if (this.bytes > this.maxBytes && !always) {
      this.full = true;
      this.dropped[record.type] = 1;
      const note = {
        type: 'dropped' as const,
        real: realNow(),
        limit_bytes: this.maxBytes,
        message: `the trace reached its size limit (${this.maxBytes} bytes of JSON): later records are left out and counted in the last record`,
      };
      this.gzip.write(`${JSON.stringify(note)}\n`);
      return;
    }
    this.gzip.write(line);
  }
}

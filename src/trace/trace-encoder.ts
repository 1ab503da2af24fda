import { write } from 'node:fs';
import { constants, createGzip, type Gzip } from 'node:zlib';
import { realNow } from '../clock/real-time.js';
import { maskSecrets } from '../domain/mask-secrets.js';

/**
 * The trace worker's half of a trace (src/trace/trace-worker.ts): lines in, masked by
 * `maskSecrets`, bounded, compressed and flushed (`Z_SYNC_FLUSH`) a batch at a time, so that
 * what is on disk is always a readable prefix of the stream. Past `maxBytes` of JSON it writes
 * one `dropped` record in place of the line that crossed the bound and keeps only counting;
 * `close` ends with an `end` record that says how many records of each type were dropped.
 */
export class TraceEncoder {
  private readonly gzip: Gzip;
  private bytes = 0;
  private full = false;
  private readonly dropped: Record<string, number> = {};
  private readonly chunks: Buffer[] = [];
  /** The writes to the file, in order: `snapshot` and `close` wait for them. */
  private written: Promise<void> = Promise.resolve();
  private failure: Error | undefined;

  /** `fd`: the trace file, opened by the main thread; `undefined`: the trace is kept in memory. */
  constructor(
    private readonly fd: number | undefined,
    private readonly maxBytes: number,
  ) {
    // The fastest level: a trace is written while the sandbox serves, and JSON lines of one run
    // repeat themselves so much that level 1 is within ~15 % of level 6's size at a quarter of its CPU.
    this.gzip = createGzip({ level: constants.Z_BEST_SPEED });
    this.gzip.on('data', (chunk: Buffer) => {
      if (fd === undefined) this.chunks.push(chunk);
      else this.written = this.written.then(() => writeAll(fd, chunk)).catch(this.fail);
    });
  }

  /**
   * A batch of JSON lines joined by `\n` (UTF-8), each `{"type":"…"` first: one gzip write, one
   * flush. Handled as bytes (no decoding, no encoding again) unless it nears the bound or holds
   * something that looks like a secret.
   */
  add(batch: Buffer): void {
    if (batch.length === 0 || this.full) {
      if (this.full) for (const line of lines(batch)) this.line(line);
      return;
    }
    if (this.bytes + batch.length + 1 <= this.maxBytes) {
      this.bytes += batch.length + 1;
      if (mayHoldSecrets(batch)) this.gzip.write(`${maskSecrets(batch.toString('utf8'))}\n`);
      else this.gzip.write(Buffer.concat([batch, NEWLINE]));
    } else {
      let text = '';
      for (const line of lines(batch)) text += this.line(line);
      if (text !== '') this.gzip.write(maskSecrets(text));
    }
    this.gzip.flush(constants.Z_SYNC_FLUSH);
  }

  /** Everything so far, as a gzip stream without its trailer (the file's bytes: `undefined`). */
  async snapshot(): Promise<Buffer | undefined> {
    await new Promise<void>((resolve) => this.gzip.flush(constants.Z_SYNC_FLUSH, () => resolve()));
    await this.written;
    if (this.failure) throw this.failure;
    return this.fd === undefined ? Buffer.concat(this.chunks) : undefined;
  }

  /**
   * Writes the `end` record and the gzip trailer, and waits for the file's last write; the whole
   * trace when it is kept in memory (a file's: `undefined`).
   */
  async close(real: number): Promise<Buffer | undefined> {
    const end = { type: 'end', real, dropped: { ...this.dropped } };
    this.gzip.write(`${JSON.stringify(end)}\n`);
    // 'end' (not end's callback) comes after the last compressed chunk was handed over.
    await new Promise<void>((resolve) => {
      this.gzip.once('end', resolve);
      this.gzip.end();
    });
    await this.written;
    if (this.failure) throw this.failure;
    return this.fd === undefined ? Buffer.concat(this.chunks) : undefined;
  }

  private readonly fail = (err: unknown): void => {
    this.failure ??= err as Error;
  };

  /** The record's line, or `''` once the trace is full (the first time, the `dropped` note). */
  private line(bytes: Buffer): string {
    const json = bytes.toString('utf8');
    const type = typeOf(json);
    if (this.full) {
      this.dropped[type] = (this.dropped[type] ?? 0) + 1;
      return '';
    }
    this.bytes += bytes.length + 1;
    if (this.bytes <= this.maxBytes) return `${json}\n`;
    this.full = true;
    this.dropped[type] = 1;
    const note = {
      type: 'dropped',
      real: realNow(),
      limit_bytes: this.maxBytes,
      message: `the trace reached its size limit (${this.maxBytes} bytes of JSON): later records are left out and counted in the last record`,
    };
    return `${JSON.stringify(note)}\n`;
  }
}

const NEWLINE = Buffer.from('\n');

/** The lines of a batch (its bytes between newlines). */
function* lines(batch: Buffer): Generator<Buffer> {
  for (let start = 0; start < batch.length;) {
    const at = batch.indexOf(0x0a, start);
    const end = at < 0 ? batch.length : at;
    yield batch.subarray(start, end);
    start = end + 1;
  }
}

/** What `maskSecrets` looks for first, looked for in the bytes. */
const mayHoldSecrets = (batch: Buffer): boolean =>
  batch.includes('_test_') || batch.includes('whsec_') || batch.includes('"secret"');

/** A line's record type: every record is written with its `type` first. */
function typeOf(json: string): string {
  const start = '{"type":"'.length;
  return json.startsWith('{"type":"') ? json.slice(start, json.indexOf('"', start)) : 'unknown';
}

/** Writes all of `chunk` at the file's end (a short write is continued). */
function writeAll(fd: number, chunk: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    write(fd, chunk, 0, chunk.length, null, (err, n) => {
      if (err) reject(err);
      else if (n < chunk.length) writeAll(fd, chunk.subarray(n)).then(resolve, reject);
      else resolve();
    });
  });
}

import { Worker } from 'node:worker_threads';
import { describe, expect, it, vi } from 'vitest';
import { gunzipSync, constants } from 'node:zlib';
import { TraceWriter } from './trace-writer.js';

describe('TraceWriter', () => {
  // Node 22 and 24 throw a DataCloneError for an ArrayBuffer they may not transfer, such as the
  // pool that `Buffer.from` puts short texts in (and the process ended); Node 20 copies it.
  it('transfers to its worker only whole buffers of its own, never a view into a shared one', async () => {
    const posted = vi.spyOn(Worker.prototype, 'postMessage');
    try {
      const writer = await TraceWriter.open({ memory: true }, 1_000_000);
      const clock = { mode: 'manual', speed: 1, now: '2026-01-01T00:00:00.000Z' };
      writer.write({ type: 'clock', real: 1, virtual: 2, clock } as never);
      expect((await writer.snapshot()).length).toBeGreaterThan(0);
      await writer.close();
      const transferred = posted.mock.calls.flatMap(([message, transfer]) => {
        const bytes = (message as { bytes?: unknown }).bytes;
        return Array.isArray(transfer) && bytes instanceof Uint8Array ? [bytes] : [];
      });
      expect(transferred.length).toBeGreaterThan(0);
      for (const bytes of transferred) {
        expect(bytes.byteOffset).toBe(0);
        expect(bytes.buffer.byteLength).toBe(bytes.byteLength);
      }
    } finally {
      posted.mockRestore();
    }
  });

  it('keeps every line whole and in order across batches, one of them far larger than its buffer', async () => {
    const writer = await TraceWriter.open({ memory: true }, 10_000_000);
    const texts = [['a', 'é'], ['b', `${'x'.repeat(300_000)}🚲`, 'c'], ['d']];
    let i = 0;
    const records: unknown[] = [];
    for (const batch of texts) {
      for (const text of batch) {
        const record = { type: 'clock', real: i, virtual: i++, clock: { text } };
        records.push(record);
        writer.write(record as never);
      }
      await writer.snapshot(); // hands the queue over: one batch
    }
    await writer.close();
    const text = gunzipSync(await writer.snapshot(), { finishFlush: constants.Z_SYNC_FLUSH });
    const lines = text.toString('utf8').split('\n');
    expect(lines.pop()).toBe(''); // the last line ends with its newline; no line is empty
    const parsed = lines.map((l) => JSON.parse(l) as { type: string });
    expect(parsed.filter((l) => l.type === 'clock')).toEqual(records);
  });

  it('writes each record as one line of UTF-8, whatever its characters, in the order written', async () => {
    const writer = await TraceWriter.open({ memory: true }, 1_000_000);
    const texts = [
      'plain',
      'Zoë — café',
      '🚲 to 東京',
      'a "quote", a \\ and a\nnewline',
      '\ud800 alone',
      '',
    ];
    const records = texts.map((text, i) => ({
      type: 'clock',
      real: i,
      virtual: i,
      clock: { text },
    }));
    for (const r of records) writer.write(r as never);
    const gzip = await writer.snapshot();
    await writer.close();
    const lines = gunzipSync(gzip, { finishFlush: constants.Z_SYNC_FLUSH })
      .toString('utf8')
      .split('\n');
    expect(lines.filter(Boolean).map((l) => JSON.parse(l))).toEqual(
      records.map((r) => JSON.parse(JSON.stringify(r))),
    );
  });
});

import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { TraceWriter } from './trace-writer.js';

const postMessage = Worker.prototype.postMessage;

describe('TraceWriter', () => {
  afterEach(() => {
    Worker.prototype.postMessage = postMessage;
  });

  // Node 22 and 24 throw a DataCloneError for an ArrayBuffer they may not transfer, such as the
  // pool that `Buffer.from` puts short texts in (and the process ended); Node 20 copies it.
  it('transfers to its worker only whole buffers of its own, never a view into a shared one', async () => {
    const transferred: { view: number; buffer: number; offset: number }[] = [];
    Worker.prototype.postMessage = function (this: Worker, message: unknown, transfer?: unknown) {
      const bytes = (message as { bytes?: unknown }).bytes;
      if (Array.isArray(transfer) && bytes instanceof Uint8Array)
        transferred.push({
          view: bytes.byteLength,
          buffer: bytes.buffer.byteLength,
          offset: bytes.byteOffset,
        });
      return postMessage.call(this, message, transfer as never);
    } as Worker['postMessage'];
    const writer = await TraceWriter.open({ memory: true }, 1_000_000);
    writer.write({
      type: 'clock',
      real: 1,
      virtual: 2,
      clock: { mode: 'manual', speed: 1, now: '2026-01-01T00:00:00.000Z' },
    } as never);
    const trace = await writer.snapshot();
    expect(trace.length).toBeGreaterThan(0);
    await writer.close();
    expect(transferred.length).toBeGreaterThan(0);
    for (const t of transferred) expect(t).toEqual({ view: t.view, buffer: t.view, offset: 0 });
  });
});

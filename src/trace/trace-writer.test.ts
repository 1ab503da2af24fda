import { Worker } from 'node:worker_threads';
import { describe, expect, it, vi } from 'vitest';
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
});

import { open, rename } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { SandboxState } from './state.js';

/** How much JSON is gathered before it is written, and how long serialising may hold the loop. */
const CHUNK_BYTES = 1 << 20;
const SLICE_MS = 8;

/**
 * Writes `state` as one JSON document to `path`, atomically: a temporary file beside it, fsynced,
 * then renamed over it (and the directory fsynced), so `path` is always a whole snapshot, old or new.
 * The arrays are copied first (pointers only) and serialised record by record, yielding to the event
 * loop every few milliseconds: a 100 MB state never stalls requests. Records changed while it runs
 * may be written old or new; the journal from `journal_seq` on replays them either way (a fuzzy
 * checkpoint: see docs/decisions/0010-persistence-by-change.md).
 */
export async function writeSnapshot(
  path: string,
  state: SandboxState,
  journalSeq: number,
): Promise<void> {
  const parts: [string, unknown][] = Object.entries({ ...state, journal_seq: journalSeq }).map(
    ([key, value]) => [key, Array.isArray(value) ? [...(value as unknown[])] : value],
  );
  const temp = `${path}.${process.pid}.tmp`;
  const file = await open(temp, 'w');
  try {
    let buffer = '{';
    let sliceStart = performance.now();
    const flush = async (force: boolean): Promise<void> => {
      if (buffer.length >= CHUNK_BYTES || (force && buffer.length > 0)) {
        await file.write(buffer);
        buffer = '';
        sliceStart = performance.now();
      } else if (performance.now() - sliceStart > SLICE_MS) {
        await new Promise((resolve) => setImmediate(resolve));
        sliceStart = performance.now();
      }
    };
    let firstKey = true;
    for (const [key, value] of parts) {
      if (value === undefined) continue;
      buffer += `${firstKey ? '' : ','}${JSON.stringify(key)}:`;
      firstKey = false;
      if (!Array.isArray(value)) {
        buffer += JSON.stringify(value);
        continue;
      }
      buffer += '[';
      for (let i = 0; i < value.length; i++) {
        buffer += (i === 0 ? '' : ',') + JSON.stringify(value[i]);
        if ((i & 63) === 63) await flush(false);
      }
      buffer += ']';
    }
    buffer += '}\n';
    await flush(true);
    await file.sync();
  } finally {
    await file.close();
  }
  await rename(temp, path);
  await syncDirectory(dirname(path));
}

/** Makes a rename or unlink in `dir` durable (where the platform allows opening a directory). */
export async function syncDirectory(dir: string): Promise<void> {
  try {
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Windows cannot open a directory; its renames are durable once they return.
  }
}

import { open, rename } from 'node:fs/promises';
import { dirname } from 'node:path';
import { stateChunks } from './state-chunks.js';
import type { SandboxState } from './state.js';

/**
 * Writes `state` as one JSON document to `path`, atomically: a temporary file beside it, fsynced,
 * then renamed over it (and the directory fsynced), so `path` is always a whole snapshot, old or new.
 * It is serialised a record at a time without holding the event loop (`stateChunks`). Records
 * changed while it runs may be written old or new; the journal after `journal_seq` replays them
 * either way (a fuzzy checkpoint: docs/decisions/0010-persistence-by-change.md).
 */
export async function writeSnapshot(
  path: string,
  state: SandboxState,
  journalSeq: number,
): Promise<void> {
  const temp = `${path}.${process.pid}.tmp`;
  const file = await open(temp, 'w');
  try {
    for await (const chunk of stateChunks(state, { journal_seq: journalSeq }))
      await file.write(chunk);
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

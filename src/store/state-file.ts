import { open, unlink, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { JOURNALLED, journalPath, listJournals, type JournalBatch } from './journal-files.js';
import { syncDirectory, writeSnapshot } from './snapshot.js';
import type { SandboxState } from './state.js';
import type { Collection } from './collection.js';

/** The collections of the store attached to a state file, by their key in the state. */
export type JournalledCollections = Record<(typeof JOURNALLED)[number], Collection<unknown>>;

/** What a state file writes from: the attached store's state and its collections. */
export interface JournalSource {
  state: SandboxState;
  collections: JournalledCollections;
  /** Runs before each batch is taken (records the clock). */
  beforeCommit?: (() => void) | undefined;
}

/**
 * A `--data` file: a snapshot at its path and an append-only journal beside it
 * (`<path>.journal.<first seq>`), one fsynced line per group commit holding only the records that
 * changed. Commits that arrive while a batch is being written share the next batch (and its fsync);
 * each resolves as soon as the batch holding it is durable. Past `compactBytes` of journal, a new
 * snapshot is written in the background and the journal before it deleted. One `StateFile` serves
 * the sandbox's successive worlds, so their writes can never interleave out of order.
 */
export class StateFile {
  private source: JournalSource | undefined;
  private waiters: { resolve: () => void; reject: (err: unknown) => void }[] = [];
  private running: Promise<void> | undefined;
  private journal: FileHandle | undefined;
  private journalBytes = 0;
  private compacting: Promise<void> | undefined;
  /** A new world's state: written whole before any batch of it. */
  private snapshotDue = false;

  /**
   * @param seq the last batch already in the file (from `replayJournal`), 0 for a new file.
   * @param journalBytes the size of the journal already there, towards the compaction threshold.
   */
  constructor(
    readonly path: string,
    private readonly options: { compactBytes: number; onError: (err: unknown) => void },
    private seq = 0,
    journalBytes = 0,
  ) {
    this.journalBytes = journalBytes;
  }

  /**
   * Makes `source` the state this file persists. `continues`: it is the state read from this file,
   * so batches are appended after the journal already there; otherwise (a fresh scenario, a reset,
   * an import) the next commit writes it whole as a new snapshot first.
   */
  attach(source: JournalSource, continues: boolean): void {
    this.source = source;
    for (const c of Object.values(source.collections)) c.track = true;
    if (!continues) this.snapshotDue = true;
  }

  /** Stops persisting `source` (its world was replaced): its late commits write nothing. */
  detach(source: JournalSource): void {
    if (this.source === source) this.source = undefined;
  }

  /**
   * Resolves once everything `source` changed before the call is durable. Rejects for a source
   * no longer attached: what it changed will never be written.
   */
  commit(source: JournalSource): Promise<void> {
    if (source !== this.source)
      return Promise.reject(new Error('this state is no longer the one kept in the data file'));
    source.beforeCommit?.();
    const done = new Promise<void>((resolve, reject) => this.waiters.push({ resolve, reject }));
    this.kick();
    return done;
  }

  /** Starts the writer unless it runs; one that ends with commits waiting starts again. */
  private kick(): void {
    if (this.running) return;
    this.running = this.drain().finally(() => {
      this.running = undefined;
      // A commit made between the writer's last check and now would wait for nothing.
      if (this.waiters.length > 0) this.kick();
    });
  }

  /** Waits for the batches and the compaction in progress (tests, a clean stop). */
  async flush(): Promise<void> {
    while (this.running || this.compacting) await (this.running ?? this.compacting);
  }

  /** Writes what is committed, then closes the journal file (the sandbox stops). */
  async close(): Promise<void> {
    await this.flush();
    await this.rotate();
  }

  private async drain(): Promise<void> {
    while (this.waiters.length > 0) {
      const batch = this.waiters.splice(0);
      try {
        await this.writeBatch();
        for (const w of batch) w.resolve();
      } catch (err) {
        for (const w of batch) w.reject(err);
        this.options.onError(err);
      }
    }
  }

  private async writeBatch(): Promise<void> {
    const source = this.source;
    if (!source) return;
    if (this.snapshotDue) {
      this.snapshotDue = false;
      await this.compacting; // one snapshot at a time
      for (const c of Object.values(source.collections)) c.drain();
      await this.rotate();
      await this.snapshot(source.state);
      return;
    }
    const batch = this.takeBatch(source);
    const line = `${JSON.stringify(batch)}\n`;
    // A new file is named after its first batch; 'w': a file of that name can only hold a torn
    // line the last start discarded, never a batch to keep.
    this.journal ??= await open(journalPath(this.path, batch.seq), 'w');
    await this.journal.write(line);
    await this.journal.datasync();
    this.journalBytes += Buffer.byteLength(line);
    if (this.journalBytes > this.options.compactBytes && !this.compacting) {
      await this.rotate();
      const done = this.snapshot(source.state);
      this.compacting = done
        .catch((err: unknown) => this.options.onError(err))
        .finally(() => (this.compacting = undefined));
    }
  }

  private takeBatch(source: JournalSource): JournalBatch {
    const batch: JournalBatch = { seq: ++this.seq, meta: {}, put: {}, del: {} };
    for (const [key, value] of Object.entries(source.state))
      if (!Array.isArray(value) && key !== 'journal_seq') batch.meta[key] = value;
    for (const key of JOURNALLED) {
      const collection = source.collections[key];
      if (!collection.dirty) continue;
      const { put, del } = collection.drain();
      if (put.length > 0) batch.put[key] = put;
      if (del.length > 0) batch.del[key] = del;
    }
    return batch;
  }

  /** Closes the journal file: the next batch opens a new one named after its sequence number. */
  private async rotate(): Promise<void> {
    const old = this.journal;
    this.journal = undefined;
    this.journalBytes = 0;
    await old?.close();
  }

  /**
   * Writes the snapshot holding every batch up to now, then deletes the journal files it makes
   * redundant (all but the one opened after it).
   */
  private async snapshot(state: SandboxState): Promise<void> {
    // Every batch so far is in the snapshot or replayed over it; later ones go to a new file.
    const upTo = this.seq;
    await writeSnapshot(this.path, state, upTo);
    for (const file of await listJournals(this.path))
      if (file.firstSeq <= upTo) await unlink(file.path).catch(() => undefined);
    await syncDirectory(dirname(this.path));
  }
}

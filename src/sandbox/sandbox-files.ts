import { mkdir, open, readFile, rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { realTimer } from '../clock/real-time.js';
import type { SandboxSpec } from '../http/sandbox-directory.js';
import { listJournals } from '../store/journal-files.js';
import { syncDirectory } from '../store/snapshot.js';

/** What the index keeps of one named sandbox: enough to open it again with its keys and `ttl`. */
export interface SavedSandbox {
  name: string;
  /** The body it was created with (`ttl` aside): scenario, seed, clock. */
  spec: SandboxSpec;
  /** Its scenario may be a file path (created through the programmatic API). */
  files: boolean;
  /** Scenario key → the sandbox's own key (SandboxKeys). */
  keys: Record<string, string>;
  /** How many sandboxes of this name the server had made with this one: its id space. */
  made: number;
  /** Its data file, in the directory. */
  file: string;
  created_at: string;
  last_used: string;
  ttl_ms: number;
}

/** How long a use waits at most before the index records it (a kill loses no more of `last_used`). */
export const INDEX_EVERY_MS = 5_000;

/**
 * The named sandboxes' files under `--data FILE`: the directory `FILE.sandboxes/`, holding one
 * data file per sandbox (`<name>.<made>.json`, a snapshot and its change journal, kept by the same
 * StateFile as the default sandbox's) and `index.json`, the list of sandboxes with their spec,
 * keys, creation and last use (docs/persistence.md). The index is written whole (a temporary file
 * renamed over it) when a sandbox is created or disposed, and within INDEX_EVERY_MS of a use.
 */
export class SandboxFiles {
  readonly dir: string;
  private cancelWrite: (() => void) | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    dataFile: string,
    /** The sandboxes to write, read when the index is written. */
    private readonly current: () => SavedSandbox[],
    private readonly onError: (err: unknown) => void,
  ) {
    this.dir = `${dataFile}.sandboxes`;
  }

  /** The data file of the `made`-th sandbox named `name`. */
  fileFor(name: string, made: number): string {
    return join(this.dir, `${name}.${made}.json`);
  }

  /** The sandboxes the index holds (none when there is no directory yet); creates the directory. */
  async read(): Promise<SavedSandbox[]> {
    await mkdir(this.dir, { recursive: true });
    let text: string;
    try {
      text = await readFile(join(this.dir, 'index.json'), 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw err;
    }
    const data = JSON.parse(text) as { sandboxes?: SavedSandbox[] };
    return Array.isArray(data.sandboxes) ? data.sandboxes : [];
  }

  /** Writes the index now (after a create or a dispose), one write at a time. */
  save(): Promise<void> {
    this.cancelWrite?.();
    this.cancelWrite = undefined;
    const next = this.writing.then(() => this.write()).catch(this.onError);
    this.writing = next;
    return next;
  }

  /** A use: the index records it within INDEX_EVERY_MS. */
  touched(): void {
    this.cancelWrite ??= realTimer(INDEX_EVERY_MS, () => void this.save());
  }

  /** Deletes the data file of a sandbox and its journal (a delete, an expiry, a replace). */
  async remove(file: string): Promise<void> {
    const path = join(this.dir, file);
    for (const journal of await listJournals(path)) await unlink(journal.path).catch(() => {});
    await unlink(path).catch(() => {});
    await syncDirectory(this.dir);
  }

  private async write(): Promise<void> {
    const path = join(this.dir, 'index.json');
    const temp = `${path}.${process.pid}.tmp`;
    const handle = await open(temp, 'w');
    try {
      await handle.write(`${JSON.stringify({ sandboxes: this.current() }, null, 1)}\n`);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, path);
    await syncDirectory(this.dir);
  }
}

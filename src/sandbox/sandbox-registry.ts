// Near 290 lines: the named sandboxes' lifecycle in one class (create, replace, lookups by name
// and key, ttl, --data restore, dispose); its timing, queue, files, keys and config are beside it.
import { basename } from 'node:path';
import { realNow } from '../clock/real-time.js';
import { ExpirySweep } from './expiry-sweep.js';
import { KeyedQueue } from './keyed-queue.js';
import { sandboxNameOfKey } from '../domain/api-key.js';
import { ScenarioError } from '../errors/scenario-error.js';
import { fail } from '../errors/service-error.js';
import type { SandboxDirectory, SandboxSpec, SandboxSummary } from '../http/sandbox-directory.js';
import { checkBundledOnly } from './bundled-only.js';
import type { SandboxConfig } from './config.js';
import { checkSandboxName, namedSandboxConfig, parseTtl } from './named-sandbox-config.js';
import { SandboxHost } from './sandbox-host.js';
import { SandboxKeys } from './sandbox-keys.js';
import { Listeners } from '../listeners.js';
import type { DisposedSandbox, SandboxEnd } from '../live/stream-hosts.js';
import { restoreSandboxes } from './restore-sandboxes.js';
import { SandboxFiles } from './sandbox-files.js';
import { savedSandbox, summarizeSandbox, type NamedSandbox } from './named-sandbox.js';

export type { NamedSandbox } from './named-sandbox.js';

type Entry = NamedSandbox;

/**
 * The server's sandboxes: the default one (the host `startSandbox` opened, unchanged) and the
 * named ones, each a whole `SandboxHost` with its own world, journal, report, keys and clock.
 * A named sandbox lives until deleted or until its `ttl` of real time passes without a use (a
 * lookup by name or by key): an expired one is gone at once on lookup, and a sweep (a timer that
 * keeps no process alive) disposes the expired ones like a delete. `now` is the real-time source
 * (tests pass a manual one).
 */
export class SandboxRegistry implements SandboxDirectory {
  private readonly entries = new Map<string, Entry>();
  /** Names whose creation is under way: they count towards the limit. */
  private readonly creating = new Set<string>();
  /** The puts and deletes of one name, one at a time. */
  private readonly queue = new KeyedQueue();
  private readonly disposing = new Set<Promise<void>>();
  /** Per name, how many sandboxes of it were made: each has an id space of its own. */
  private readonly made = new Map<string, number>();
  private readonly sweeper: ExpirySweep;
  private closed = false;
  /** The named sandboxes' files, with `--data`. */
  private readonly files: SandboxFiles | undefined;

  constructor(
    private readonly config: SandboxConfig,
    /** The default sandbox: every token that names no sandbox belongs to it. */
    readonly defaultHost: SandboxHost,
    private readonly now: () => number = realNow,
  ) {
    this.sweeper = new ExpirySweep(now, () => void this.sweep());
    if (config.dataFile)
      this.files = new SandboxFiles(
        config.dataFile,
        () => [...this.entries.values()].flatMap(savedSandbox),
        (err) => config.logger.error({ err }, 'writing the index of named sandboxes failed'),
      );
  }

  /**
   * With `--data`, brings back the named sandboxes the index holds, each with its keys, state and
   * `ttl` (an expired one's files are removed instead). Called once, before the server listens.
   */
  async restore(): Promise<void> {
    if (!this.files) return;
    for (const entry of await restoreSandboxes(this.files, this.config, this.now)) {
      this.made.set(entry.name, entry.made);
      this.entries.set(entry.name, entry);
    }
    await this.files.save();
    this.replanSweep();
  }

  /**
   * Creates the sandbox `name` (`created: true`), or replaces it with a fresh world built from
   * `spec` and new keys, the old one closed like a delete. A bad name, ttl or scenario, or the
   * limit reached, throws a catalogue error and leaves every sandbox as it was. `files` lets a
   * scenario be a file path (the programmatic API; never over HTTP).
   */
  async open(
    name: string,
    spec: SandboxSpec,
    opts: { files?: boolean } = {},
  ): Promise<{ created: boolean; host: SandboxHost }> {
    const { created, entry } = await this.create(name, spec, opts);
    return { created, host: entry.host };
  }

  async put(
    name: string,
    spec: SandboxSpec,
  ): Promise<{ created: boolean; sandbox: SandboxSummary }> {
    const { created, entry } = await this.create(name, spec);
    return { created, sandbox: summarizeSandbox(entry) };
  }

  private async create(
    name: string,
    spec: SandboxSpec,
    opts: { files?: boolean } = {},
  ): Promise<{ created: boolean; entry: Entry }> {
    checkSandboxName(name);
    const ttlMs = parseTtl(spec.ttl);
    return this.queue.run(name, async () => {
      if (this.closed) throw fail('shutting_down');
      const old = this.live(name);
      if (!old && this.entries.size + this.creating.size >= this.config.maxSandboxes)
        throw fail('too_many_sandboxes', { limit: this.config.maxSandboxes });
      this.creating.add(name);
      let host: SandboxHost;
      let made: { made: number; dataFile: string | undefined };
      const keys = new SandboxKeys(name);
      try {
        if (!opts.files) checkBundledOnly(spec.scenario);
        const before = this.made.get(name) ?? 0;
        this.made.set(name, before + 1);
        const dataFile = this.files?.fileFor(name, before + 1);
        // A file left by a sandbox of that name and number before a restart is not this one's.
        if (dataFile) await this.files?.remove(basename(dataFile));
        const config = namedSandboxConfig(this.config, name, spec, keys, before, dataFile);
        host = await SandboxHost.open(config);
        made = { made: before + 1, dataFile };
      } catch (err) {
        if (err instanceof ScenarioError) throw fail('invalid_scenario', { detail: err.message });
        throw err;
      } finally {
        this.creating.delete(name);
      }
      if (this.closed) {
        await host.close();
        throw fail('shutting_down');
      }
      const now = this.now();
      // A replaced sandbox keeps its place in the list; its world and keys are new.
      const kept: SandboxSpec = { ...spec };
      delete kept.ttl;
      const files = opts.files ?? false;
      const entry: Entry = {
        name,
        host,
        createdAt: now,
        lastUsed: now,
        ttlMs,
        spec: kept,
        files,
        keys,
        ...made,
      };
      this.entries.set(name, entry);
      if (old) void this.dispose(old, 'replaced');
      this.sweeper.by(now + ttlMs);
      await this.files?.save(); // a 201 with --data: it comes back after a restart
      return { created: !old, entry };
    });
  }

  /** The named sandbox's host, its `ttl` started again; `undefined` when there is none (or it expired). */
  get(name: string): SandboxHost | undefined {
    return this.touch(name)?.host;
  }

  describe(name: string): SandboxSummary {
    checkSandboxName(name);
    const entry = this.touch(name);
    if (!entry) throw fail('sandbox_not_found', { name });
    return summarizeSandbox(entry);
  }

  /** The live named sandboxes, oldest first (not a use: listing starts no `ttl` again). */
  list(): readonly NamedSandbox[] {
    return [...this.entries.values()].filter((e) => !this.expire(e));
  }

  summaries(): SandboxSummary[] {
    return this.list().map((e) => summarizeSandbox(e));
  }

  /** Disposes the named sandbox now: its keys are dead, its timers and retries stop. */
  async delete(name: string): Promise<void> {
    checkSandboxName(name);
    await this.queue.run(name, async () => {
      const entry = this.live(name);
      if (!entry) throw fail('sandbox_not_found', { name });
      await this.dispose(entry, 'deleted');
    });
  }

  /**
   * The sandbox a `/v1` bearer token belongs to: `undefined` for a token that names no sandbox
   * (the default sandbox's), the named sandbox's host (a use: its `ttl` starts again), or `'gone'`
   * for a named sandbox's key whose sandbox does not exist or expired (answered 401).
   */
  resolveKey(token: string): SandboxHost | 'gone' | undefined {
    const name = sandboxNameOfKey(token);
    if (name === undefined) return undefined;
    return this.touch(name)?.host ?? 'gone';
  }

  /** Disposes every expired sandbox now (the sweep's work; tests call it directly). */
  sweep(): Promise<void> {
    const expired = [...this.entries.values()].filter((e) => this.isExpired(e));
    this.replanSweep();
    return Promise.all(expired.map((e) => this.dispose(e, 'expired'))).then(() => undefined);
  }

  /** Closes every named sandbox (the default one is the caller's to close); no more are made. */
  async close(): Promise<void> {
    this.closed = true;
    this.sweeper.stop();
    await this.files?.save(); // their last uses, so their ttl goes on after a restart
    await Promise.all([...this.entries.values()].map((e) => this.dispose(e, 'stopped')));
    await Promise.all([...this.disposing]);
  }

  private touch(name: string): Entry | undefined {
    const entry = this.live(name);
    if (entry) {
      entry.lastUsed = this.now();
      this.files?.touched();
    }
    return entry;
  }

  /** The entry unless it expired (then it is disposed now). */
  private live(name: string): Entry | undefined {
    const entry = this.entries.get(name);
    return entry && !this.expire(entry) ? entry : undefined;
  }

  private replanSweep(): void {
    this.sweeper.replan([...this.entries.values()].map((e) => e.lastUsed + e.ttlMs));
  }

  private isExpired(e: Entry): boolean {
    return this.now() - e.lastUsed >= e.ttlMs;
  }

  /** Disposes `e` if it expired; says whether it did. */
  private expire(e: Entry): boolean {
    if (!this.isExpired(e)) return false;
    void this.dispose(e, 'expired');
    return true;
  }

  /**
   * Takes the sandbox out at once (its keys answer 'gone'), closes its streams, then its host;
   * unless the server is stopping, deletes its files and takes it out of the index.
   */
  private dispose(e: Entry, why: SandboxEnd): Promise<void> {
    const forget = why !== 'stopped';
    if (this.entries.get(e.name) === e) this.entries.delete(e.name);
    if (e.closing) return e.closing;
    this.disposed.emit({ name: e.name, host: e.host, why });
    // Deleted, replaced or expired (a write in flight answers world_replaced), or the server stops.
    const closing = e.host
      .close(why === 'stopped' ? 'stopped' : 'deleted')
      .then(async () => {
        if (!forget || !this.files || !e.dataFile) return;
        await this.files.save();
        await this.files.remove(basename(e.dataFile));
      })
      .catch((err: unknown) =>
        this.config.logger.error({ err, sandbox: e.name }, 'closing a sandbox failed'),
      )
      .finally(() => this.disposing.delete(closing));
    this.disposing.add(closing);
    e.closing = closing;
    return closing;
  }

  /** Hears each named sandbox as it is disposed (its streams close); see `onDisposed`. */
  private readonly disposed = new Listeners<DisposedSandbox>((err, gone) =>
    this.config.logger.error(
      { err, sandbox: gone.name },
      'a listener of a disposed sandbox failed',
    ),
  );

  /**
   * Calls `listener` with each named sandbox the moment it is disposed (deleted, expired, replaced
   * by a PUT, or closed with the server), after its keys stopped answering; returns the
   * unsubscribe function.
   */
  onDisposed(listener: (gone: DisposedSandbox) => void): () => void {
    return this.disposed.subscribe(listener);
  }
}

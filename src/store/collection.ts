/** What changed in a collection since the last `drain()`: records to (re)write and ids removed. */
export interface CollectionChanges<T> {
  put: T[];
  del: string[];
}

/**
 * One collection of the state: the array that is persisted, with a `Map` index by id beside it.
 * Lookups go through the map, so user-supplied ids such as `__proto__` can never reach an object's
 * prototype. With `track`, it remembers which ids changed so a commit writes only those (the change
 * journal); records changed in place are reported with `touch`.
 */
export class Collection<T> {
  private readonly index: Map<string, T>;
  private readonly changed = new Set<string>();
  private readonly removed = new Set<string>();
  /** Off for a store kept in memory: nothing would ever drain the sets. */
  track = false;

  constructor(
    private readonly items: T[],
    private readonly idOf: (item: T) => string,
    /** The items by id, built beforehand (in slices: src/store/state-index.ts); one per item. */
    prebuilt?: Map<string, T>,
  ) {
    if (prebuilt?.size === items.length) this.index = prebuilt;
    else {
      this.index = new Map();
      for (const item of items) this.index.set(idOf(item), item);
    }
  }

  get(id: string): T | undefined {
    return this.index.get(id);
  }

  /** Adds an item (its id must be new). */
  insert(item: T): T {
    this.items.push(item);
    const id = this.idOf(item);
    this.index.set(id, item);
    this.mark(id);
    return item;
  }

  /** Replaces the item with the same id, or adds it. */
  upsert(item: T): T {
    const id = this.idOf(item);
    const old = this.index.get(id);
    if (old === undefined) return this.insert(item);
    this.items[this.items.indexOf(old)] = item;
    this.index.set(id, item);
    this.mark(id);
    return item;
  }

  /** Reports that the item with `id` was changed in place, so the next commit writes it. */
  touch(id: string): void {
    if (this.index.has(id)) this.mark(id);
  }

  /** Removes the items `drop` selects; returns how many. */
  removeWhere(drop: (item: T) => boolean): number {
    let kept = 0;
    const before = this.items.length;
    for (const item of this.items) {
      if (drop(item)) {
        const id = this.idOf(item);
        this.index.delete(id);
        if (this.track) {
          this.changed.delete(id);
          this.removed.add(id);
        }
      } else this.items[kept++] = item;
    }
    this.items.length = kept;
    return before - kept;
  }

  /** Every item, oldest first. */
  all(): readonly T[] {
    return this.items;
  }

  get size(): number {
    return this.items.length;
  }

  /** The changes since the last drain (current values of the changed items), and forgets them. */
  drain(): CollectionChanges<T> {
    const put: T[] = [];
    for (const id of this.changed) {
      const item = this.index.get(id);
      if (item !== undefined) put.push(item);
    }
    const del = [...this.removed];
    this.changed.clear();
    this.removed.clear();
    return { put, del };
  }

  /** Whether anything changed since the last drain. */
  get dirty(): boolean {
    return this.changed.size > 0 || this.removed.size > 0;
  }

  private mark(id: string): void {
    if (!this.track) return;
    this.removed.delete(id);
    this.changed.add(id);
  }
}

/**
 * One collection of the state: the array that is persisted, with a `Map` index by id beside it.
 * Lookups go through the map, so user-supplied ids such as `__proto__` can never reach an object's
 * prototype.
 */
export class Collection<T> {
  private readonly index = new Map<string, T>();

  constructor(
    private readonly items: T[],
    private readonly idOf: (item: T) => string,
  ) {
    for (const item of items) this.index.set(idOf(item), item);
  }

  get(id: string): T | undefined {
    return this.index.get(id);
  }

  /** Adds an item (its id must be new). */
  insert(item: T): T {
    this.items.push(item);
    this.index.set(this.idOf(item), item);
    return item;
  }

  /** Replaces the item with the same id, or adds it. */
  upsert(item: T): T {
    const id = this.idOf(item);
    const old = this.index.get(id);
    if (old === undefined) return this.insert(item);
    this.items[this.items.indexOf(old)] = item;
    this.index.set(id, item);
    return item;
  }

  /** Removes the items `drop` selects; returns how many. */
  removeWhere(drop: (item: T) => boolean): number {
    let kept = 0;
    const before = this.items.length;
    for (const item of this.items) {
      if (drop(item)) this.index.delete(this.idOf(item));
      else this.items[kept++] = item;
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
}

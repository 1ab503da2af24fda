/** The pagination parameters every control-plane list takes (docs/persistence.md#pagination). */
export interface PageQuery {
  /** 1 to 1000; default `DEFAULT_PAGE_LIMIT`. */
  limit?: number | undefined;
  /** An item's id: the items after it, oldest first (tailing). */
  starting_after?: string | undefined;
  /** An item's id: the items just before it (paging back). */
  ending_before?: string | undefined;
}

export const DEFAULT_PAGE_LIMIT = 100;
export const MAX_PAGE_LIMIT = 1000;

/** A page of a list, newest last, and whether more lie beyond it in the direction paged. */
export interface Page<T> {
  items: T[];
  has_more: boolean;
}

/** A cursor that names no item of the list: which parameter, to report it. */
export class UnknownCursor extends Error {
  constructor(
    readonly param: 'starting_after' | 'ending_before',
    readonly id: string,
  ) {
    super(`${param} "${id}" is not an item of this list`);
  }
}

/**
 * One page of `items` (oldest first): without a cursor the newest `limit`; with `ending_before`
 * the `limit` just before that item; with `starting_after` the `limit` just after it. Throws
 * `UnknownCursor` when the cursor's id is not in `items` (never was, or retention dropped it).
 *
 * @example paginate(['a', 'b', 'c'], (x) => x, { limit: 2 }) // { items: ['b', 'c'], has_more: true }
 */
export function paginate<T>(
  items: readonly T[],
  idOf: (item: T) => string,
  query: PageQuery,
): Page<T> {
  const limit = query.limit ?? DEFAULT_PAGE_LIMIT;
  const at = (param: 'starting_after' | 'ending_before', id: string): number => {
    // From the end: cursors usually name recent items (a dashboard tailing the list).
    for (let i = items.length - 1; i >= 0; i--) if (idOf(items[i]!) === id) return i;
    throw new UnknownCursor(param, id);
  };
  if (query.starting_after !== undefined) {
    const from = at('starting_after', query.starting_after) + 1;
    return { items: items.slice(from, from + limit), has_more: from + limit < items.length };
  }
  const end =
    query.ending_before === undefined ? items.length : at('ending_before', query.ending_before);
  const start = Math.max(0, end - limit);
  return { items: items.slice(start, end), has_more: start > 0 };
}

/**
 * The control plane's one pagination contract (docs/requests-and-faults.md, "Pagination"): lists
 * are kept oldest first; `limit` entries come back, newest last, and a cursor is an entry's id.
 * - no cursor: the newest `limit` entries; `has_more` when older ones exist;
 * - `ending_before=<id>`: the `limit` entries just before that one (paging back); `has_more` when
 *   older ones remain;
 * - `starting_after=<id>`: the `limit` entries just after that one, oldest first (tailing);
 *   `has_more` when newer ones remain.
 */
export interface PageRequest {
  limit: number;
  starting_after?: string | undefined;
  ending_before?: string | undefined;
}

/** A page, or the cursor parameter whose id is not in the list. */
export type PageResult<T> =
  | { items: T[]; has_more: boolean }
  | { unknownCursor: 'starting_after' | 'ending_before'; id: string };

/**
 * One page of `items` (oldest first), each named by `idOf`.
 *
 * @example paginate(entries, { limit: 2 }, (e) => e.id) // the two newest, has_more if more exist
 */
export function paginate<T>(
  items: readonly T[],
  page: PageRequest,
  idOf: (item: T) => string,
): PageResult<T> {
  const limit = Math.max(1, page.limit);
  if (page.starting_after !== undefined) {
    const at = items.findIndex((item) => idOf(item) === page.starting_after);
    if (at < 0) return { unknownCursor: 'starting_after', id: page.starting_after };
    const end = Math.min(items.length, at + 1 + limit);
    return { items: items.slice(at + 1, end), has_more: end < items.length };
  }
  let end = items.length;
  if (page.ending_before !== undefined) {
    end = items.findIndex((item) => idOf(item) === page.ending_before);
    if (end < 0) return { unknownCursor: 'ending_before', id: page.ending_before };
  }
  const start = Math.max(0, end - limit);
  return { items: items.slice(start, end), has_more: start > 0 };
}

import type { Response } from 'express';
import { paginate, UnknownCursor, type PageQuery } from '../domain/page.js';
import { fail, invalidRequest } from '../errors/service-error.js';

/**
 * Answers one page of a control-plane list as `{ [key]: items, has_more }`, from the validated
 * query's `limit`, `starting_after` and `ending_before` (docs/persistence.md#pagination). Both
 * cursors at once, or a cursor naming no item of the list, is a 400 naming the parameter.
 */
export function sendPage<T>(
  res: Response,
  key: string,
  items: readonly T[],
  idOf: (item: T) => string,
  /** Fields answered beside the page, computed from its items (e.g. the orders' outcomes). */
  extra?: (page: readonly T[]) => Record<string, unknown>,
): void {
  const query = (res.locals.query ?? {}) as PageQuery;
  if (query.starting_after !== undefined && query.ending_before !== undefined)
    throw invalidRequest([
      {
        param: 'ending_before',
        message:
          'send starting_after (newer items) or ending_before (older items), not both; drop one of them',
      },
    ]);
  try {
    const page = paginate(items, idOf, query);
    res.json({ [key]: page.items, ...extra?.(page.items), has_more: page.has_more });
  } catch (err) {
    if (!(err instanceof UnknownCursor)) throw err;
    throw fail('unknown_cursor', { param: err.param, id: err.id });
  }
}

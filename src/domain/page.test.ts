import { describe, expect, it } from 'vitest';
import { paginate, UnknownCursor, type Page } from './page.js';

const items = ['a', 'b', 'c', 'd', 'e'];
const ids = (r: Page<string>): unknown => ({ items: r.items.join(''), has_more: r.has_more });

describe('paginate', () => {
  it.each([
    [{ limit: 2 }, { items: 'de', has_more: true }],
    [{ limit: 5 }, { items: 'abcde', has_more: false }],
    [{ limit: 100 }, { items: 'abcde', has_more: false }],
    [
      { limit: 2, ending_before: 'd' },
      { items: 'bc', has_more: true },
    ],
    [
      { limit: 2, ending_before: 'c' },
      { items: 'ab', has_more: false },
    ],
    [
      { limit: 2, ending_before: 'a' },
      { items: '', has_more: false },
    ],
    [
      { limit: 2, starting_after: 'a' },
      { items: 'bc', has_more: true },
    ],
    [
      { limit: 2, starting_after: 'c' },
      { items: 'de', has_more: false },
    ],
    [
      { limit: 2, starting_after: 'e' },
      { items: '', has_more: false },
    ],
  ])('%j pages to %j', (page, expected) => {
    expect(ids(paginate(items, (s) => s, page))).toEqual(expected);
  });

  it('names the cursor whose id is not in the list', () => {
    for (const param of ['starting_after', 'ending_before'] as const) {
      const thrown = (() => {
        try {
          return paginate(items, (s) => s, { limit: 2, [param]: 'z' });
        } catch (err) {
          return err;
        }
      })();
      expect(thrown).toBeInstanceOf(UnknownCursor);
      expect(thrown).toMatchObject({ param, id: 'z' });
    }
  });

  it('pages back through everything without gaps or repeats', () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (;;) {
      const r = paginate(items, (s) => s, { limit: 2, ending_before: cursor });
      seen.unshift(...r.items);
      if (!r.has_more) break;
      cursor = r.items[0];
    }
    expect(seen).toEqual(items);
  });
});

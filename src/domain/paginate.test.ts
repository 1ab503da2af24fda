import { describe, expect, it } from 'vitest';
import { paginate } from './paginate.js';

const items = ['a', 'b', 'c', 'd', 'e'];
const ids = (r: ReturnType<typeof paginate<string>>): unknown =>
  'items' in r ? { items: r.items.join(''), has_more: r.has_more } : r;

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
    expect(ids(paginate(items, page, (s) => s))).toEqual(expected);
  });

  it('names the cursor whose id is not in the list', () => {
    expect(paginate(items, { limit: 2, starting_after: 'z' }, (s) => s)).toEqual({
      unknownCursor: 'starting_after',
      id: 'z',
    });
    expect(paginate(items, { limit: 2, ending_before: 'z' }, (s) => s)).toEqual({
      unknownCursor: 'ending_before',
      id: 'z',
    });
  });

  it('pages back through everything without gaps or repeats', () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (;;) {
      const r = paginate(items, { limit: 2, ending_before: cursor }, (s) => s);
      if (!('items' in r)) throw new Error('unexpected cursor error');
      seen.unshift(...r.items);
      if (!r.has_more) break;
      cursor = r.items[0];
    }
    expect(seen).toEqual(items);
  });
});

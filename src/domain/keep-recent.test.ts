import { describe, expect, it } from 'vitest';
import { keepRecent } from './keep-recent.js';

describe('keepRecent', () => {
  it('keeps the newest entries up to the limit, a key set again counting as new', () => {
    const map = new Map<string, number>();
    keepRecent(map, 'a', 1, 2);
    keepRecent(map, 'b', 2, 2);
    keepRecent(map, 'a', 3, 2); // 'a' is the newest now
    keepRecent(map, 'c', 4, 2); // 'b', the oldest, goes
    expect([...map]).toEqual([
      ['a', 3],
      ['c', 4],
    ]);
  });
});

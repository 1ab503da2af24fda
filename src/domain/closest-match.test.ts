import { describe, expect, it } from 'vitest';
import { closestMatch, didYouMean, editDistance } from './closest-match.js';

describe('closestMatch', () => {
  it.each([
    ['acounts', ['name', 'accounts', 'orders'], 'accounts'],
    ['delivred', ['pending', 'delivered', 'cancelled'], 'delivered'],
    ['stat', ['start', 'status', 'advance'], 'start'],
    ['manuel', ['realtime', 'manual'], 'manual'],
    ['MANUAL', ['realtime', 'manual'], 'manual'],
    ['manual', ['realtime', 'manual'], undefined],
    ['xyz', ['realtime', 'manual'], undefined],
    ['ab', ['cd'], undefined],
  ])('%s among %j is %s', (typed, candidates, expected) => {
    expect(closestMatch(typed, candidates)).toBe(expected);
  });

  it('counts a swap of two neighbours as one edit', () => {
    expect(editDistance('ordres', 'orders')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
  });

  it('says nothing when nothing is close', () => {
    expect(didYouMean('zzzz', ['start'])).toBe('');
    expect(didYouMean('strat', ['start'])).toBe('; did you mean "start"?');
  });
});

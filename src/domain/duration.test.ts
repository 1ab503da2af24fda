import { describe, expect, it } from 'vitest';
import { parseDuration } from './duration.js';

describe('parseDuration', () => {
  it.each([
    ['90s', 90_000],
    ['10m', 600_000],
    ['1h30m', 5_400_000],
    ['250ms', 250],
    ['1d', 86_400_000],
    ['1.5h', 5_400_000],
    ['90', 90_000],
    [90, 90_000],
    [0, 0],
  ])('reads %j as %i ms', (input, expected) => {
    expect(parseDuration(input)).toBe(expected);
  });

  it.each<unknown>([
    '',
    ' ',
    '10x',
    'm',
    '1h 30m',
    '-5s',
    'abc',
    '5s!',
    -1,
    null,
    {},
    NaN,
    Infinity,
  ])('refuses %j', (input) => {
    expect(parseDuration(input)).toBeUndefined();
  });
});

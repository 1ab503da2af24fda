import { describe, expect, it } from 'vitest';
import { JsonDepthGauge, nestsDeeperThan } from './json-depth.js';

const fits = (text: string, limit: number, chunk = text.length): boolean => {
  const gauge = new JsonDepthGauge(limit);
  const bytes = Buffer.from(text);
  for (let i = 0; i < bytes.length; i += chunk)
    if (!gauge.feed(bytes.subarray(i, i + chunk))) return false;
  return true;
};

describe('JsonDepthGauge', () => {
  it.each([
    ['[[1]]', 2, true],
    ['[[[1]]]', 2, false],
    ['{"a":{"b":[]}}', 3, true],
    ['{"a":{"b":[{}]}}', 3, false],
    ['[[],[],[]]', 2, true],
    ['"[[[[[["', 1, true],
    ['["\\"[[[[["]', 1, true],
    ['["\\\\",[[]]]', 2, false],
    ['[{', 2, true],
  ])('measures %s against a limit of %i: fits %s', (text, limit, expected) => {
    expect(fits(text, limit)).toBe(expected);
    // The same, a byte at a time: a string or an escape split across chunks counts the same.
    expect(fits(text, limit, 1)).toBe(expected);
  });
});

describe('nestsDeeperThan', () => {
  it('measures parsed data without recursion, a million deep included', () => {
    let deep: unknown = [];
    for (let i = 0; i < 1_000_000; i++) deep = { a: deep };
    expect(nestsDeeperThan(deep, 64)).toBe(true);
    expect(nestsDeeperThan({ a: [{ b: 1 }] }, 3)).toBe(false);
    expect(nestsDeeperThan({ a: [{ b: {} }] }, 3)).toBe(true);
    expect(nestsDeeperThan('text', 0)).toBe(false);
  });
});

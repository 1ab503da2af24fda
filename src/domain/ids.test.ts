import { describe, expect, it } from 'vitest';
import { IdGenerator } from './ids.js';

describe('IdGenerator', () => {
  it('issues prefixed ids that depend only on the seed, the prefix and the count', () => {
    const a = new IdGenerator('seed', {});
    const b = new IdGenerator('seed', {});
    b.next('req');
    b.next('req');
    expect(a.next('ord')).toBe(b.next('ord'));
    expect(a.next('ord')).toMatch(/^ord_[A-Za-z0-9]{16}$/);
  });

  it('issues the ids it always issued: a seed, its space and the count fix each one', () => {
    // Pinned: a change of the mix or of the digits' spelling would rename every seeded driver and
    // every id a user's fixtures or tests recorded.
    expect(new IdGenerator('s', {}).next('ord')).toBe('ord_qTRqB55YXjXasU5y');
    expect(new IdGenerator('s', {}, { space: 'g1@0' }).next('drv')).toBe('drv_xcRXbL041EksyeTd');
    expect(new IdGenerator('x', { ord: 2 ** 32 + 5 }).next('ord')).toBe('ord_A81BmOoK1jzWOJmX');
    expect(new IdGenerator('s', {}).secret('whsec')).toBe('whsec_IXCEkubRYknzol5ruGYghqZir4eRUfE0');
  });

  it('gives different ids under different seeds and never repeats within one', () => {
    const a = new IdGenerator('one', {});
    const b = new IdGenerator('two', {});
    expect(a.next('ord')).not.toBe(b.next('ord'));
    const seen = new Set(Array.from({ length: 5000 }, () => a.next('evt')));
    expect(seen.size).toBe(5000);
  });

  it('continues from persisted counters', () => {
    const counters: Record<string, number> = {};
    const a = new IdGenerator('s', counters);
    a.next('ord');
    const second = a.next('ord');
    expect(new IdGenerator('s', { ord: 1 }).next('ord')).toBe(second);
    expect(counters.ord).toBe(2);
  });

  it('gives every space its own ids under one seed, and the seed alone keeps the ids it always had', () => {
    const seedOnly = new IdGenerator('s', {}).next('drv');
    expect(new IdGenerator('s', {}, {}).next('drv')).toBe(seedOnly);
    const one = new IdGenerator('s', {}, { space: 'g1@0' }).next('ord');
    expect(new IdGenerator('s', {}, { space: 'g1@0' }).next('ord')).toBe(one);
    expect(new IdGenerator('s', {}, { space: 'g2@0' }).next('ord')).not.toBe(one);
    expect(new IdGenerator('s', {}, { space: 'g1@1' }).next('ord')).not.toBe(one);
    expect(new IdGenerator('s', {}).next('ord')).not.toBe(one);
  });

  it('skips the ids already taken, counting past them', () => {
    const plain = new IdGenerator('s', {});
    const first = plain.next('evt');
    const second = plain.next('evt');
    const counters: Record<string, number> = {};
    const g = new IdGenerator('s', counters, { taken: new Set([first]) });
    expect(g.next('evt')).toBe(second);
    expect(counters.evt).toBe(2);
  });
});

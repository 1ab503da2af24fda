import { describe, expect, it } from 'vitest';
import { childTraceparent, parseTraceparent } from './traceparent.js';

const PARENT = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';

describe('traceparent', () => {
  it('reads the fields of a valid header', () => {
    expect(parseTraceparent(PARENT)).toEqual({
      traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
      parentId: '00f067aa0ba902b7',
      flags: '01',
    });
  });

  it('ignores a missing or repeated header', () => {
    expect(parseTraceparent(undefined)).toBeUndefined();
    expect(parseTraceparent([PARENT, PARENT])).toBeUndefined();
  });

  it('derives a child span: the same trace and flags, a span of its own, the same each run', () => {
    const parent = parseTraceparent(PARENT)!;
    const a = childTraceparent(parent, 'evt_1:whk_1:1');
    expect(a).toMatch(/^00-4bf92f3577b34da6a3ce929d0e0e4736-[0-9a-f]{16}-01$/);
    expect(a).not.toBe(PARENT);
    expect(childTraceparent(parent, 'evt_1:whk_1:1')).toBe(a);
    expect(childTraceparent(parent, 'evt_1:whk_1:2')).not.toBe(a);
  });
});

import { describe, expect, it } from 'vitest';
import { mapInSlices } from './slices.js';

describe('mapInSlices', () => {
  it('gives what items.map(fn) gives, in order', async () => {
    const items = Array.from({ length: 1000 }, (_, i) => ({ i }));
    expect(await mapInSlices(items, (x) => x.i * 2)).toEqual(items.map((x) => x.i * 2));
    expect(await mapInSlices([], (x: number) => x)).toEqual([]);
  });

  /** What ran first: other work set for the next turn, or 200 items mapped in `sliceMs` slices. */
  async function firstOf(sliceMs: number): Promise<string[]> {
    const order: string[] = [];
    setImmediate(() => order.push('other work'));
    await mapInSlices(
      Array.from({ length: 200 }, (_, i) => i),
      (i) => i,
      sliceMs,
    );
    order.push('mapped');
    await new Promise((resolve) => setImmediate(resolve));
    return order;
  }

  it('lets the event loop turn between slices: other work runs before it finishes', async () => {
    // Slices of 0 ms: a turn every 64 items.
    expect(await firstOf(0)).toEqual(['other work', 'mapped']);
  });

  it('runs in one go, without a turn, when its slice has time left', async () => {
    expect(await firstOf(60_000)).toEqual(['mapped', 'other work']);
  });
});

import { describe, expect, it } from 'vitest';
import type { Order } from './api-types.js';
import { PerVersion } from './per-version.js';

/** A PerVersion that counts what it makes: each value is the number of its making. */
function counting(): { per: PerVersion<number>; made: () => number } {
  let n = 0;
  return { per: new PerVersion<number>(() => ++n), made: () => n };
}

const order = (fields: Record<string, unknown>): Order => fields as unknown as Order;

describe('PerVersion', () => {
  it('makes once per change of a field, by identity', () => {
    const { per, made } = counting();
    const pricing = { tip: 0 };
    const o = order({ order_id: 'ord_1', status: 'pending', pricing, items: [], timeline: [1] });
    expect(per.of(o)).toBe(1);
    expect(per.of(o)).toBe(1);
    expect(per.kept(o)).toBe(1);
    o.status = 'driver_assigned';
    expect(per.kept(o)).toBeUndefined();
    expect(per.of(o)).toBe(2);
    o.pricing = { ...o.pricing }; // equal, but another object
    expect(per.of(o)).toBe(3);
    expect(made()).toBe(3);
  });

  it("checks each array's own length, wherever it is among the fields", () => {
    const { per } = counting();
    const o = order({ order_id: 'ord_1', items: [1, 2], driver: null, timeline: [1] });
    const first = per.of(o);
    (o.timeline as unknown[]).push(2); // the second array grows, the first stays
    expect(per.kept(o)).toBeUndefined();
    const second = per.of(o);
    expect(second).not.toBe(first);
    (o.items as unknown[]).pop();
    expect(per.kept(o)).toBeUndefined();
    expect(per.of(o)).not.toBe(second);
    // Another array of the same length in place of one: another value, made again.
    const third = per.of(o);
    o.timeline = [...o.timeline];
    expect(per.of(o)).not.toBe(third);
  });

  it('keeps each version right when orders have other keys, or gain or lose one', () => {
    const { per } = counting();
    const a = order({ order_id: 'ord_a', status: 'pending', timeline: [] });
    const b = order({ status: 'pending', order_id: 'ord_b', timeline: [] }); // another key order
    const c = order({ order_id: 'ord_c', status: 'pending', timeline: [], tip: 1 }); // one more
    // c first: a's keys are then the first of the keys last kept, b's the same in another order.
    const [vc, va, vb] = [per.of(c), per.of(a), per.of(b)];
    expect([per.of(a), per.of(b), per.of(c)]).toEqual([va, vb, vc]);
    (a as unknown as Record<string, unknown>).tip = 1;
    expect(per.kept(a)).toBeUndefined();
    delete (c as unknown as Record<string, unknown>).tip;
    expect(per.kept(c)).toBeUndefined();
    expect(per.kept(b)).toBe(vb);
    // A key taken out and put back moves to the end: the order of the keys changed.
    const d = order({ order_id: 'ord_d', status: 'pending', timeline: [] });
    const vd = per.of(d);
    const status = d.status;
    delete (d as unknown as Record<string, unknown>).status;
    d.status = status;
    expect(per.kept(d)).toBeUndefined();
    expect(per.of(d)).not.toBe(vd);
  });

  it('keeps nothing for what is not an order it made a value of', () => {
    const { per } = counting();
    expect(per.kept(null)).toBeUndefined();
    expect(per.kept('ord_1')).toBeUndefined();
    expect(per.kept(order({ order_id: 'ord_1' }))).toBeUndefined();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS, TestSandbox } from './support/test-sandbox.js';

// No answer may outlive the state it was made from (issue 24): clients read an order and its
// location as fast as they can while the order changes (a driver assigned, the driver moving, the
// order cancelled). Every read sent after a change was answered, and answered before the next one
// began, must show that change, byte for byte as the state export (the order) and the Express path (its location) show it.
describe('reads at full speed see every change to an order', () => {
  let t: TestSandbox;
  beforeAll(async () => {
    t = await TestSandbox.start();
  });
  afterAll(() => t.close());

  it('every read between two changes answers the state after the first', async () => {
    const id = (await t.createOrder()).order_id as string;
    const paths = [`/v1/orders/${id}`, `/v1/orders/${id}/location`];
    const read = async (path: string): Promise<string> => {
      const res = await fetch(t.url + path, { headers: { authorization: `Bearer ${KEYS.acme}` } });
      return `${res.status} ${await res.text()}`.replace(/req_[A-Za-z0-9]+/g, 'req_ID');
    };
    const changes = [
      () => t.post('/__sandbox/clock/advance', { by: '1m' }), // a driver is assigned
      () => t.post('/__sandbox/clock/advance', { by: '20s' }), // the driver moves
      () => t.post('/__sandbox/clock/advance', { by: '20s' }),
      () => t.delete(`/v1/orders/${id}`), // cancelled, with a fee
    ];
    // `state` counts the changes answered; `changing` is set while one is under way.
    let state = 0;
    let changing = false;
    let stop = false;
    const seen: { path: string; state: number; text: string }[] = [];
    const reader = async (): Promise<void> => {
      while (!stop) {
        for (const path of paths) {
          const before = changing ? -1 : state;
          const text = await read(path);
          // A read that overlapped a change may show either state: only the others are checked.
          if (before >= 0 && !changing && state === before) seen.push({ path, state, text });
        }
      }
    };
    const readers = Array.from({ length: 8 }, reader);
    const truth: Map<string, string>[] = [];
    // The truth: the location as the Express path computes it; the order as the state export
    // serialises it afresh (both paths answer an order from its cached text, src/http/order-text.ts).
    const exported = async (): Promise<string> => {
      const state = (await t.get('/__sandbox/state')).body as {
        orders: { order: { order_id: string } }[];
      };
      const order = state.orders.find((o) => o.order.order_id === id)!.order;
      return `200 ${JSON.stringify(order)}`;
    };
    const expected = async (): Promise<Map<string, string>> =>
      new Map([
        [paths[0]!, await exported()],
        [paths[1]!, await read(`${paths[1]!}?via=express`)],
      ]);
    truth.push(await expected());
    const readsOf = (n: number): number => seen.filter((s) => s.state === n).length;
    for (const change of changes) {
      while (readsOf(state) < 50) await new Promise((r) => setTimeout(r, 5));
      changing = true;
      const res = await change();
      expect(res.status).toBeLessThan(300);
      truth.push(await expected());
      state++;
      changing = false;
    }
    while (readsOf(state) < 50) await new Promise((r) => setTimeout(r, 5));
    stop = true;
    await Promise.all(readers);

    // Each change shows: the answers of consecutive states differ.
    for (let n = 1; n < truth.length; n++)
      expect(paths.some((p) => truth[n]!.get(p) !== truth[n - 1]!.get(p))).toBe(true);
    for (const s of seen)
      expect(s.text, `${s.path} after ${s.state} changes`).toBe(truth[s.state]!.get(s.path));
    expect(seen.length).toBeGreaterThanOrEqual(50 * truth.length);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestSandbox } from './support/test-sandbox.js';

/** Every status, and the moves the control plane offers: each advance target, and cancel. */
const STATUSES = ['pending', 'driver_assigned', 'picked_up', 'delivered', 'cancelled'];
const TARGETS = ['driver_assigned', 'picked_up', 'delivered', 'cancelled'];

describe("GET /__sandbox/orders' allowed_actions (what the dashboard's buttons follow)", () => {
  let t: TestSandbox;
  let allowed: Record<string, { advance_to: string[]; cancel: boolean }>;
  beforeAll(async () => {
    t = await TestSandbox.start();
    allowed = (await t.get('/__sandbox/orders')).body.allowed_actions;
  });
  afterAll(() => t.close());

  /** A new order brought to `status` through the control plane. */
  async function orderIn(status: string): Promise<string> {
    const id: string = (await t.createOrder()).order_id;
    if (status === 'cancelled') await t.post(`/__sandbox/orders/${id}/cancel`, { by: 'system' });
    else if (status !== 'pending') await t.advance(id, status);
    return id;
  }

  it('states every status, even on a page without orders', async () => {
    expect(Object.keys(allowed).sort()).toEqual([...STATUSES].sort());
    const empty = await t.get('/__sandbox/orders?status=delivered');
    expect(empty.body.allowed_actions).toEqual(allowed);
  });

  it.each([
    ['pending', ['driver_assigned', 'picked_up', 'delivered'], true],
    ['driver_assigned', ['picked_up', 'delivered'], true],
    ['picked_up', ['delivered'], false],
    ['delivered', [], false],
    ['cancelled', [], false],
  ])(
    'an order %s may advance to %j (cancel: %s), as the advance and cancel commands agree',
    async (status, advanceTo, cancel) => {
      expect(allowed[status]).toEqual({ advance_to: advanceTo, cancel });
      for (const to of TARGETS) {
        const id = await orderIn(status);
        const res = await t.post(`/__sandbox/orders/${id}/advance`, { to });
        const moved = res.status === 200 && to !== status && res.body.status === to;
        expect({ to, moved }).toEqual({ to, moved: advanceTo.includes(to) });
      }
      const next = await t.post(`/__sandbox/orders/${await orderIn(status)}/advance`);
      expect(next.status === 200 ? next.body.status : null).toBe(advanceTo[0] ?? null);
      const id = await orderIn(status);
      const res = await t.post(`/__sandbox/orders/${id}/cancel`, { by: 'restaurant' });
      const cancelled = res.status === 200 && status !== 'cancelled';
      expect(cancelled && res.body.status === 'cancelled').toBe(cancel);
    },
  );
});

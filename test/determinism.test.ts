import { describe, expect, it } from 'vitest';
import { TestSandbox } from './support/test-sandbox.js';

/** One scripted session: creates, moves, pays and cancels orders, and returns every response body. */
async function session(seed?: string): Promise<unknown[]> {
  const t = await TestSandbox.start(seed === undefined ? {} : { seed });
  try {
    const out: unknown[] = [];
    const a = await t.createOrder();
    const b = await t.createOrder({
      pickup: { address: '1 Market St' },
      dropoff: { address: '2 Castro St' },
    });
    out.push(a, b);
    out.push(await t.advance(a.order_id, 'picked_up'));
    await t.advanceClock(90_000);
    out.push((await t.get(`/v1/orders/${a.order_id}/location`)).body);
    out.push(
      (await t.post(`/v1/orders/${a.order_id}/payment`, { payment_method: 'pm_card_visa' })).body,
    );
    out.push(await t.advance(b.order_id));
    out.push((await t.delete(`/v1/orders/${b.order_id}`)).body);
    out.push((await t.get('/v1/drivers/available?lat=37.7749&lng=-122.4194&radius=3')).body);
    for (let i = 0; i < 3; i++)
      await t.createOrder({
        pickup: { address: `${i} Mission St` },
        dropoff: { address: `${i} Castro St` },
      });
    out.push((await t.post('/__sandbox/clock/advance', { by: '45s' })).body);
    out.push((await t.get('/__sandbox/drivers?status=on_order')).body);
    out.push((await t.post('/__sandbox/clock/advance', { by: '1h' })).body);
    out.push((await t.get('/__sandbox/events')).body);
    return out;
  } finally {
    await t.close();
  }
}

describe('determinism', () => {
  it('gives identical ids, drivers, positions, times and events for the same seed, simulation included', async () => {
    const first = await session();
    const second = await session();
    expect(second).toEqual(first);
  });

  it('gives different ids and drivers under another seed', async () => {
    const first = (await session()) as any[];
    const other = (await session('another-seed')) as any[];
    expect(other[0].order_id).not.toBe(first[0].order_id);
    expect(other[2].driver.driver_id).not.toBe(first[2].driver.driver_id);
  });
});

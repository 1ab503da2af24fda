import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haversineKm } from '../src/domain/geo.js';
import { TestSandbox } from './support/test-sandbox.js';

const CENTER = { lat: 37.7749, lng: -122.4194 };
const query = (p: Record<string, number>): string =>
  `/v1/drivers/available?${new URLSearchParams(Object.entries(p).map(([k, v]): [string, string] => [k, String(v)])).toString()}`;

describe('GET /v1/drivers/available', () => {
  let t: TestSandbox;
  beforeAll(async () => {
    t = await TestSandbox.start();
  });
  afterAll(() => t.close());

  it('lists drivers within 5 km by default, nearest first, with great-circle distances', async () => {
    const res = await t.get(query(CENTER));
    expect(res.status).toBe(200);
    const { drivers, count, total, center, radius_km } = res.body;
    expect(radius_km).toBe(5);
    expect(center).toEqual(CENTER);
    expect(count).toBe(drivers.length);
    expect(total).toBe(count);
    expect(count).toBeGreaterThan(5);
    for (let i = 0; i < drivers.length; i++) {
      const d = drivers[i];
      expect(d.distance_km).toBeLessThanOrEqual(5);
      expect(d.distance_km).toBeCloseTo(haversineKm(CENTER, d.location), 2);
      if (i > 0) expect(d.distance_km).toBeGreaterThanOrEqual(drivers[i - 1].distance_km);
    }
  });

  it('narrows with a smaller radius and is empty far from the city', async () => {
    const all = (await t.get(query({ ...CENTER, radius: 50 }))).body;
    const near = (await t.get(query({ ...CENTER, radius: 1.5 }))).body;
    expect(all.total).toBe(25);
    expect(near.total).toBeLessThan(all.total);
    expect(near.drivers.every((d: any) => d.distance_km <= 1.5)).toBe(true);
    const far = (await t.get(query({ lat: 0, lng: 0, radius: 50 }))).body;
    expect(far).toMatchObject({ drivers: [], count: 0, total: 0 });
  });

  it('leaves out drivers on an order until they are free again', async () => {
    const before = (await t.get(query({ ...CENTER, radius: 50 }))).body.total;
    const order = await t.createOrder();
    const assigned = await t.advance(order.order_id);
    const during = (await t.get(query({ ...CENTER, radius: 50 }))).body;
    expect(during.total).toBe(before - 1);
    expect(during.drivers.map((d: any) => d.driver_id)).not.toContain(assigned.driver.driver_id);
    await t.advance(order.order_id, 'delivered');
    const after = (await t.get(query({ ...CENTER, radius: 50 }))).body;
    expect(after.total).toBe(before);
    const freed = after.drivers.find((d: any) => d.driver_id === assigned.driver.driver_id);
    expect(haversineKm(freed.location, order.dropoff.location)).toBeLessThan(0.001);
  });
});

describe('GET /v1/drivers/available with many drivers', () => {
  let t: TestSandbox;
  beforeAll(async () => {
    t = await TestSandbox.start({
      scenario: {
        name: 'crowded',
        accounts: [{ id: 'acct_c', api_keys: ['sk_test_crowd'] }],
        drivers: { count: 400 },
      },
    });
  });
  afterAll(() => t.close());

  it('returns at most 100 (count) but counts them all (total)', async () => {
    const res = await t.get(query({ ...CENTER, radius: 50 }), { key: 'sk_test_crowd' });
    expect(res.body.count).toBe(100);
    expect(res.body.drivers).toHaveLength(100);
    expect(res.body.total).toBe(400);
  });
});

import { describe, expect, it } from 'vitest';
import { haversineKm } from '../src/domain/geo.js';
import { KEYS, TestSandbox } from './support/test-sandbox.js';

/** The ci city, with the drivers' reporting and the traffic under test. */
const city = (extra: Record<string, unknown>) => ({
  name: 'reports',
  seed: 'reports',
  city: { name: 'San Francisco', center: { lat: 37.7749, lng: -122.4194 }, radius_km: 6 },
  accounts: [{ id: 'acct_acme', api_keys: [KEYS.acme] }],
  drivers: { count: 30 },
  clock: { mode: 'manual', start: '2026-01-01T12:00:00.000Z' },
  ...extra,
});
const ORDER = { pickup: { address: '1 Market St' }, dropoff: { address: '2 Castro St' } };

/** Starts a sandbox, creates one order, lets dispatch assign it, and hands both to `body`. */
async function withAssignedOrder(
  options: Record<string, unknown>,
  body: (t: TestSandbox, id: string) => Promise<void>,
): Promise<void> {
  const t = await TestSandbox.start(options);
  try {
    const order = await t.createOrder(ORDER);
    await t.advanceClock(30_000);
    await body(t, order.order_id);
  } finally {
    await t.close();
  }
}

describe('drivers report like drivers', () => {
  it('reports every locationInterval (startSandbox, --location-interval): reads in between see the same report and its recorded time', async () => {
    await withAssignedOrder({ scenario: city({}), locationInterval: '30s' }, async (t, id) => {
      const assignedAt = Date.parse(t.nowIso());
      const reads = [];
      for (let i = 0; i < 7; i++) {
        reads.push((await t.get(`/v1/orders/${id}/location`)).body);
        await t.advanceClock(10_000);
      }
      const times = reads.map((r) => Date.parse(r.updated_at) - assignedAt);
      expect(times).toEqual([0, 0, 0, 30_000, 30_000, 30_000, 60_000]);
      expect(reads[1]).toEqual(reads[0]);
      expect(reads[3].location).not.toEqual(reads[0].location);
      // The drivers' positions in the control plane come from the same reports.
      const { drivers } = (await t.get('/__sandbox/drivers?status=on_order')).body;
      expect(drivers[0].location).toEqual(reads[6].location);
    });
  });

  it('refuses a locationInterval outside 1s to 10m, naming the option and the fix', async () => {
    await expect(TestSandbox.start({ locationInterval: '0.5s' } as any)).rejects.toThrow(
      'startSandbox option locationInterval: "0.5s" is outside 1s to 10m',
    );
    await expect(TestSandbox.start({ locationInterval: 'often' } as any)).rejects.toThrow(
      'not a duration',
    );
  });

  it('puts seeded GPS noise on reported points only: within gps_noise_m of the trip, the same under the seed, the trip untouched', async () => {
    const run = async (noise: number) => {
      const points: { lat: number; lng: number }[] = [];
      let trip: unknown;
      await withAssignedOrder(
        { scenario: city({ location: { gps_noise_m: noise } }) },
        async (t, id) => {
          for (let i = 0; i < 12; i++) {
            points.push((await t.get(`/v1/orders/${id}/location`)).body.location);
            await t.advanceClock(10_000);
          }
          trip = (await t.get('/__sandbox/state')).body.orders[0].trip;
        },
      );
      return { points, trip };
    };
    const clean = await run(0);
    const noisy = await run(25);
    expect(noisy.trip).toEqual(clean.trip);
    const offsets = noisy.points.map((p, i) => haversineKm(p, clean.points[i]!) * 1000);
    expect(Math.max(...offsets)).toBeLessThanOrEqual(25.5);
    expect(offsets.filter((m) => m > 1).length).toBeGreaterThan(6);
    expect((await run(25)).points).toEqual(noisy.points);
  });

  it('slows drivers down in the rush hours of the rush_hour traffic profile, so ETAs vary across the day', async () => {
    const trip = async (start: string, profile: string) => {
      let eta = 0;
      await withAssignedOrder(
        { scenario: city({ clock: { mode: 'manual', start }, traffic: { profile } }) },
        async (t, id) => {
          const order = (await t.get(`/v1/orders/${id}`)).body;
          eta = Date.parse(order.eta.dropoff_at) - Date.parse(t.nowIso());
        },
      );
      return eta;
    };
    // San Francisco is 8 hours west of Greenwich by its longitude: 16:30 UTC is 08:30 there.
    const rush = await trip('2026-01-01T16:30:00.000Z', 'rush_hour');
    const lunch = await trip('2026-01-01T20:30:00.000Z', 'rush_hour');
    const night = await trip('2026-01-02T07:00:00.000Z', 'rush_hour');
    const flat = await trip('2026-01-01T16:30:00.000Z', 'flat');
    expect(night).toBe(flat);
    expect(rush).toBeGreaterThan(lunch);
    expect(lunch).toBeGreaterThan(night);
    // The wait at the pickup (2 min) does not slow down; the travel takes 1/0.6 as long.
    expect((rush - 120_000) / (night - 120_000)).toBeCloseTo(1 / 0.6, 1);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { insideRing } from '../src/domain/city-map.js';
import { SAN_FRANCISCO } from '../src/domain/city-maps/san-francisco.js';
import { DRIVER_VEHICLES } from '../src/scenarios/driver-locales.js';
import { TestSandbox } from './support/test-sandbox.js';

interface Driver {
  name: string;
  phone: string;
  vehicle: { type: string; description: string; plate: string | null };
  location: { lat: number; lng: number };
}

let sandbox: TestSandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

/** Every driver, as the control plane lists them (with their phone numbers). */
async function drivers(): Promise<Driver[]> {
  const reply = await sandbox!.get<{ drivers: Driver[] }>('/__sandbox/drivers', { key: null });
  expect(reply.status).toBe(200);
  return reply.body.drivers;
}

const cars = (locale: keyof typeof DRIVER_VEHICLES): string[] =>
  DRIVER_VEHICLES[locale].cars.flatMap(([make, models]) => models.map((m) => `${make} ${m}`));

describe('generated drivers fit the scenario', () => {
  it('in Lyon with locale fr: French phone numbers, French cars and plates', async () => {
    sandbox = await TestSandbox.start({
      scenario: {
        name: 'lyon',
        locale: 'fr',
        city: { name: 'Lyon', center: { lat: 45.764, lng: 4.8357 }, radius_km: 6 },
        accounts: [{ id: 'acct_lyon', api_keys: ['sk_test_lyon_0001'] }],
        drivers: { count: 40, vehicles: { bicycle: 0, scooter: 0, car: 1 } },
        clock: { mode: 'manual', start: '2026-06-01T12:00:00.000Z' },
      },
    });
    const list = await drivers();
    expect(list).toHaveLength(40);
    const known = cars('fr');
    for (const d of list) {
      expect(d.phone).toMatch(/^\+33\d{9}$/);
      expect(known.some((c) => d.vehicle.description.startsWith(`${c} `))).toBe(true);
      expect(d.vehicle.plate).toMatch(/^[A-Z]{2}-\d{3}-[A-Z]{2}$/);
    }
  });

  it('in San Francisco by default: US phones, a make with its own model, on land', async () => {
    sandbox = await TestSandbox.start({
      scenario: {
        name: 'sf',
        city: { name: 'San Francisco', center: { lat: 37.7749, lng: -122.4194 }, radius_km: 8 },
        accounts: [{ id: 'acct_sf', api_keys: ['sk_test_lyon_0001'] }],
        drivers: { count: 100, vehicles: { bicycle: 0, scooter: 0, car: 1 } },
        clock: { mode: 'manual', start: '2026-06-01T12:00:00.000Z' },
      },
    });
    const list = await drivers();
    expect(list).toHaveLength(100);
    const known = cars('en_US');
    for (const d of list) {
      expect(d.phone).toMatch(/^\+1\d{10}$/);
      expect(known.some((c) => d.vehicle.description.endsWith(` ${c}`))).toBe(true);
      expect(insideRing(SAN_FRANCISCO.land, d.location)).toBe(true);
    }
  });

  it('answers an unsupported locale with a clear scenario error', async () => {
    await expect(
      TestSandbox.start({
        scenario: {
          name: 'x',
          locale: 'xx',
          accounts: [{ id: 'acct_x', api_keys: ['sk_test_x_0001'] }],
        } as never,
      }),
    ).rejects.toThrow(/locale/);
  });
});

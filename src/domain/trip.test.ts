import { describe, expect, it } from 'vitest';
import { streetGridRoute } from './route.js';
import { planTrip, retimePickup, tripPosition } from './trip.js';

const driverAt = { lat: 37.78, lng: -122.41 };
const pickup = { lat: 37.7955, lng: -122.3937 };
const dropoff = { lat: 37.7649, lng: -122.4333 };
const T0 = Date.parse('2026-01-01T12:00:00.000Z');

const trip = planTrip({
  driverId: 'drv_1',
  speedKmh: 30,
  toPickup: streetGridRoute(driverAt, pickup),
  toDropoff: streetGridRoute(pickup, dropoff),
  pickupWaitMs: 120_000,
  now: T0,
});

describe('a planned trip', () => {
  it('arrives at the pickup after route length / speed, waits, then reaches the dropoff', () => {
    const toPickupKm = streetGridRoute(driverAt, pickup).lengthKm;
    expect(trip.pickup_arrive_at - T0).toBe(Math.round((toPickupKm / 30) * 3600) * 1000);
    expect(trip.pickup_depart_at - trip.pickup_arrive_at).toBe(120_000);
    expect(trip.dropoff_arrive_at).toBeGreaterThan(trip.pickup_depart_at);
  });

  it('is heading to the pickup, getting closer, until it arrives', () => {
    let last = Infinity;
    for (let t = T0; t < trip.pickup_arrive_at; t += 10_000) {
      const at = tripPosition(trip, 'driver_assigned', t);
      expect(at.phase).toBe('to_pickup');
      expect(at.distance_remaining_km).toBeLessThanOrEqual(last);
      expect(at.eta_ms).toBe(trip.pickup_arrive_at - t);
      last = at.distance_remaining_km;
    }
  });

  it('waits at the pickup, still, once there', () => {
    const at = tripPosition(trip, 'driver_assigned', trip.pickup_arrive_at + 1000);
    expect(at.phase).toBe('at_pickup');
    expect(at.speed_kmh).toBe(0);
    expect(at.location.lat).toBeCloseTo(pickup.lat, 9);
    expect(at.location.lng).toBeCloseTo(pickup.lng, 9);
  });

  it('arrives at the dropoff exactly at its ETA', () => {
    const at = tripPosition(trip, 'picked_up', trip.dropoff_arrive_at);
    expect(at.distance_remaining_km).toBe(0);
    expect(at.eta_ms).toBe(0);
    expect(at.location.lat).toBeCloseTo(dropoff.lat, 9);
  });

  it('moves the rest of the trip when the pickup happens early', () => {
    const early = retimePickup(trip, T0 + 5000);
    expect(early.pickup_depart_at).toBe(T0 + 5000);
    expect(early.dropoff_arrive_at - early.pickup_depart_at).toBe(
      trip.dropoff_arrive_at - trip.pickup_depart_at,
    );
    expect(tripPosition(early, 'picked_up', T0 + 5000).location.lat).toBeCloseTo(pickup.lat, 9);
  });
});

import { describe, expect, it } from 'vitest';
import type { RequestFacts } from '../journal/journal-entry.js';
import { TroubleSightings } from './trouble-sightings.js';

const read = (
  path: string,
  body: object | string,
  virtual = '2026-01-01T12:10:00.000Z',
): RequestFacts =>
  ({
    method: 'GET',
    path,
    status: 200,
    virtual_ms: Date.parse(virtual),
    response_headers: {},
    response_body: typeof body === 'string' ? body : JSON.stringify(body),
  }) as unknown as RequestFacts;

const order = (eta: string, timeline = ['pending', 'driver_assigned']): object => ({
  order_id: 'ord_1',
  status: 'driver_assigned',
  driver: { driver_id: 'drv_2' },
  eta: { pickup_at: eta, dropoff_at: null },
  timeline: timeline.map((status) => ({ status })),
});

// Each answer is parsed once per order (issue 24); what a read proves must not depend on that.
describe('trouble sightings from the answers read', () => {
  it('prove a reassignment on every read of it, the same text read again included', () => {
    const s = new TroubleSightings();
    const twice = order('12:20', ['pending', 'driver_assigned', 'pending', 'driver_assigned']);
    const text = JSON.stringify(twice);
    expect(s.observe(read('/v1/orders/ord_1', text), 10_000)).toEqual([
      'order.driver_reassigned.handled',
    ]);
    expect(s.observe(read('/v1/orders/ord_1', text), 10_000)).toEqual([
      'order.driver_reassigned.handled',
    ]);
  });

  it('see an ETA change only when the text read changes it, not on the same text again', () => {
    const s = new TroubleSightings();
    expect(s.observe(read('/v1/orders/ord_1', order('12:20')), 10_000)).toEqual([]);
    expect(s.observe(read('/v1/orders/ord_1', order('12:20')), 10_000)).toEqual([]);
    expect(s.observe(read('/v1/orders/ord_1', order('12:25')), 10_000)).toEqual([
      'eta.changed.seen',
    ]);
    expect(s.observe(read('/v1/orders/ord_1', order('12:25')), 10_000)).toEqual([]);
    // Back to an earlier text (parsed before): still a change from the last read.
    expect(s.observe(read('/v1/orders/ord_1', order('12:20')), 10_000)).toEqual([
      'eta.changed.seen',
    ]);
  });

  it('see a stale location against the read’s own time, even for a text read before', () => {
    const s = new TroubleSightings();
    const location = { order_id: 'ord_1', updated_at: '2026-01-01T12:09:55.000Z' };
    const path = '/v1/orders/ord_1/location';
    expect(s.observe(read(path, location, '2026-01-01T12:10:00.000Z'), 10_000)).toEqual([]);
    expect(s.observe(read(path, location, '2026-01-01T12:10:05.000Z'), 10_000)).toEqual([
      'location.stale.seen',
    ]);
  });

  it('ignore an answer that is not JSON', () => {
    const s = new TroubleSightings();
    expect(s.observe(read('/v1/orders/ord_1', '{"order'), 10_000)).toEqual([]);
    expect(s.observe(read('/v1/orders/ord_1', 'null'), 10_000)).toEqual([]);
  });
});

import type { Order } from '../domain/api-types.js';
import type { EventRecord } from '../events/event-record.js';
import type { World } from '../world/world.js';

/**
 * The synthetic event a test delivery (and each request of a signature probe) sends:
 * `order.created` about a sample pending order in the scenario's city (`ord_test…`, never
 * stored), shaped exactly like a real one; `reference` is its `external_reference`.
 */
export function buildTestEvent(world: World, reference = 'webhook-test'): EventRecord {
  const now = world.clock.iso();
  const { center } = world.scenario.city;
  const fee = world.scenario.fees.base + world.scenario.fees.per_km * 2;
  const order: Order = {
    order_id: `ord_test${world.ids.next('evt').slice(4, 16)}`,
    status: 'pending',
    pickup: {
      address: '1 Test Kitchen',
      location: { ...center },
      name: 'Test Kitchen',
      phone: null,
      instructions: null,
    },
    dropoff: {
      address: '2 Test Street',
      location: { lat: center.lat + 0.01, lng: center.lng + 0.01 },
      name: 'Test Customer',
      phone: null,
      instructions: null,
    },
    items: [{ name: 'Test item', quantity: 1, unit_price: 1000 }],
    driver: null,
    distance_km: 2,
    pricing: { delivery_fee: fee, tip: 0, total: fee, currency: world.scenario.fees.currency },
    payment: { status: 'unpaid', payment_id: null },
    eta: { pickup_at: null, dropoff_at: null },
    cancellation: null,
    timeline: [{ status: 'pending', at: now }],
    external_reference: reference,
    metadata: {},
    created_at: now,
    updated_at: now,
  };
  return {
    event_id: world.ids.next('evt'),
    event: 'order.created',
    created_at: now,
    api_version: 'v1',
    data: { order },
  };
}

import { describe, expect, it } from 'vitest';
import type { Order } from '../domain/api-types.js';
import type { EventRecord } from '../events/event-record.js';
import { buildRequest } from './build-request.js';
import { verifySignature } from './signature.js';

const SECRET = 'whsec_build_request_test';

const event: EventRecord = {
  event_id: 'evt_1',
  event: 'order.picked_up',
  created_at: '2026-01-01T12:00:00.000Z',
  api_version: 'v1',
  data: { order: sampleOrder() },
};

function sampleOrder(): Order {
  const place = (address: string) => ({
    address,
    location: { lat: 37.77, lng: -122.42 },
    name: null,
    phone: null,
    instructions: null,
  });
  return {
    order_id: 'ord_1',
    status: 'picked_up',
    pickup: place('1 Market St'),
    dropoff: place('500 Castro St'),
    items: [{ name: 'Café crème ☕', quantity: 2, unit_price: 450 }],
    driver: null,
    distance_km: 3.2,
    pricing: { delivery_fee: 599, tip: 0, total: 599, currency: 'USD' },
    payment: { status: 'unpaid', payment_id: null },
    eta: { pickup_at: null, dropoff_at: null },
    cancellation: null,
    timeline: [{ status: 'pending', at: '2026-01-01T12:00:00.000Z' }],
    external_reference: null,
    metadata: {},
    created_at: '2026-01-01T12:00:00.000Z',
    updated_at: '2026-01-01T12:00:00.000Z',
  };
}

describe('buildRequest', () => {
  it('sends exactly five headers: JSON, the user agent, the signature, the event and the attempt', () => {
    const { headers } = buildRequest({ secret: SECRET }, event, 1);
    expect(headers).toEqual({
      'Content-Type': 'application/json',
      'User-Agent': 'Service-Webhooks/1.0',
      'X-Service-Signature': expect.stringMatching(/^sha256=[0-9a-f]{64}$/),
      'X-Service-Event': 'order.picked_up',
      'X-Service-Delivery-Attempt': '1',
    });
  });

  it('sends the event itself as the JSON body', () => {
    const { body } = buildRequest({ secret: SECRET }, event, 1);
    expect(body).toBe(JSON.stringify(event));
    expect(JSON.parse(body)).toEqual(event);
  });

  it('signs the body so that verifySignature accepts it with the endpoint secret', () => {
    const { headers, body } = buildRequest({ secret: SECRET }, event, 1);
    const signature = headers['X-Service-Signature'];
    expect(verifySignature(SECRET, body, signature)).toBe(true);
    expect(verifySignature(SECRET, Buffer.from(body, 'utf8'), signature)).toBe(true);
  });

  it.each([
    ['another secret', 'whsec_other', JSON.stringify(event)],
    ['a changed body', SECRET, JSON.stringify({ ...event, event: 'order.delivered' })],
  ])('a signature does not verify under %s', (_, secret, body) => {
    const { headers } = buildRequest({ secret: SECRET }, event, 1);
    expect(verifySignature(secret, body, headers['X-Service-Signature'])).toBe(false);
  });

  it.each([1, 2, 8])(
    'numbers attempt %i in X-Service-Delivery-Attempt, same body and signature',
    (n) => {
      const first = buildRequest({ secret: SECRET }, event, 1);
      const nth = buildRequest({ secret: SECRET }, event, n);
      expect(nth.headers['X-Service-Delivery-Attempt']).toBe(String(n));
      expect(nth.body).toBe(first.body);
      expect(nth.headers['X-Service-Signature']).toBe(first.headers['X-Service-Signature']);
    },
  );
});

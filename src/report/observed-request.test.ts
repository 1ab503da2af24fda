import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { classifyRequests, orderPathId, type ObservedRequest } from './observed-request.js';

let n = 0;
const req = (over: Partial<ObservedRequest>): ObservedRequest => ({
  request_id: `req_${++n}`,
  method: 'GET',
  path: '/v1/orders/ord_1',
  query: [],
  at: n * 1000,
  status: 200,
  reason: null,
  replayed: false,
  retry_after_s: null,
  cancellation_fee: null,
  ...over,
});

describe('classifyRequests', () => {
  it.each<[string, Partial<ObservedRequest>, string[]]>([
    [
      'a created order',
      { method: 'POST', path: '/v1/orders', status: 201 },
      ['orders.create.created'],
    ],
    [
      'a refused body',
      { method: 'POST', path: '/v1/orders', status: 400 },
      ['orders.create.invalid_request'],
    ],
    [
      'a delinquent account',
      { method: 'POST', path: '/v1/orders', status: 402, reason: 'account_delinquent' },
      ['orders.create.payment_required'],
    ],
    [
      'a free cancellation',
      { method: 'DELETE', status: 200, cancellation_fee: 0 },
      ['orders.cancel.free'],
    ],
    [
      'a cancellation with a fee',
      { method: 'DELETE', status: 200, cancellation_fee: 355 },
      ['orders.cancel.fee'],
    ],
    [
      'a refused cancellation (forbidden rule)',
      { method: 'DELETE', status: 403, reason: 'order_not_cancellable' },
      ['orders.cancel.after_pickup_refused'],
    ],
    [
      'a declined card',
      { method: 'POST', path: '/v1/orders/ord_1/payment', status: 402, reason: 'card_declined' },
      ['payment.card_declined'],
    ],
    [
      'no driver yet',
      { path: '/v1/orders/ord_1/location', status: 404, reason: 'no_driver_assigned' },
      ['location.no_driver_assigned'],
    ],
    [
      'the default radius',
      { path: '/v1/drivers/available', query: ['lat', 'lng'] },
      ['drivers.default_radius'],
    ],
    [
      'a replay',
      { method: 'POST', path: '/v1/orders', status: 201, replayed: true },
      ['idempotency.replayed', 'orders.create.created'],
    ],
    ['a missing key', { status: 401, reason: 'missing_api_key' }, ['auth.unauthorized']],
    [
      'a read-only key writing',
      { method: 'POST', path: '/v1/orders', status: 403, reason: 'read_only_key' },
      ['auth.forbidden'],
    ],
  ])('%s', (_, over, ids) => {
    const r = req(over);
    expect([...classifyRequests([r]).keys()].sort()).toEqual([...ids].sort());
    for (const id of ids) expect(classifyRequests([r]).get(id)).toEqual([r.request_id]);
  });

  it('covers api.rate_limited.respected only when the retry waited Retry-After', () => {
    const limited = req({
      method: 'POST',
      path: '/v1/orders',
      status: 429,
      at: 0,
      retry_after_s: 2,
    });
    const early = req({ method: 'POST', path: '/v1/orders', status: 201, at: 1000 });
    const patient = req({ method: 'POST', path: '/v1/orders', status: 201, at: 2000 });
    expect(classifyRequests([limited, early]).has('api.rate_limited.respected')).toBe(false);
    expect(classifyRequests([patient, limited]).get('api.rate_limited.respected')).toEqual([
      limited.request_id,
      patient.request_id,
    ]);
  });
});

describe('orderPathId', () => {
  it('takes the paths the regular expression took, and the same id', () => {
    const segment = fc.oneof(
      fc.constantFrom('v1', 'orders', 'ord_1', 'location', 'payment', '', 'a%2Fb', 'x\n'),
      fc.string({ unit: fc.constantFrom('a', '/', '%', '_', 'n') }),
    );
    const path = fc.oneof(
      fc.array(segment, { maxLength: 6 }).map((parts) => `/${parts.join('/')}`),
      fc
        .tuple(segment, fc.constantFrom('', '/location', '/payment', '/location/', '//location'))
        .map(([id, rest]) => `/v1/orders/${id}${rest}`),
    );
    fc.assert(
      fc.property(
        path,
        fc.constantFrom('' as const, '/location' as const, '/payment' as const),
        (p, suffix) => {
          const re = new RegExp(`^/v1/orders/([^/]+)${suffix}$`);
          expect(orderPathId(p, suffix)).toBe(re.exec(p)?.[1]);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

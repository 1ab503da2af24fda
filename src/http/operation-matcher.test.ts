import { describe, expect, it } from 'vitest';
import { loadOpenApiDocument } from './openapi-document.js';
import { OperationMatcher } from './operation-matcher.js';

describe('OperationMatcher', () => {
  const matcher = new OperationMatcher(loadOpenApiDocument('v1'));

  it('names the operation and its decoded path parameters, exactly as the router matches', () => {
    expect(matcher.match('GET', '/v1/orders/ord_1')).toEqual({
      operation: 'retrieveOrder',
      params: { order_id: 'ord_1' },
    });
    expect(matcher.match('GET', '/v1/orders/ord%201/location')).toEqual({
      operation: 'getOrderLocation',
      params: { order_id: 'ord 1' },
    });
    expect(matcher.match('GET', '/v1/orders/%E0%A4%A')?.params).toEqual({ order_id: '%E0%A4%A' });
    expect(matcher.match('GET', '/V1/orders/ord_1')).toBeUndefined();
    expect(matcher.match('PATCH', '/v1/orders/ord_1')).toBeUndefined();
  });

  it('names the operation at a path as the document writes it, for a route that knows its own', () => {
    expect(matcher.operationAt('GET', '/v1/orders/{order_id}')).toBe('retrieveOrder');
    expect(matcher.operationAt('POST', '/v1/orders')).toBe('createOrder');
    expect(matcher.operationAt('GET', '/v1/drivers/available')).toBe('listAvailableDrivers');
    expect(() => matcher.operationAt('GET', '/v1/orders/ord_1')).toThrow(/no operation/);
    expect(() => matcher.operationAt('PUT', '/v1/orders')).toThrow(/no operation/);
  });

  it('answers a request line asked again the same, and every other one for itself', () => {
    const first = matcher.match('GET', '/v1/orders/ord_again');
    expect(matcher.match('GET', '/v1/orders/ord_again')).toBe(first);
    expect(Object.isFrozen(first) && Object.isFrozen(first?.params)).toBe(true);
    expect(matcher.match('DELETE', '/v1/orders/ord_again')?.operation).toBe('cancelOrder');
    // Past what it keeps, it forgets, and still answers right.
    for (let i = 0; i < 600; i++)
      expect(matcher.match('GET', `/v1/orders/ord_${i}`)?.params.order_id).toBe(`ord_${i}`);
    expect(matcher.match('GET', '/v1/orders/ord_again')).toEqual(first);
    expect(matcher.match('GET', '/nowhere')).toBeUndefined();
    expect(matcher.match('GET', '/nowhere')).toBeUndefined();
  });
});

import { expect } from 'vitest';
import { expectError, SAMPLE_ORDER, type Reply } from './test-sandbox.js';

/** The error codes of the v1 API: any error response names one of them. */
export const ERROR_CODES = [
  'invalid_request',
  'unauthorized',
  'payment_required',
  'forbidden',
  'not_found',
];

export const JSON_TYPE = { 'Content-Type': 'application/json' };

/** The fields of an order as the API returns it, sorted. */
export const ORDER_KEYS = [
  'cancellation',
  'created_at',
  'distance_km',
  'driver',
  'dropoff',
  'eta',
  'external_reference',
  'items',
  'metadata',
  'order_id',
  'payment',
  'pickup',
  'pricing',
  'status',
  'timeline',
  'updated_at',
];

/** A 400 validation error whose `details` name exactly `params` (one entry each) and `param` the first. */
export function expectInvalid(res: Reply<any>, params: string[]): void {
  expectError(res, 400, 'invalid_request');
  const listed = (res.body.error.details as { param: string }[]).map((d) => d.param);
  expect([...listed].sort()).toEqual([...params].sort());
  expect(res.body.error.param).toBe(listed[0]);
  for (const detail of res.body.error.details) expect(detail.message).toEqual(expect.any(String));
}

/** A deep copy of the sample order with `patch` applied. */
export function order(patch: (o: any) => void = () => undefined): any {
  const o = structuredClone(SAMPLE_ORDER) as any;
  patch(o);
  return o;
}

/** The sample order as JSON text with `extra` (raw JSON members) spliced into an object. */
export function rawOrder(where: 'top' | 'pickup' | 'item', extra: string): string {
  const json = JSON.stringify(SAMPLE_ORDER);
  if (where === 'top') return `${json.slice(0, -1)},${extra}}`;
  if (where === 'pickup') return json.replace('"pickup":{', `"pickup":{${extra},`);
  return json.replace('"items":[{', `"items":[{${extra},`);
}

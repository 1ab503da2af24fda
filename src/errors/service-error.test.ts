import { describe, expect, expectTypeOf, it } from 'vitest';
import type { ReasonParams } from './catalogue.js';
import { throws } from 'node:assert';
import { inspect, types } from 'node:util';
import { fail, ServiceError } from './service-error.js';

// The `@ts-expect-error` lines are the test: `npm run typecheck` fails when one of them compiles.
// They sit in functions that never run, as the calls they describe would throw.
describe('fail() is typed by the catalogue', () => {
  it('takes a reason the catalogue has, nothing else', () => {
    expectTypeOf(() => {
      // @ts-expect-error no such reason
      fail('no_such_reason');
    }).toBeFunction();
    expect(fail('order_not_found', { id: 'ord_1' }).reason).toBe('order_not_found');
  });

  it("takes exactly the parameters the reason's message needs", () => {
    expectTypeOf<ReasonParams<'order_not_found'>>().toEqualTypeOf<{ id: string }>();
    expectTypeOf(() => {
      // @ts-expect-error a parameter the message does not take
      fail('order_not_found', { wrong: 1 });
      // @ts-expect-error the parameter the message needs is missing
      fail('order_not_found', {});
      // @ts-expect-error a parameter of the wrong type
      fail('order_not_found', { id: 1 });
    }).toBeFunction();
  });

  it('requires the parameters when the message needs them, and only then', () => {
    expectTypeOf<ReasonParams<'missing_api_key'>>().toEqualTypeOf<void>();
    expectTypeOf(() => {
      // @ts-expect-error order_not_found's message needs { id }
      fail('order_not_found');
      // @ts-expect-error missing_api_key's message takes none
      fail('missing_api_key', { id: 'ord_1' });
    }).toBeFunction();
    expect(fail('missing_api_key').status).toBe(401);
    expect(fail('shutting_down', undefined, { headers: { 'Retry-After': '5' } }).headers).toEqual({
      'Retry-After': '5',
    });
  });

  it('types a reason chosen at run time by the parameters all of its candidates take', () => {
    const outcome = (declined: boolean) => (declined ? 'card_declined' : 'expired_card');
    expect(fail(outcome(true), { method: 'pm_card_declined' }).reason).toBe('card_declined');
    expectTypeOf(() => {
      // @ts-expect-error both candidates need { method }
      fail(outcome(false));
    }).toBeFunction();
  });
});

describe('a ServiceError is an answer, not a fault', () => {
  it('carries no stack frames (capturing them was most of an error answer), and leaves the limit as it was', () => {
    const before = Error.stackTraceLimit;
    const e = fail('order_not_found', { id: 'ord_1' });
    expect(e.stack).toContain(e.message);
    expect(e.stack?.split('\n')).toHaveLength(1);
    expect(e).toBeInstanceOf(Error);
    expect(Error.stackTraceLimit).toBe(before);
    expect(new Error('a fault').stack?.split('\n').length).toBeGreaterThan(1);
  });

  it("is made without Error's constructor, and is an Error to everything but V8's own checks", () => {
    const e = fail('order_not_found', { id: 'ord_1' });
    expect(e).toBeInstanceOf(ServiceError);
    expect(e).toBeInstanceOf(Error);
    expect(String(e)).toBe(`ServiceError: ${e.message}`);
    expect(inspect(e)).toContain(`ServiceError: ${e.message}`);
    expect(inspect(e)).toContain("code: 'not_found'");
    expect(() => {
      throw e;
    }).toThrow(e.message);
    expect(() =>
      throws(() => {
        throw e;
      }, ServiceError),
    ).not.toThrow();
    expect(Object.getPrototypeOf(ServiceError)).toBe(Error);
    // What tells it apart (documented on the class): V8's own error checks.
    expect(types.isNativeError(e)).toBe(false);
    expect(types.isNativeError(new Error('a fault'))).toBe(true);
  });

  it('takes a stack when one is captured or set (the programmatic API gives its callers)', () => {
    const captured = fail('order_not_found', { id: 'ord_1' });
    Error.captureStackTrace(captured);
    expect(captured.stack?.split('\n')[0]).toBe(String(captured));
    expect(captured.stack?.split('\n').length).toBeGreaterThan(1);
    const set = fail('order_not_found', { id: 'ord_2' });
    set.stack = `${String(set)}\n    at caller (test.ts:1:1)`;
    expect(set.stack).toContain('at caller');
    // Another error's stack is left alone.
    expect(fail('order_not_found', { id: 'ord_3' }).stack?.split('\n')).toHaveLength(1);
  });
});

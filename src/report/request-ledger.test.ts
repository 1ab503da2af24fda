import { describe, expect, it } from 'vitest';
import type { JournalBody, JournalError, RequestFacts } from '../journal/journal-entry.js';
import { RequestLedger } from './request-ledger.js';
import { maskString, redactBody, ruleOfDetail } from './violation-rules.js';

let n = 0;
const T0 = Date.parse('2026-01-01T00:00:00Z');
const body = (text: string | null) => ({
  text,
  size: text === null ? 0 : Buffer.byteLength(text),
  truncated: false,
});
const validation = (...details: { param: string; message: string }[]) => ({
  status: 400,
  error: {
    code: 'invalid_request',
    message: details[0]!.message,
    param: details[0]!.param,
    reason: null,
    details,
  },
});

/** What a request's overrides may say, in an entry's words (the facts are made from them). */
interface Over extends Partial<Omit<RequestFacts, 'id'>> {
  /** Real milliseconds after T0. */
  at?: number;
  /** Request headers added to the default `Idempotency-Key`. */
  headers?: Record<string, string>;
  /** The request's headers and body, in place of the defaults. */
  request?: { headers: Record<string, string>; body: JournalBody };
  /** The error answered (its body is the error's JSON). */
  error?: JournalError;
  retry_after?: number | null;
}

/** A request's facts as the journal records them. */
function entry(over: Over): RequestFacts {
  const { at = 0, headers = {}, request, error, retry_after = null, ...rest } = over;
  const id = `req_${++n}`;
  const path = rest.path ?? '/v1/orders';
  return {
    id,
    generation: 1,
    operation: 'createOrder',
    method: 'POST',
    path,
    url: path,
    order_id: null,
    request_headers: request?.headers ?? { 'idempotency-key': `k${n}`, ...headers },
    request_body: request ? request.body.text : '{}',
    status: 201,
    response_headers: retry_after === null ? {} : { 'retry-after': String(retry_after) },
    response_body: error ? JSON.stringify({ error: { ...error, request_id: id } }) : null,
    account_id: 'acct_a',
    key_mode: 'read_write' as const,
    started_ms: T0 + at,
    virtual_ms: T0,
    duration_ms: 1,
    fault: null,
    traceparent: null,
    ...rest,
  };
}

describe('ruleOfDetail', () => {
  it.each([
    ['notes is not a known field; remove it (known: pickup, dropoff)', 'unknown_field'],
    ['foo is not a known query parameter; remove it', 'unknown_field'],
    ['pickup.lat is required', 'missing_field'],
    ['tip must be an integer; got the string "5"', 'wrong_type'],
    ['The request body must be an object; got an array', 'wrong_type'],
    ['tip must be >= 0; got -1', 'bad_value'],
    ['currency must be one of "USD", "EUR"; got the string "XXX"', 'bad_value'],
  ])('%s → %s', (message, rule) => expect(ruleOfDetail(message)).toBe(rule));
});

describe('redactBody', () => {
  it('masks API keys, card-, phone- and e-mail-like strings and personal fields; cuts long values', () => {
    const out = redactBody(
      JSON.stringify({
        customer: { name: 'Ada Lovelace', phone: '+1 415 555 0100' },
        note: 'call 0044 20 7946 0958',
        ref: 'pay 4242 4242 4242 4242 with sk_test_ci_acme, mail ada@example.com',
        external_reference: 'x'.repeat(500),
        items: [{ name: 'Pizza', quantity: 2 }],
        tip: 5,
      }),
    )!;
    expect(out).not.toMatch(/Ada|Lovelace|415|4242|sk_test|ada@|7946|Pizza/);
    expect(JSON.parse(out)).toMatchObject({
      customer: { name: '[redacted]', phone: '[redacted]' },
      ref: 'pay [card] with [api key], mail [email]',
      external_reference: `${'x'.repeat(64)}…`,
      tip: 5,
    });
    expect(redactBody('not json 4242424242424242')).toBe('not json [card]');
    expect(redactBody(null)).toBeNull();
  });

  it('keeps a __proto__ or constructor field a field, redacted like any other', () => {
    const text = '{"__proto__":{"phone":"+1 415 555 0100"},"constructor":"x","tip":5}';
    expect(redactBody(text)).toBe('{"__proto__":{"phone":"[redacted]"},"constructor":"x","tip":5}');
  });
});

describe('RequestLedger', () => {
  it('groups violations by operation, parameter and rule, with a count and the first example', () => {
    const l = new RequestLedger();
    const unknown = { param: 'notes', message: 'notes is not a known field; remove it' };
    l.observe(
      entry({ ...validation(unknown), request: { headers: {}, body: body('{"notes":"a"}') } }),
    );
    l.observe(entry(validation(unknown, { param: 'tip', message: 'tip is required' })));
    l.observe(entry({ status: 201 }));
    const v = l.violationList();
    expect(v.map((x) => [x.operation, x.param, x.rule, x.count])).toEqual([
      ['createOrder', 'notes', 'unknown_field', 2],
      ['createOrder', 'tip', 'missing_field', 1],
    ]);
    expect(v[0]!.example).toMatchObject({
      method: 'POST',
      status: 400,
      body: '{"notes":"[redacted]"}',
    });
    expect(v[0]!.request_ids).toHaveLength(2);
    expect(l.proof('orders.create.invalid_request').count).toBe(2);
  });

  it('masks personal values in the quoted message, and keeps at most 100 groups', () => {
    const l = new RequestLedger();
    const phone = {
      param: 'phone',
      message: 'phone must be an integer; got the string "+1 415 555 0100"',
    };
    l.observe(entry(validation(phone)));
    expect(l.violationList()[0]!.message).toBe(
      'phone must be an integer; got the string "[phone]"',
    );
    for (let i = 0; i < 150; i++)
      l.observe(
        entry(validation({ param: `k${i}`, message: `k${i} is not a known field; remove it` })),
      );
    const groups = l.violationList();
    expect(groups).toHaveLength(101);
    expect(groups.find((v) => v.param === '(other parameters)')).toMatchObject({ count: 51 });
    expect(maskString('lat must be <= 90; got -122.4194')).toBe('lat must be <= 90; got -122.4194');
  });

  it('names a read-only key writing and a wrong Content-Type; a Sandbox-Expect: error request is no violation', () => {
    const l = new RequestLedger();
    const refused = (reason: string) => ({
      status: reason === 'read_only_key' ? 403 : 400,
      error: { code: 'x', message: reason, param: null, reason, details: [] },
    });
    l.observe(entry(refused('read_only_key')));
    l.observe(entry(refused('unsupported_content_type')));
    l.observe(entry({ ...refused('read_only_key'), headers: { 'sandbox-expect': 'error' } }));
    expect(l.violationList().map((v) => [v.rule, v.param, v.count])).toEqual([
      ['read_only_key', 'Authorization', 1],
      ['wrong_content_type', 'Content-Type', 1],
    ]);
    expect(l.proof('auth.forbidden').count).toBe(2);
  });

  it('flags a failed POST retried with a new key or none, not one retried with the same key', () => {
    const l = new RequestLedger();
    const failed = { status: 503, retry_after: null, headers: { 'idempotency-key': 'k-same' } };
    l.observe(entry(failed));
    l.observe(entry({ headers: { 'idempotency-key': 'k-same' } }));
    expect(l.violationList()).toEqual([]);
    l.observe(entry({ ...failed, status: 429, account_id: null }));
    l.observe(entry({ headers: { 'idempotency-key': 'k-new' } }));
    l.observe(entry(failed));
    l.observe(entry({ request: { headers: {}, body: body('{}') } }));
    expect(l.violationList().map((v) => [v.rule, v.param, v.count])).toEqual([
      ['idempotency_key_changed', 'Idempotency-Key', 2],
    ]);
    expect(l.habitList().map((h) => [h.habit, h.count])).toEqual([['no_idempotency_key', 1]]);
  });

  it('proves a 429 respected when the retry waited Retry-After, and warns when it did not', () => {
    const l = new RequestLedger();
    const limited = (at: number) => entry({ at, status: 429, retry_after: 1, duration_ms: 5 });
    l.observe(limited(0));
    l.observe(entry({ at: 1010 }));
    expect(l.proof('api.rate_limited.respected').count).toBe(2);
    // An injected 429 is answered before the key is read (no account); the retry has one.
    l.observe({ ...limited(2000), account_id: null, key_mode: null });
    l.observe(entry({ at: 3010 }));
    expect(l.proof('api.rate_limited.respected').count).toBe(4);
    l.observe(limited(5000));
    l.observe(entry({ at: 5100 }));
    expect(l.proof('api.rate_limited.respected').count).toBe(4);
    expect(l.habitList()).toMatchObject([{ habit: 'retry_after_ignored', count: 1 }]);
  });

  it('warns when one order’s location is polled more than once a second', () => {
    const l = new RequestLedger();
    const poll = (at: number, order: string) =>
      entry({
        at,
        method: 'GET',
        operation: 'getOrderLocation',
        path: `/v1/orders/${order}/location`,
        order_id: order,
        status: 200,
      });
    for (const [at, order] of [
      [0, 'ord_a'],
      [300, 'ord_b'],
      [1000, 'ord_a'],
      [1400, 'ord_a'],
      [1500, 'ord_a'],
    ] as const)
      l.observe(poll(at, order));
    // The message is the first time's (400 ms apart), made then only.
    expect(l.habitList()).toMatchObject([{ habit: 'location_polled_too_often', count: 2 }]);
    expect(l.habitList()[0]!.message).toContain('(400 ms apart)');
    expect(l.proof('location.tracked').count).toBe(5);
    l.reset();
    expect([l.requests, l.habitList().length, l.proof('location.tracked').count]).toEqual([
      0, 0, 0,
    ]);
  });
});

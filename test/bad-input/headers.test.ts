/** Bad input: the Content-Type, Content-Encoding and Idempotency-Key request headers. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_TYPE } from '../support/bad-input.js';
import { expectError, SAMPLE_ORDER, TestSandbox } from '../support/test-sandbox.js';

let t: TestSandbox;
beforeAll(async () => {
  t = await TestSandbox.start();
});
afterAll(() => t.close());

describe('a body that is not JSON', () => {
  it.each([
    { type: 'text/plain', raw: JSON.stringify(SAMPLE_ORDER) },
    { type: 'application/x-www-form-urlencoded', raw: 'pickup=1+Main+St&dropoff=2+Main+St' },
    { type: 'multipart/form-data; boundary=xyz', raw: '--xyz\r\n\r\n{}\r\n--xyz--' },
    { type: 'application/xml', raw: '<order/>' },
    { type: 'no Content-Type', raw: new TextEncoder().encode(JSON.stringify(SAMPLE_ORDER)) },
  ])(
    'is refused with 400 unsupported_content_type naming Content-Type ($type)',
    async ({ type, raw }) => {
      const res = await t.request('POST', '/v1/orders', {
        raw,
        headers: type === 'no Content-Type' ? {} : { 'Content-Type': type },
      });
      expectError(res, 400, 'invalid_request', {
        param: 'Content-Type',
        reason: 'unsupported_content_type',
      });
    },
  );

  it('is refused with 400 naming Content-Type when the charset is not UTF-8', async () => {
    const res = await t.request('POST', '/v1/orders', {
      raw: JSON.stringify(SAMPLE_ORDER),
      headers: { 'Content-Type': 'application/json; charset=latin1' },
    });
    expectError(res, 400, 'invalid_request', {
      param: 'Content-Type',
      reason: 'unsupported_content_type',
    });
  });

  it('is refused with 400 naming Content-Encoding when the encoding is unsupported', async () => {
    const res = await t.request('POST', '/v1/orders', {
      raw: JSON.stringify(SAMPLE_ORDER),
      headers: { ...JSON_TYPE, 'Content-Encoding': 'compress' },
    });
    expectError(res, 400, 'invalid_request', { param: 'Content-Encoding' });
  });

  it('is refused with 400 when it claims gzip but is not', async () => {
    const res = await t.request('POST', '/v1/orders', {
      raw: JSON.stringify(SAMPLE_ORDER),
      headers: { ...JSON_TYPE, 'Content-Encoding': 'gzip' },
    });
    expectError(res, 400, 'invalid_request');
    expect(['body', 'Content-Encoding']).toContain(res.body.error.param);
  });
});

describe('the Idempotency-Key header', () => {
  it.each([
    { what: '256 characters', key: 'k'.repeat(256) },
    { what: 'empty', key: '' },
  ])('is refused with 400 naming Idempotency-Key when $what', async ({ key }) => {
    const res = await t.post('/v1/orders', SAMPLE_ORDER, { headers: { 'Idempotency-Key': key } });
    expectError(res, 400, 'invalid_request', { param: 'Idempotency-Key' });
  });

  it('is accepted at 255 characters', async () => {
    const res = await t.post('/v1/orders', SAMPLE_ORDER, {
      headers: { 'Idempotency-Key': 'k'.repeat(255) },
    });
    expect(res.status).toBe(201);
  });
});

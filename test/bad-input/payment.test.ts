/** Bad input: the body of POST /v1/orders/{id}/payment. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectInvalid, JSON_TYPE } from '../support/bad-input.js';
import { expectError, TestSandbox } from '../support/test-sandbox.js';

let t: TestSandbox;
beforeAll(async () => {
  t = await TestSandbox.start();
});
afterAll(() => t.close());

describe('the body of POST /v1/orders/{id}/payment', () => {
  let orderId: string;
  beforeAll(async () => {
    orderId = (await t.createOrder()).order_id;
  });

  it.each([
    { what: 'payment_method is missing', body: {}, params: ['payment_method'] },
    {
      what: 'payment_method is a number',
      body: { payment_method: 4242 },
      params: ['payment_method'],
    },
    { what: 'payment_method is empty', body: { payment_method: '' }, params: ['payment_method'] },
    {
      what: 'amount is a string',
      body: { payment_method: 'pm_card_visa', amount: '910' },
      params: ['amount'],
    },
    {
      what: 'amount is negative',
      body: { payment_method: 'pm_card_visa', amount: -1 },
      params: ['amount'],
    },
    {
      what: 'amount is fractional',
      body: { payment_method: 'pm_card_visa', amount: 9.1 },
      params: ['amount'],
    },
    {
      what: 'there is an unknown field',
      body: { payment_method: 'pm_card_visa', card_number: '4242424242424242' },
      params: ['card_number'],
    },
    {
      what: 'currency is lowercase',
      body: { payment_method: 'pm_card_visa', currency: 'usd' },
      params: ['currency'],
    },
    {
      what: 'the body is an array',
      body: [{ payment_method: 'pm_card_visa' }],
      params: ['body'],
    },
    {
      what: 'everything is wrong at once',
      body: { amount: 'x', currency: 'dollars', extra: true },
      params: ['payment_method', 'amount', 'currency', 'extra'],
    },
  ])('is refused with 400 when $what', async ({ body, params }) => {
    expectInvalid(await t.post(`/v1/orders/${orderId}/payment`, body), params);
  });

  it('is refused with 400 when it is malformed JSON', async () => {
    const res = await t.request('POST', `/v1/orders/${orderId}/payment`, {
      raw: '{"payment_method":',
      headers: JSON_TYPE,
    });
    expectError(res, 400, 'invalid_request', { param: 'body' });
  });

  it('leaves the order unpaid after all the refused payments', async () => {
    expect((await t.get(`/v1/orders/${orderId}`)).body.payment.status).toBe('unpaid');
  });
});

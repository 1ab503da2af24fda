import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS, TestSandbox } from './support/test-sandbox.js';

/** The ci scenario's manual clock stands still at its start until a test moves it. */
const CI_START = '2026-01-01T12:00:00.000Z';

describe('POST /v1/orders/{order_id}/payment', () => {
  let t: TestSandbox;
  beforeAll(async () => {
    t = await TestSandbox.start();
  });
  afterAll(() => t.close());

  const pay = (orderId: string, body: Record<string, unknown>, opts?: { key?: string }) =>
    t.post(`/v1/orders/${orderId}/payment`, body, opts);

  const payWithKey = (orderId: string, key: string, body: Record<string, unknown>) =>
    t.post(`/v1/orders/${orderId}/payment`, body, { headers: { 'Idempotency-Key': key } });

  const eventsOf = async (orderId: string, event?: string): Promise<any[]> => {
    const query = event === undefined ? '' : `&event=${event}`;
    const res = await t.get(`/__sandbox/events?order_id=${orderId}${query}`);
    expect(res.status).toBe(200);
    return res.body.events;
  };

  const getOrder = async (orderId: string): Promise<any> => {
    const res = await t.get(`/v1/orders/${orderId}`);
    expect(res.status).toBe(200);
    return res.body;
  };

  describe('with a test card that succeeds', () => {
    it.each(['pm_card_visa', 'pm_card_mastercard'])(
      'charges the order total to %s and answers 201 with the payment',
      async (method) => {
        const order = await t.createOrder();
        const res = await pay(order.order_id, { payment_method: method });
        expect(res.status).toBe(201);
        expect(res.headers['idempotent-replayed']).toBeUndefined();
        expect(res.body).toEqual({
          payment_id: expect.stringMatching(/^pay_[A-Za-z0-9]+$/),
          order_id: order.order_id,
          status: 'succeeded',
          amount: { amount: order.pricing.total, currency: order.pricing.currency },
          payment_method: method,
          created_at: CI_START,
        });
      },
    );

    it('marks the order paid with the payment id and stamps updated_at', async () => {
      const order = await t.createOrder();
      expect(order.payment).toEqual({ status: 'unpaid', payment_id: null });
      const res = await pay(order.order_id, { payment_method: 'pm_card_visa' });
      expect(res.status).toBe(201);
      const after = await getOrder(order.order_id);
      expect(after.payment).toEqual({ status: 'paid', payment_id: res.body.payment_id });
      expect(after.updated_at).toBe(res.body.created_at);
      expect(after.status).toBe('pending');
    });

    it('reads created_at and updated_at from the virtual clock, not the wall clock', async () => {
      const order = await t.createOrder();
      await t.advanceClock(90_000);
      const expected = new Date(Date.parse(CI_START) + 90_000).toISOString();
      expect(t.nowIso()).toBe(expected);
      const res = await pay(order.order_id, { payment_method: 'pm_card_visa' });
      expect(res.status).toBe(201);
      expect(res.body.created_at).toBe(expected);
      const after = await getOrder(order.order_id);
      expect(after.updated_at).toBe(expected);
      expect(after.created_at).toBe(order.created_at);
    });

    it('emits exactly one payment.completed event carrying the payment and the paid order', async () => {
      const order = await t.createOrder();
      const res = await pay(order.order_id, { payment_method: 'pm_card_mastercard' });
      expect(res.status).toBe(201);
      const events = await eventsOf(order.order_id, 'payment.completed');
      expect(events).toHaveLength(1);
      const [event] = events;
      expect(event.event).toBe('payment.completed');
      expect(event.data.payment).toEqual(res.body);
      expect(event.data.order).toEqual(await getOrder(order.order_id));
      expect(event.data.order.payment).toEqual({
        status: 'paid',
        payment_id: res.body.payment_id,
      });
      expect((await eventsOf(order.order_id)).map((e) => e.event)).toEqual([
        'order.created',
        'payment.completed',
      ]);
    });

    it('accepts an amount and currency that match the amount due', async () => {
      const order = await t.createOrder();
      const res = await pay(order.order_id, {
        payment_method: 'pm_card_visa',
        amount: order.pricing.total,
        currency: 'USD',
      });
      expect(res.status).toBe(201);
      expect(res.body.amount).toEqual({ amount: order.pricing.total, currency: 'USD' });
    });

    it('charges a delivered order its total, like any other', async () => {
      const order = await t.createOrder({ tip: 0 });
      await t.advance(order.order_id, 'delivered');
      const res = await pay(order.order_id, { payment_method: 'pm_card_visa' });
      expect(res.status).toBe(201);
      expect(res.body.amount.amount).toBe(order.pricing.delivery_fee);
    });
  });

  describe('refusals that leave the order unpaid', () => {
    it('refuses to pay an order twice with 400 already_paid, and makes no second payment', async () => {
      const order = await t.createOrder();
      const first = await pay(order.order_id, { payment_method: 'pm_card_visa' });
      expect(first.status).toBe(201);
      const second = await pay(order.order_id, { payment_method: 'pm_card_mastercard' });
      expect(second.status).toBe(400);
      expect(second.body.error).toMatchObject({
        code: 'invalid_request',
        reason: 'already_paid',
      });
      expect((await getOrder(order.order_id)).payment.payment_id).toBe(first.body.payment_id);
      expect(await eventsOf(order.order_id, 'payment.completed')).toHaveLength(1);
    });

    it.each([
      ['pm_card_declined', 'card_declined'],
      ['pm_card_insufficient_funds', 'insufficient_funds'],
      ['pm_card_expired', 'expired_card'],
    ])(
      'answers 402 payment_required for %s with reason %s and leaves the order unpaid',
      async (method, reason) => {
        const order = await t.createOrder();
        const res = await pay(order.order_id, { payment_method: method });
        expect(res.status).toBe(402);
        expect(res.body.error).toMatchObject({
          code: 'payment_required',
          reason,
          param: 'payment_method',
        });
        expect(res.body.error.request_id).toBe(res.headers['x-request-id']);
        const after = await getOrder(order.order_id);
        expect(after.payment).toEqual({ status: 'unpaid', payment_id: null });
        expect(after.updated_at).toBe(order.updated_at);
        expect(await eventsOf(order.order_id, 'payment.completed')).toEqual([]);
      },
    );

    it('lets a declined order be paid afterwards with a card that succeeds', async () => {
      const order = await t.createOrder();
      expect((await pay(order.order_id, { payment_method: 'pm_card_declined' })).status).toBe(402);
      const res = await pay(order.order_id, { payment_method: 'pm_card_visa' });
      expect(res.status).toBe(201);
    });

    it.each([
      ['card_visa', 'invalid_payment_method', 'is not shaped pm_…'],
      ['visa', 'invalid_payment_method', 'is not shaped pm_…'],
      ['pm_card_amex', 'unknown_payment_method', 'is not a test payment method'],
    ])('answers 400 for payment_method %s (reason %s: it %s)', async (method, reason) => {
      const order = await t.createOrder();
      const res = await pay(order.order_id, { payment_method: method });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({
        code: 'invalid_request',
        param: 'payment_method',
        reason,
      });
      expect((await getOrder(order.order_id)).payment.status).toBe('unpaid');
    });

    it.each([
      [
        'an amount below the total',
        (total: number) => ({ amount: total - 1 }),
        'amount',
        'amount_mismatch',
      ],
      [
        'an amount above the total',
        (total: number) => ({ amount: total + 100 }),
        'amount',
        'amount_mismatch',
      ],
      ['a different currency', () => ({ currency: 'EUR' }), 'currency', 'currency_mismatch'],
    ])('answers 400 when given %s (param %s, reason %s)', async (_label, extra, param, reason) => {
      const order = await t.createOrder();
      const res = await pay(order.order_id, {
        payment_method: 'pm_card_visa',
        ...extra(order.pricing.total),
      });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'invalid_request', param, reason });
      expect((await getOrder(order.order_id)).payment.status).toBe('unpaid');
      expect(await eventsOf(order.order_id, 'payment.completed')).toEqual([]);
    });

    it('answers 404 not_found for an unknown order', async () => {
      const res = await pay('ord_doesnotexist123', { payment_method: 'pm_card_visa' });
      expect(res.status).toBe(404);
      expect(res.body.error).toMatchObject({ code: 'not_found', param: 'order_id' });
    });

    it("answers 403 forbidden for another account's order", async () => {
      const order = await t.createOrder();
      const res = await pay(
        order.order_id,
        { payment_method: 'pm_card_visa' },
        { key: KEYS.globex },
      );
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('forbidden');
      expect((await getOrder(order.order_id)).payment.status).toBe('unpaid');
    });

    it('answers 403 forbidden to a read-only key', async () => {
      const order = await t.createOrder();
      const res = await pay(
        order.order_id,
        { payment_method: 'pm_card_visa' },
        { key: KEYS.acmeReadOnly },
      );
      expect(res.status).toBe(403);
      expect(res.body.error).toMatchObject({ code: 'forbidden', reason: 'read_only_key' });
    });
  });

  describe('a cancelled order', () => {
    it('owes the cancellation fee (50 % of the delivery fee) once cancelled after assignment, and is charged exactly that', async () => {
      const order = await t.createOrder();
      await t.advance(order.order_id);
      const cancelled = await t.delete(`/v1/orders/${order.order_id}`);
      expect(cancelled.status).toBe(200);
      const fee = Math.round(order.pricing.delivery_fee / 2);
      expect(cancelled.body.cancellation.fee).toEqual({ amount: fee, currency: 'USD' });

      const wrong = await pay(order.order_id, {
        payment_method: 'pm_card_visa',
        amount: order.pricing.total,
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.error).toMatchObject({ param: 'amount', reason: 'amount_mismatch' });

      const res = await pay(order.order_id, { payment_method: 'pm_card_visa', amount: fee });
      expect(res.status).toBe(201);
      expect(res.body.amount).toEqual({ amount: fee, currency: 'USD' });
      const after = await getOrder(order.order_id);
      expect(after.payment).toEqual({ status: 'paid', payment_id: res.body.payment_id });
      expect(after.status).toBe('cancelled');
      expect(await eventsOf(order.order_id, 'payment.completed')).toHaveLength(1);
    });

    it.each([
      ['by the customer while pending', 'pending', 'customer'],
      ['by the restaurant while pending', 'pending', 'restaurant'],
      ['by the restaurant after assignment', 'driver_assigned', 'restaurant'],
    ])('has nothing to pay once cancelled %s: 400 nothing_to_pay', async (_label, status, by) => {
      const order = await t.createOrder();
      if (status !== 'pending') await t.advance(order.order_id, status);
      const cancelled =
        by === 'customer'
          ? await t.delete(`/v1/orders/${order.order_id}`)
          : await t.post(`/__sandbox/orders/${order.order_id}/cancel`, { by });
      expect(cancelled.status).toBe(200);
      expect(cancelled.body.cancellation.fee.amount).toBe(0);
      const res = await pay(order.order_id, { payment_method: 'pm_card_visa' });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({
        code: 'invalid_request',
        reason: 'nothing_to_pay',
      });
      expect((await getOrder(order.order_id)).payment.status).toBe('unpaid');
      expect(await eventsOf(order.order_id, 'payment.completed')).toEqual([]);
    });
  });

  describe('with an Idempotency-Key', () => {
    it('replays the same 201 body for the same key and body, with no second payment or event', async () => {
      const order = await t.createOrder();
      const body = { payment_method: 'pm_card_visa' };
      const first = await payWithKey(order.order_id, 'pay-once-1', body);
      expect(first.status).toBe(201);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      const again = await payWithKey(order.order_id, 'pay-once-1', body);
      expect(again.status).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.text).toBe(first.text);
      expect(again.body.payment_id).toBe(first.body.payment_id);
      expect(await eventsOf(order.order_id, 'payment.completed')).toHaveLength(1);
      expect((await getOrder(order.order_id)).payment.payment_id).toBe(first.body.payment_id);
      const { payments } = (await t.get('/__sandbox/state')).body;
      expect(payments.filter((p: any) => p.payment.order_id === order.order_id)).toHaveLength(1);
    });

    it('refuses the same key with a different body: 400 idempotency_key_reused', async () => {
      const order = await t.createOrder();
      const first = await payWithKey(order.order_id, 'pay-once-2', {
        payment_method: 'pm_card_visa',
      });
      expect(first.status).toBe(201);
      const res = await payWithKey(order.order_id, 'pay-once-2', {
        payment_method: 'pm_card_mastercard',
      });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({
        code: 'invalid_request',
        param: 'Idempotency-Key',
        reason: 'idempotency_key_reused',
      });
      expect(res.headers['idempotent-replayed']).toBeUndefined();
    });

    it('replays a 402 decline too, without charging again', async () => {
      const order = await t.createOrder();
      const body = { payment_method: 'pm_card_insufficient_funds' };
      const first = await payWithKey(order.order_id, 'pay-declined-1', body);
      expect(first.status).toBe(402);
      const again = await payWithKey(order.order_id, 'pay-declined-1', body);
      expect(again.status).toBe(402);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.text).toBe(first.text);
      expect(again.body.error.reason).toBe('insufficient_funds');
      expect((await getOrder(order.order_id)).payment.status).toBe('unpaid');
      expect(await eventsOf(order.order_id, 'payment.completed')).toEqual([]);
    });
  });
});

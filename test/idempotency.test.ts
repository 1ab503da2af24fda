import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS, SAMPLE_ORDER, TestSandbox } from './support/test-sandbox.js';

const DAY_MS = 24 * 3600 * 1000;

describe('Idempotency-Key on POST /v1/orders', () => {
  let t: TestSandbox;
  beforeAll(async () => {
    t = await TestSandbox.start();
  });
  afterAll(() => t.close());

  let counter = 0;
  /** A key no other test uses. */
  const freshKey = (): string => `idem-${++counter}-${'k'.repeat(8)}`;

  const create = (body: unknown, idempotencyKey?: string, key: string = KEYS.acme) =>
    t.post('/v1/orders', body, {
      key,
      headers: idempotencyKey === undefined ? {} : { 'Idempotency-Key': idempotencyKey },
    });

  const createdEvents = async (): Promise<any[]> => {
    const res = await t.get('/__sandbox/events?event=order.created');
    expect(res.status).toBe(200);
    return res.body.events;
  };

  /** A body unique to the caller, so that its order.created events can be told apart. */
  const uniqueBody = (): Record<string, unknown> => ({
    ...SAMPLE_ORDER,
    external_reference: `ref-${++counter}`,
  });

  const ordersWithReference = async (ref: unknown): Promise<string[]> =>
    (await createdEvents())
      .filter((e) => e.data.order.external_reference === ref)
      .map((e) => e.data.order.order_id);

  it('replays the first response, byte for byte, for the same key and body, without a second order', async () => {
    const key = freshKey();
    const body = uniqueBody();
    const first = await create(body, key);
    expect(first.status).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();

    const again = await create(body, key);
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.text).toBe(first.text);
    expect(again.headers['x-request-id']).not.toBe(first.headers['x-request-id']);

    expect(await ordersWithReference(body.external_reference)).toEqual([first.body.order_id]);
    const events = await t.get(`/__sandbox/events?order_id=${first.body.order_id}`);
    expect(events.body.events.map((e: any) => e.event)).toEqual(['order.created']);
  });

  it('replays the first response even after the order has moved on', async () => {
    const key = freshKey();
    const body = uniqueBody();
    const first = await create(body, key);
    expect(first.status).toBe(201);
    await t.advance(first.body.order_id);

    const again = await create(body, key);
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.text).toBe(first.text);
    expect(again.body.status).toBe('pending');
  });

  it('treats a body with its JSON keys in another order as the same request', async () => {
    const key = freshKey();
    const body = uniqueBody();
    const first = await create(body, key);
    expect(first.status).toBe(201);

    const reordered = {
      tip: SAMPLE_ORDER.tip,
      external_reference: body.external_reference,
      items: SAMPLE_ORDER.items.map(({ unit_price, quantity, name }) => ({
        unit_price,
        quantity,
        name,
      })),
      dropoff: Object.fromEntries(Object.entries(SAMPLE_ORDER.dropoff).reverse()),
      pickup: Object.fromEntries(Object.entries(SAMPLE_ORDER.pickup).reverse()),
    };
    expect(JSON.stringify(reordered)).not.toBe(JSON.stringify(body));
    const again = await create(reordered, key);
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.text).toBe(first.text);
    expect(await ordersWithReference(body.external_reference)).toHaveLength(1);
  });

  it('refuses the same key with a different body: 400 idempotency_key_reused on Idempotency-Key', async () => {
    const key = freshKey();
    const body = uniqueBody();
    expect((await create(body, key)).status).toBe(201);

    const res = await create({ ...body, tip: 500 }, key);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: 'invalid_request',
      param: 'Idempotency-Key',
      reason: 'idempotency_key_reused',
    });
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect(await ordersWithReference(body.external_reference)).toHaveLength(1);
  });

  it("scopes keys per account: globex reusing acme's key value gets its own new order", async () => {
    const key = freshKey();
    const body = uniqueBody();
    const acme = await create(body, key, KEYS.acme);
    expect(acme.status).toBe(201);

    const globex = await create(body, key, KEYS.globex);
    expect(globex.status).toBe(201);
    expect(globex.headers['idempotent-replayed']).toBeUndefined();
    expect(globex.body.order_id).not.toBe(acme.body.order_id);
    expect(await ordersWithReference(body.external_reference)).toEqual([
      acme.body.order_id,
      globex.body.order_id,
    ]);

    // Each account's own retry replays its own order.
    const globexAgain = await create(body, key, KEYS.globex);
    expect(globexAgain.headers['idempotent-replayed']).toBe('true');
    expect(globexAgain.body.order_id).toBe(globex.body.order_id);
    const acmeAgain = await create(body, key, KEYS.acme);
    expect(acmeAgain.headers['idempotent-replayed']).toBe('true');
    expect(acmeAgain.body.order_id).toBe(acme.body.order_id);
  });

  it.each([
    ['an empty key', ''],
    ['a key of 256 characters', 'k'.repeat(256)],
  ])('refuses %s with 400 invalid_request and creates nothing', async (_label, key) => {
    const body = uniqueBody();
    const res = await create(body, key);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'invalid_request', param: 'Idempotency-Key' });
    expect(await ordersWithReference(body.external_reference)).toEqual([]);
  });

  it('accepts a key of exactly 255 characters', async () => {
    const key = `${++counter}-`.padEnd(255, 'x');
    const body = uniqueBody();
    const first = await create(body, key);
    expect(first.status).toBe(201);
    const again = await create(body, key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.text).toBe(first.text);
  });

  it('refuses a key first used on /v1/orders when it is sent on a payment: idempotency_key_reused', async () => {
    const key = freshKey();
    const created = await create(uniqueBody(), key);
    expect(created.status).toBe(201);

    const res = await t.post(
      `/v1/orders/${created.body.order_id}/payment`,
      { payment_method: 'pm_card_visa' },
      { headers: { 'Idempotency-Key': key } },
    );
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: 'invalid_request',
      param: 'Idempotency-Key',
      reason: 'idempotency_key_reused',
    });
    const order = await t.get(`/v1/orders/${created.body.order_id}`);
    expect(order.body.payment).toEqual({ status: 'unpaid', payment_id: null });
  });

  it('replays a refusal too: the same key and body that got a 400 get the same 400', async () => {
    const key = freshKey();
    const far = {
      ...uniqueBody(),
      dropoff: { address: 'Sacramento', location: { lat: 38.5816, lng: -121.4944 } },
    };
    const first = await create(far, key);
    expect(first.status).toBe(400);
    expect(first.body.error.reason).toBe('out_of_service_area');
    const again = await create(far, key);
    expect(again.status).toBe(400);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.text).toBe(first.text);
  });

  it('creates two identical orders when no Idempotency-Key is sent', async () => {
    const body = uniqueBody();
    const first = await create(body);
    const second = await create(body);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(second.body.order_id).not.toBe(first.body.order_id);
    expect(await ordersWithReference(body.external_reference)).toEqual([
      first.body.order_id,
      second.body.order_id,
    ]);
  });

  it('creates one order for two concurrent requests with the same key and body', async () => {
    const key = freshKey();
    const body = uniqueBody();
    const [a, b] = await Promise.all([create(body, key), create(body, key)]);
    expect(await ordersWithReference(body.external_reference)).toHaveLength(1);
    const created = [a, b].filter((r) => r.status === 201);
    expect(new Set(created.map((r) => r.body.order_id)).size).toBe(1);
  });

  // Moves the shared manual clock forward by a day, so it runs last.
  it('forgets a key after 24 h of virtual time: the same key then creates a new order', async () => {
    const key = freshKey();
    const body = uniqueBody();
    const first = await create(body, key);
    expect(first.status).toBe(201);

    await t.advanceClock(DAY_MS - 1);
    const within = await create(body, key);
    expect(within.headers['idempotent-replayed']).toBe('true');
    expect(within.body.order_id).toBe(first.body.order_id);

    await t.advanceClock(2);
    const after = await create(body, key);
    expect(after.status).toBe(201);
    expect(after.headers['idempotent-replayed']).toBeUndefined();
    expect(after.body.order_id).not.toBe(first.body.order_id);
    expect(await ordersWithReference(body.external_reference)).toEqual([
      first.body.order_id,
      after.body.order_id,
    ]);

    // The key now belongs to the new order, and a different body is refused again.
    const replay = await create(body, key);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body.order_id).toBe(after.body.order_id);
    expect((await create({ ...body, tip: 1 }, key)).body.error.reason).toBe(
      'idempotency_key_reused',
    );
  });
});

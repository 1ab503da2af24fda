import { describe, expect, it } from 'vitest';
import { openWorld } from '../../test/support/world.js';
import { advanceClock } from './advance-clock.js';
import { createOrder } from './create-order.js';
import {
  recallIdempotentAnswer,
  rememberIdempotentAnswer,
  type IdempotentRequest,
} from './idempotent-answer.js';

function open() {
  return openWorld({
    name: 'idempotent-answer-unit',
    accounts: [{ id: 'acct_a', api_keys: ['sk_test_idempotent_unit'] }],
    drivers: { count: 1 },
    clock: { mode: 'manual', start: '2026-01-01T12:00:00.000Z' },
    retention: { idempotency_ttl: '1h' },
  });
}

const request = (body: unknown, key = 'k1'): IdempotentRequest => ({
  account_id: 'acct_a',
  key,
  method: 'POST',
  path: '/v1/orders',
  body,
});

/** Remembers `answer` for `body` under key k1, as a first request does. */
function answerOnce(world: ReturnType<typeof open>, body: unknown, answer: unknown): void {
  const recall = recallIdempotentAnswer(world, request(body));
  if (recall.seen !== 'none') throw new Error(`expected a new key, got ${recall.seen}`);
  rememberIdempotentAnswer(world, recall.claim, 201, answer);
}

describe('idempotent answers', () => {
  it('recalls the answer for the same request and refuses the key on another one', () => {
    const world = open();
    answerOnce(world, { tip: 1, metadata: { a: '1', b: '2' } }, { order_id: 'ord_1' });
    expect(
      recallIdempotentAnswer(world, request({ metadata: { b: '2', a: '1' }, tip: 1 })),
    ).toEqual({ seen: 'same', status: 201, body: { order_id: 'ord_1' } });
    expect(recallIdempotentAnswer(world, request({ tip: 2 }))).toEqual({ seen: 'different' });
    expect(recallIdempotentAnswer(world, request({ tip: 1 }, 'k2')).seen).toBe('none');
  });

  it('fingerprints a body as it always has (stored records stay comparable)', () => {
    const body = {
      tip: 1,
      pickup: { address: '1 Market St', name: 'Ä "q"' },
      items: [{ name: 'x', quantity: 2 }, [], {}],
      metadata: { b: '2', a: '1' },
      n: null,
      f: 1.5,
      t: true,
    };
    const recall = recallIdempotentAnswer(open(), request(body, 'k'));
    expect(recall).toMatchObject({
      claim: { fingerprint: '3fba01eec0ea0c48245761dd96621f2c8138e575872d80603ed71bdcccecd93a' },
    });
  });

  it('remembers a copy: changing the answer afterwards does not change the replay', () => {
    const world = open();
    const answer = { order_id: 'ord_1', status: 'pending' };
    answerOnce(world, {}, answer);
    answer.status = 'delivered';
    expect(recallIdempotentAnswer(world, request({}))).toMatchObject({
      body: { status: 'pending' },
    });
  });

  it('keeps a created order as the snapshot its event holds, and copies it once it changed', () => {
    const world = open();
    const account = world.store.accounts.all()[0]!;
    const input = { pickup: { address: '1 Market St' }, dropoff: { address: '2 Castro St' } };
    const first = createOrder(world, account, input);
    const event = world.store.events.all().at(-1)!;
    answerOnce(world, { tip: 1 }, first);
    const kept = world.store.idempotency.get('acct_a:k1')!.body;
    expect(kept).toBe(event.data.order);
    expect(kept).toEqual(first);
    const second = createOrder(world, account, input);
    second.status = 'cancelled'; // changed after its event: the kept answer is a copy of it now
    const recall = recallIdempotentAnswer(world, request({ tip: 2 }, 'k2'));
    if (recall.seen !== 'none') throw new Error('expected a new key');
    rememberIdempotentAnswer(world, recall.claim, 201, second);
    const copy = world.store.idempotency.get('acct_a:k2')!.body;
    expect(copy).toEqual(second);
    expect(copy).not.toBe(world.store.events.all().at(-1)!.data.order);
  });

  it("forgets a key once the scenario's TTL has passed, even before retention drops it", async () => {
    const world = open();
    answerOnce(world, { tip: 1 }, { order_id: 'ord_1' });
    await advanceClock(world, '59m59s999ms');
    expect(recallIdempotentAnswer(world, request({ tip: 2 })).seen).toBe('different');
    await advanceClock(world, '1ms');
    expect(world.store.idempotency.get('acct_a:k1')).toBeDefined();
    const recall = recallIdempotentAnswer(world, request({ tip: 2 }));
    expect(recall).toMatchObject({
      seen: 'none',
      claim: { scope_key: 'acct_a:k1', created_at_ms: world.clock.now() },
    });
  });
});

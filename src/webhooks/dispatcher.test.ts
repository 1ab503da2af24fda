// Longer than 250 lines: one file of unit tests for the dispatcher, grouped by the finding each covers.
import { describe, expect, it, vi } from 'vitest';
import { FakeTransport, flush } from '../../test/support/fake-transport.js';
import { openWorld } from '../../test/support/world.js';
import { advanceClock } from '../commands/advance-clock.js';
import { advanceOrder } from '../commands/advance-order.js';
import { createOrder } from '../commands/create-order.js';
import { redeliverEvent } from '../commands/redeliver-event.js';
import { registerEndpoint } from '../commands/webhook-endpoints.js';
import type { OrderStatus } from '../domain/api-types.js';
import type { ScenarioFile, WebhookFaults } from '../scenarios/scenario.js';
import { verifySignature } from './signature.js';

const T0 = Date.parse('2026-01-01T12:00:00.000Z');
const A = 'http://a.test/hooks';
const B = 'http://b.test/hooks';
const LIFECYCLE = ['order.created', 'order.driver_assigned', 'order.picked_up', 'order.delivered'];

const iso = (offsetMs: number): string => new Date(T0 + offsetMs).toISOString();

/**
 * A world on the manual clock at T0 with the fake transport, no simulation (orders move only when
 * a test advances them) and the retry schedule 5 s, 5 m, 30 m.
 */
function open(
  opts: { seed?: string; webhooks?: ScenarioFile['webhooks']; faults?: WebhookFaults } = {},
) {
  const fake = new FakeTransport(() => world.clock.now());
  const world = openWorld(
    {
      name: 'dispatcher-unit',
      seed: opts.seed ?? 'dispatcher-unit',
      accounts: [{ id: 'acct_a', api_keys: ['sk_test_dispatcher_unit'] }],
      drivers: { count: 3 },
      clock: { mode: 'manual', start: iso(0) },
      webhooks: { retry_schedule: ['5s', '5m', '30m'], ...opts.webhooks },
      faults: { webhooks: opts.faults ?? {}, api: [] },
    },
    { transport: fake.transport, simulation: false },
  );
  const account = world.store.accounts.all()[0]!;
  let n = 0;
  return {
    world,
    fake,
    endpoint: (url: string, events?: string[]) => registerEndpoint(world, { url, events }),
    order: () =>
      createOrder(world, account, {
        pickup: { address: `${++n} Market St` },
        dropoff: { address: `${n} Castro St` },
      }).order_id,
    advance: (orderId: string, to?: OrderStatus) => advanceOrder(world, orderId, to),
    /** Moves the manual clock on, as `POST /__sandbox/clock/advance` does. */
    clock: (by: string) => advanceClock(world, by),
    settle: () => world.webhooks.settle(),
    set faults(faults: WebhookFaults) {
      world.webhooks.faults = faults;
    },
    events: (url?: string) => fake.to(url).map((c) => c.event),
    log: () => world.store.webhookAttempts.all(),
    deliveries: () => world.store.deliveries.all(),
  };
}

describe('WebhookDispatcher: fan-out', () => {
  it('sends every event of an order to an endpoint subscribed to all events', async () => {
    const s = open();
    s.endpoint(A);
    const id = s.order();
    s.advance(id, 'delivered');
    await s.settle();
    expect(s.events(A)).toEqual(LIFECYCLE);
    expect(s.fake.to(A).map((c) => JSON.parse(c.body))).toEqual(s.world.store.events.all());
  });

  it('does not send an event the endpoint did not subscribe to', async () => {
    const s = open();
    const b = s.endpoint(B, ['order.delivered']);
    const id = s.order();
    s.advance(id, 'delivered');
    await s.settle();
    expect(s.events(B)).toEqual(['order.delivered']);
    expect(s.deliveries().filter((d) => d.endpoint_id === b.endpoint_id)).toHaveLength(1);
  });

  it('signs each call with the secret of the endpoint it goes to', async () => {
    const s = open();
    const a = s.endpoint(A);
    const b = s.endpoint(B);
    s.order();
    await s.settle();
    for (const [url, secret] of [
      [A, a.secret],
      [B, b.secret],
    ] as const) {
      const [call] = s.fake.to(url);
      expect(verifySignature(secret, call!.body, call!.headers['X-Service-Signature'])).toBe(true);
    }
  });
});

describe('WebhookDispatcher: retries', () => {
  it('retries a failure at exactly the schedule’s virtual times until it succeeds', async () => {
    const s = open();
    s.endpoint(A);
    s.fake.answer(A, { status: 500 }, { error: 'connection refused by a.test' }, { status: 200 });
    s.order();
    await s.settle();
    await s.clock('4999ms');
    expect(s.fake.calls).toHaveLength(1);
    await s.clock('1ms');
    expect(s.fake.calls).toHaveLength(2);
    await s.clock('1h');

    expect(s.fake.calls.map((c) => [c.attempt, c.at - T0])).toEqual([
      [1, 0],
      [2, 5_000],
      [3, 305_000],
    ]);
    expect(s.fake.calls.map((c) => c.headers['X-Service-Delivery-Attempt'])).toEqual([
      '1',
      '2',
      '3',
    ]);
    expect(
      s.log().map((r) => [r.attempt, r.status, r.attempted_at, r.next_attempt_at, r.error]),
    ).toEqual([
      [1, 'retrying', iso(0), iso(5_000), 'answered 500; the service expects 200'],
      [2, 'retrying', iso(5_000), iso(305_000), 'connection refused by a.test'],
      [3, 'succeeded', iso(305_000), null, null],
    ]);
    expect(s.deliveries()).toEqual([
      expect.objectContaining({ status: 'succeeded', attempts: 3, next_attempt_at: null }),
    ]);
  });

  it.each([
    ['200', { status: 201 }, ['retrying', 'succeeded']],
    ['2xx', { status: 201 }, ['succeeded']],
    ['2xx', { status: 302 }, ['retrying', 'succeeded']],
    ['2xx', { error: 'no answer within 10 s (timed out)' }, ['retrying', 'succeeded']],
  ] as const)('under accept %s, a first answer %j gives %j', async (accept, first, statuses) => {
    const s = open({ webhooks: { accept } });
    s.endpoint(A);
    s.fake.answer(A, first);
    s.order();
    await s.clock('5s');
    expect(s.log().map((r) => r.status)).toEqual(statuses);
  });

  it('marks the delivery failed once the schedule has run out, and sends nothing more', async () => {
    const s = open({ webhooks: { retry_schedule: ['5s', '5m'] } });
    s.endpoint(A);
    s.fake.answer(A, { status: 500 }, { status: 500 }, { status: 500 }, { status: 200 });
    s.order();
    await s.clock('1d');
    expect(s.fake.calls.map((c) => c.at - T0)).toEqual([0, 5_000, 305_000]);
    expect(s.log().map((r) => [r.status, r.next_attempt_at])).toEqual([
      ['retrying', iso(5_000)],
      ['retrying', iso(305_000)],
      ['failed', null],
    ]);
    expect(s.deliveries()[0]).toMatchObject({ status: 'failed', next_attempt_at: null });
  });
});

describe('WebhookDispatcher: per-order ordering', () => {
  it('sends the first attempts of one order in lifecycle order, each once the previous was answered', async () => {
    const s = open();
    s.endpoint(A);
    const created = s.fake.hold(A);
    const assigned = s.fake.hold(A);
    const id = s.order();
    s.advance(id, 'delivered');
    await flush();
    expect(s.events(A)).toEqual(['order.created']);
    created.open();
    await flush();
    expect(s.events(A)).toEqual(['order.created', 'order.driver_assigned']);
    assigned.open();
    await s.settle();
    expect(s.events(A)).toEqual(LIFECYCLE);
  });

  it('does not hold one order’s events up behind another order’s unanswered delivery', async () => {
    const s = open();
    s.endpoint(A);
    const slow = s.fake.hold(A);
    const x = s.order();
    const y = s.order();
    s.advance(x, 'delivered');
    s.advance(y, 'delivered');
    await flush();
    const byOrder = (id: string) => s.fake.calls.filter((c) => c.orderId === id);
    expect(byOrder(x).map((c) => c.event)).toEqual(['order.created']);
    expect(byOrder(y).map((c) => c.event)).toEqual(LIFECYCLE);
    slow.open();
    await s.settle();
    expect(byOrder(x).map((c) => c.event)).toEqual(LIFECYCLE);
  });

  it('goes on to the next event after a failed first attempt, and retries it on schedule', async () => {
    const s = open();
    s.endpoint(A);
    s.fake.answer(A, { status: 500 });
    const id = s.order();
    s.advance(id);
    await s.clock('5s');
    expect(s.fake.calls.map((c) => [c.event, c.attempt, c.at - T0])).toEqual([
      ['order.created', 1, 0],
      ['order.driver_assigned', 1, 0],
      ['order.created', 2, 5_000],
    ]);
  });
});

describe('WebhookDispatcher: fault injection', () => {
  it('delays a first attempt by delay_ms of virtual time', async () => {
    const s = open({ faults: { delay_ms: 20_000 } });
    s.endpoint(A);
    s.order();
    await s.clock('19999ms');
    expect(s.fake.calls).toEqual([]);
    await s.clock('1ms');
    expect(s.fake.calls.map((c) => c.at - T0)).toEqual([20_000]);
    expect(s.log()[0]).toMatchObject({ fault: 'delayed', attempted_at: iso(20_000) });
  });

  it('holds a reordered event until the order’s next event has gone out', async () => {
    const s = open({ faults: { reorder_rate: 1 } });
    s.endpoint(A);
    const id = s.order();
    s.faults = {};
    await s.settle();
    expect(s.fake.calls).toEqual([]);
    s.advance(id);
    await s.settle();
    expect(s.events(A)).toEqual(['order.driver_assigned', 'order.created']);
    expect(s.log().map((r) => [r.event, r.fault])).toEqual([
      ['order.driver_assigned', null],
      ['order.created', 'reordered'],
    ]);
  });

  it('holds a reordered event for 60 s at most when its order has no next event', async () => {
    const s = open({ faults: { reorder_rate: 1 } });
    s.endpoint(A);
    s.order();
    await s.clock('59999ms');
    expect(s.fake.calls).toEqual([]);
    await s.clock('1ms');
    expect(s.fake.calls.map((c) => [c.event, c.at - T0])).toEqual([['order.created', 60_000]]);
  });

  it('does not release a reordered event when the order’s previous event is answered', async () => {
    const s = open();
    s.endpoint(A);
    const created = s.fake.hold(A);
    const id = s.order();
    s.faults = { reorder_rate: 1 };
    s.advance(id); // order.driver_assigned is held back
    s.faults = {};
    created.open();
    await s.settle();
    expect(s.events(A)).toEqual(['order.created']);
    s.advance(id);
    await s.settle();
    expect(s.events(A)).toEqual(['order.created', 'order.picked_up', 'order.driver_assigned']);
  });

  it('drops a first attempt: logged as dropped, never sent, then retried on schedule', async () => {
    const s = open({ faults: { drop_first_attempt_rate: 1 } });
    s.endpoint(A);
    s.order();
    await s.settle();
    expect(s.fake.calls).toEqual([]);
    expect(s.log()[0]).toMatchObject({
      attempt: 1,
      status: 'retrying',
      fault: 'dropped',
      response_status: null,
      next_attempt_at: iso(5_000),
      error: expect.stringMatching(/^dropped by fault injection/),
    });
    await s.clock('5s');
    expect(s.fake.calls.map((c) => [c.attempt, c.at - T0])).toEqual([[2, 5_000]]);
    expect(s.log()[1]).toMatchObject({ attempt: 2, status: 'succeeded', fault: null });
  });

  it.each([
    [200, 'succeeded'],
    [500, 'failed'],
  ] as const)(
    'duplicates a success: a second call with the same request, answered %i, logged as a %s duplicate',
    async (twinStatus, twinRow) => {
      const s = open({ faults: { duplicate_rate: 1 } });
      s.endpoint(A);
      s.fake.answer(A, { status: 200 }, { status: twinStatus });
      s.order();
      await s.settle();
      const [first, twin] = s.fake.calls;
      expect(s.fake.calls).toHaveLength(2);
      expect(twin!.body).toBe(first!.body);
      expect(twin!.headers).toEqual(first!.headers);
      expect(s.log().map((r) => [r.attempt, r.status, r.fault])).toEqual([
        [1, 'succeeded', null],
        [1, twinRow, 'duplicate'],
      ]);
      expect(s.deliveries()[0]!.status).toBe('succeeded');
    },
  );

  it('duplicates the success of a retry, not the failed attempt before it', async () => {
    const s = open({ faults: { duplicate_rate: 1 } });
    s.endpoint(A);
    s.fake.answer(A, { status: 500 });
    s.order();
    await s.settle();
    expect(s.fake.calls).toHaveLength(1);
    await s.clock('5s');
    expect(s.log().map((r) => [r.attempt, r.status, r.fault])).toEqual([
      [1, 'retrying', null],
      [2, 'succeeded', null],
      [2, 'succeeded', 'duplicate'],
    ]);
  });

  /** The faults a run injects: each attempt as `event #attempt fault`, order by order. */
  async function faultsOf(seed: string, answerOrder: 'first-come' | 'reversed' = 'first-come') {
    const s = open({
      seed,
      faults: { reorder_rate: 0.4, drop_first_attempt_rate: 0.4, duplicate_rate: 0.4 },
    });
    s.endpoint(A);
    s.endpoint(B);
    const gates = answerOrder === 'reversed' ? [s.fake.hold(A), s.fake.hold(B)] : [];
    const ids = Array.from({ length: 6 }, () => s.order());
    await flush();
    for (const gate of gates.reverse()) {
      gate.open();
      await flush();
    }
    for (const id of ids) s.advance(id, 'delivered');
    await s.clock('10m');
    return ids.map((id, i) =>
      s
        .log()
        .filter((r) => r.order_id === id)
        .map((r) => `${i} ${r.url} ${r.event} #${r.attempt} ${r.fault ?? '-'}`)
        .sort(),
    );
  }

  it('injects the same faults for the same seed, and others for another seed', async () => {
    const run = await faultsOf('fault-seed-1');
    const injected = run.flat().filter((line) => !line.endsWith(' -'));
    expect(injected.some((line) => line.endsWith(' reordered'))).toBe(true);
    expect(injected.some((line) => line.endsWith(' dropped'))).toBe(true);
    expect(injected.some((line) => line.endsWith(' duplicate'))).toBe(true);
    expect(await faultsOf('fault-seed-1')).toEqual(run);
    expect(await faultsOf('fault-seed-2')).not.toEqual(run);
  });

  it('injects the same faults for the same seed whichever endpoint answers first', async () => {
    expect(await faultsOf('fault-seed-1', 'reversed')).toEqual(await faultsOf('fault-seed-1'));
  });
});

describe('WebhookDispatcher: redeliver', () => {
  it.each([
    [200, 'succeeded'],
    [500, 'failed'],
  ] as const)(
    'sends once, answered %i, without retries, and cancels the pending retry: %s',
    async (answer, status) => {
      const s = open();
      s.endpoint(A);
      s.fake.answer(A, { status: 500 }, { status: answer }, { status: 500 });
      s.order();
      await s.settle();
      expect(s.deliveries()[0]).toMatchObject({ status: 'retrying', next_attempt_at: T0 + 5_000 });
      const [event] = s.world.store.events.all();

      const attempts = await redeliverEvent(s.world, event!.event_id);

      expect(attempts.map((a) => [a.attempt, a.status, a.next_attempt_at])).toEqual([
        [2, status, null],
      ]);
      await s.clock('1d');
      expect(s.fake.calls.map((c) => c.attempt)).toEqual([1, 2]);
      expect(s.deliveries()[0]).toMatchObject({ status, next_attempt_at: null });
    },
  );
  it('cancels the pending retry even while the redelivery still waits for its answer', async () => {
    const s = open();
    s.endpoint(A);
    s.fake.answer(A, { status: 500 });
    s.order();
    await s.settle();
    const gate = s.fake.hold(A);
    const [event] = s.world.store.events.all();

    const redelivered = redeliverEvent(s.world, event!.event_id);
    await s.clock('1h');
    gate.open();
    await redelivered;

    expect(s.fake.calls.map((c) => [c.attempt, c.at - T0])).toEqual([
      [1, 0],
      [2, 0],
    ]);
  });
});

describe('WebhookDispatcher: dispose', () => {
  it('lets an attempt in flight at dispose() finish into nothing: no log row, no retry', async () => {
    const s = open();
    s.endpoint(A);
    const gate = s.fake.hold(A);
    s.order();
    await flush();
    expect(gate.called).toBe(true);
    const scheduled = s.world.scheduler.pending;

    s.world.webhooks.dispose();
    gate.open({ status: 500 });
    await flush();

    expect(s.log()).toEqual([]);
    expect(s.world.scheduler.pending).toBe(scheduled);
    expect(s.deliveries()[0]).toMatchObject({ status: 'pending', next_attempt_at: null });
  });

  it.each([
    ['behind its order’s previous event', 8, 1],
    ['for a free slot on its endpoint', 1, 2],
  ])(
    'sends nothing more after dispose(), not even an attempt waiting %s',
    async (_, max, orders) => {
      const s = open({ webhooks: { max_concurrent_per_endpoint: max } });
      s.endpoint(A);
      const gate = s.fake.hold(A);
      for (let i = 0; i < orders; i++) s.advance(s.order(), 'delivered');
      await flush();
      expect(s.fake.calls).toHaveLength(1);

      s.world.webhooks.dispose();
      gate.open();
      await flush();

      expect(s.fake.calls).toHaveLength(1);
      expect(s.log()).toEqual([]);
    },
  );
});

describe('WebhookDispatcher: concurrency', () => {
  it('bounds the calls in flight to one endpoint by max_concurrent_per_endpoint, while another endpoint still gets its calls', async () => {
    const s = open({ webhooks: { max_concurrent_per_endpoint: 2 } });
    s.endpoint(A);
    s.endpoint(B);
    const gates = Array.from({ length: 5 }, () => s.fake.hold(A));
    for (let i = 0; i < 5; i++) s.order();
    await flush();
    expect(s.fake.pending(A)).toBe(2);
    expect(s.events(B)).toHaveLength(5);

    for (const gate of gates) {
      expect(gate.called).toBe(true);
      gate.open();
      await flush();
    }
    await s.settle();
    expect(s.fake.to(A)).toHaveLength(5);
    expect(s.fake.maxConcurrent(A)).toBe(2);
    expect(s.log().every((r) => r.status === 'succeeded')).toBe(true);
  });
});

describe('WebhookDispatcher: settle', () => {
  it('leaves no timer behind once the attempts it waited for are done', async () => {
    const t = open();
    t.endpoint(A);
    const gate = t.fake.hold(A);
    t.order();
    await flush();
    // Timers of the bound (15 s here) set while settling, less the ones cleared.
    const live = new Set<unknown>();
    const realSet = globalThis.setTimeout;
    const realClear = globalThis.clearTimeout;
    const set = vi
      .spyOn(globalThis, 'setTimeout')
      .mockImplementation((fn: () => void, ms?: number) => {
        const handle = realSet(fn, ms);
        if ((ms ?? 0) >= 10_000) live.add(handle);
        return handle;
      });
    const clear = vi.spyOn(globalThis, 'clearTimeout').mockImplementation((handle) => {
      live.delete(handle);
      realClear(handle);
    });
    try {
      const settling = t.settle();
      await flush();
      expect(live.size).toBe(1); // the bound, while the attempt is held
      gate.open();
      await settling;
      expect(live.size).toBe(0);
    } finally {
      set.mockRestore();
      clear.mockRestore();
    }
  });
});

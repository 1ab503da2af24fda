import { describe, expect, it } from 'vitest';
import { FakeTransport, flush } from '../../test/support/fake-transport.js';
import { openWorld } from '../../test/support/world.js';
import { advanceClock } from '../commands/advance-clock.js';
import { createOrder } from '../commands/create-order.js';
import { MAX_WEBHOOK_ENDPOINTS, registerEndpoint } from '../commands/webhook-endpoints.js';
import { MAX_PENDING_RETRIES } from './retry-backlog.js';
import { STARTS_PER_TURN } from './start-queue.js';

/** A manual-clock world with the fake transport and `endpoints` endpoints (the most a sandbox keeps). */
function open(endpoints = MAX_WEBHOOK_ENDPOINTS) {
  const fake = new FakeTransport(() => world.clock.now());
  const world = openWorld(
    {
      name: 'fan-out-unit',
      seed: 'fan-out-unit',
      accounts: [{ id: 'acct_a', api_keys: ['sk_test_fan_out_unit'] }],
      drivers: { count: 3 },
      clock: { mode: 'manual', start: '2026-01-01T12:00:00.000Z' },
      webhooks: { retry_schedule: ['5s'] },
    },
    { transport: fake.transport, simulation: false },
  );
  const urls = Array.from({ length: endpoints }, (_, i) => `http://r${i}.test/hooks`);
  for (const url of urls) registerEndpoint(world, { url });
  const account = world.store.accounts.all()[0]!;
  const order = () =>
    createOrder(world, account, {
      pickup: { address: '1 Market St' },
      dropoff: { address: '2 Castro St' },
    });
  return { world, fake, urls, order };
}

/** Lets every promise callback already queued run, but not a turn of the event loop. */
async function microtasks(): Promise<void> {
  for (let i = 0; i < 50; i++) await Promise.resolve();
}

describe('fan-out to many endpoints', () => {
  it('starts no attempt on the path of the command that published the event', async () => {
    const s = open();
    s.order();
    await microtasks();
    expect(s.fake.calls).toHaveLength(0);
    await s.world.webhooks.settle();
    expect(s.fake.calls).toHaveLength(MAX_WEBHOOK_ENDPOINTS);
  });

  it('starts the attempts in slices, one slice per turn of the event loop', async () => {
    const s = open();
    s.order();
    await flush();
    expect(s.fake.calls.length).toBeGreaterThan(0);
    expect(s.fake.calls.length).toBeLessThanOrEqual(STARTS_PER_TURN);
    await s.world.webhooks.settle();
    expect(new Set(s.fake.calls.map((c) => c.url))).toEqual(new Set(s.urls));
  });

  it('a clock advance still awaits the wave of retries it starts, sliced too', async () => {
    const s = open();
    for (const url of s.urls) s.fake.answer(url, { status: 500 });
    s.order();
    await s.world.webhooks.settle();
    expect(s.fake.calls.filter((c) => c.attempt === 1)).toHaveLength(MAX_WEBHOOK_ENDPOINTS);
    await advanceClock(s.world, '5s');
    // Every retry due within the advance has been answered when it returns.
    expect(s.fake.calls.filter((c) => c.attempt === 2)).toHaveLength(MAX_WEBHOOK_ENDPOINTS);
    expect(s.world.store.deliveries.all().every((d) => d.status === 'succeeded')).toBe(true);
  });
});

describe('the cap on webhook endpoints', () => {
  it(`refuses endpoint number ${MAX_WEBHOOK_ENDPOINTS + 1} with too_many_webhook_endpoints`, () => {
    const s = open();
    expect(() => registerEndpoint(s.world, { url: 'http://one-more.test/hooks' })).toThrow(
      expect.objectContaining({ reason: 'too_many_webhook_endpoints' }),
    );
    expect(s.world.store.webhookEndpoints.size).toBe(MAX_WEBHOOK_ENDPOINTS);
  });
});

describe('the retries an endpoint may have waiting', () => {
  it(`fails attempt ${MAX_PENDING_RETRIES + 1} of a down receiver for good, saying why`, async () => {
    const s = open(1);
    const [down] = s.urls;
    s.fake.answer(
      down!,
      ...Array.from({ length: MAX_PENDING_RETRIES + 1 }, () => ({ status: 503 })),
    );
    for (let i = 0; i <= MAX_PENDING_RETRIES; i++) s.order();
    await s.world.webhooks.settle();
    const statuses = s.world.store.deliveries.all().map((d) => d.status);
    expect(statuses.filter((x) => x === 'retrying')).toHaveLength(MAX_PENDING_RETRIES);
    expect(statuses.filter((x) => x === 'failed')).toHaveLength(1);
    const last = s.world.store.webhookAttempts.all().at(-1)!;
    expect(last).toMatchObject({ status: 'failed', next_attempt_at: null });
    expect(last.error).toContain(
      `${MAX_PENDING_RETRIES} retries to this endpoint are already waiting`,
    );
  });
});

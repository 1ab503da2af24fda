import { describe, expect, it } from 'vitest';
import { FakeTransport, flush } from '../../test/support/fake-transport.js';
import { openWorld } from '../../test/support/world.js';
import { advanceClock } from '../commands/advance-clock.js';
import { createOrder } from '../commands/create-order.js';
import { MAX_WEBHOOK_ENDPOINTS, registerEndpoint } from '../commands/webhook-endpoints.js';
import { STARTS_PER_TURN } from './start-queue.js';

/** A manual-clock world with the fake transport and the most endpoints a sandbox keeps. */
function open() {
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
  const urls = Array.from({ length: MAX_WEBHOOK_ENDPOINTS }, (_, i) => `http://r${i}.test/hooks`);
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

// Issue 12's end-to-end check: the sample app of examples/delivery-app drives a real sandbox
// through every situation of the report's catalogue, twice: as written (everything covered, no
// violation, the probe passed), then with the mistakes integrators make, which the report and
// `delivery-sandbox report --fail-on …` must name.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type CreateOrderRequest, type Sandbox } from 'delivery-sandbox';
import {
  DeliveryApiError,
  DeliveryApp,
  type AppMistakes,
  type AppOptions,
} from '../examples/delivery-app/app.js';
import {
  startReceiver,
  type Receiver,
  type ReceiverMistakes,
} from '../examples/delivery-app/receiver.js';
import { cli } from './support/cli-process.js';

const SECRET = 'whsec_e2e_report_secret';
const ORDER: CreateOrderRequest = {
  pickup: { address: '1 Market St' },
  dropoff: { address: '500 Castro St' },
};
// Sent on purpose to see the error handling: the report counts it, and names no violation.
const ON_PURPOSE = { 'Sandbox-Expect': 'error' };

interface Run {
  sandbox: Sandbox;
  receiver: Receiver;
  app: (key?: string, mistakes?: AppMistakes, more?: Partial<AppOptions>) => DeliveryApp;
  control: (method: string, path: string, body?: unknown) => Promise<unknown>;
}

async function begin(receiverMistakes: ReceiverMistakes = {}): Promise<Run> {
  const receiver = await startReceiver(SECRET, receiverMistakes);
  const sandbox = await startSandbox({
    scenario: 'ci',
    webhooks: [{ url: receiver.url, secret: SECRET }],
  });
  return {
    sandbox,
    receiver,
    app: (key = 'sk_test_ci_acme', mistakes = {}, more = {}) =>
      new DeliveryApp({ apiUrl: sandbox.url, apiKey: key, mistakes, ...more }),
    control: async (method, path, body) => {
      const res = await fetch(`${sandbox.url}${path}`, {
        method,
        headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      expect(res.status, `${method} ${path}`).toBeLessThan(300);
      return res.json();
    },
  };
}

/** What a call failed with: its status and reason. */
async function refusal(p: Promise<unknown>): Promise<[number, string | null]> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DeliveryApiError);
  return [(err as DeliveryApiError).status, (err as DeliveryApiError).reason];
}

/**
 * Every situation of the catalogue, driven through the app as a real integration would meet it.
 * `mistakes` go to the retried create and to one extra order.
 */
async function driveEverySituation(r: Run, mistakes: AppMistakes = {}): Promise<void> {
  const { sandbox, control } = r;
  const app = r.app();
  // Created, read back, tracked, delivered, its finished location refused.
  const a = await app.placeOrder(ORDER);
  expect(await refusal(app.track(a.order_id))).toEqual([404, 'no_driver_assigned']);
  await sandbox.clock.advance('30s'); // dispatch: a driver is assigned
  expect((await app.getOrder(a.order_id)).status).toBe('driver_assigned');
  expect((await app.track(a.order_id)).order_id).toBe(a.order_id);
  await sandbox.advanceOrder(a.order_id, 'delivered');
  await app.pay(a.order_id, 'pm_card_visa');
  expect(await refusal(app.pay(a.order_id, 'pm_card_visa'))).toEqual([400, 'already_paid']);
  const b = await app.placeOrder(ORDER);
  for (const [pm, reason] of [
    ['pm_card_declined', 'card_declined'],
    ['pm_card_insufficient_funds', 'insufficient_funds'],
    ['pm_card_expired', 'expired_card'],
  ] as const)
    expect(await refusal(app.pay(b.order_id, pm))).toEqual([402, reason]);
  // Cancellations: free while pending, with a fee once assigned, refused after pickup.
  expect((await app.cancel(b.order_id)).cancellation?.fee.amount).toBe(0);
  const c = await app.placeOrder(ORDER);
  await sandbox.advanceOrder(c.order_id, 'driver_assigned');
  expect((await app.cancel(c.order_id)).cancellation?.fee.amount).toBeGreaterThan(0);
  const d = await app.placeOrder(ORDER);
  await sandbox.advanceOrder(d.order_id, 'picked_up');
  expect(await refusal(app.cancel(d.order_id))).toEqual([400, 'order_not_cancellable']);
  await sandbox.advanceOrder(d.order_id, 'delivered');
  expect(await refusal(app.track(d.order_id))).toEqual([404, 'order_finished']);
  // Refusals of the create, and of reads.
  const far = {
    pickup: { address: 'SF', location: { lat: 37.7749, lng: -122.4194 } },
    dropoff: { address: 'San Jose', location: { lat: 37.3382, lng: -121.8863 } },
  };
  expect(await refusal(app.placeOrder(far))).toEqual([400, 'out_of_service_area']);
  const noDropoff = { pickup: ORDER.pickup } as CreateOrderRequest;
  expect(await refusal(app.placeOrder(noDropoff, ON_PURPOSE))).toEqual([400, null]);
  expect(await refusal(r.app('sk_test_ci_initech').placeOrder(ORDER))).toEqual([
    402,
    'account_delinquent',
  ]);
  expect(await refusal(app.getOrder('ord_doesnotexist'))).toEqual([404, 'order_not_found']);
  expect(await refusal(r.app('sk_test_ci_nobody').getOrder(a.order_id))).toEqual([
    401,
    'invalid_api_key',
  ]);
  expect(await refusal(r.app('sk_test_ci_globex').getOrder(a.order_id))).toEqual([
    403,
    'other_account',
  ]);
  // Idempotency: the same checkout twice is one order; the key reused for another body refused.
  const key = { 'Idempotency-Key': 'checkout-42' };
  const first = await app.placeOrder(ORDER, key);
  expect((await app.placeOrder(ORDER, key)).order_id).toBe(first.order_id);
  const other = { ...ORDER, tip: 300 };
  expect(await refusal(app.placeOrder(other, key))).toEqual([400, 'idempotency_key_reused']);
  // Drivers near the pickup, with the default radius and an explicit one.
  expect((await app.driversNear(37.7749, -122.4194)).drivers.length).toBeGreaterThan(0);
  await app.driversNear(37.7749, -122.4194, 2);
  // Rate limited: the service answers 429 (Retry-After: 1) until the limit lifts; the app waits
  // Retry-After (real time) before its retry with the same key, which succeeds.
  await control('PUT', '/__sandbox/faults', { api: [{ operation: 'createOrder', error: 429 }] });
  const lift = () => control('PUT', '/__sandbox/faults', { api: [] });
  const limited = r.app('sk_test_ci_acme', mistakes, {
    retries: 1,
    sleep: async (ms) => {
      await lift();
      await new Promise((resolve) => setTimeout(resolve, ms));
    },
  });
  if (mistakes.ignoreRetryAfter)
    expect(await refusal(limited.placeOrder(ORDER))).toEqual([429, 'rate_limited']);
  else expect((await limited.placeOrder(ORDER)).status).toBe('pending');
  await lift();
  if (mistakes.unknownField)
    expect(await refusal(r.app('sk_test_ci_acme', mistakes).placeOrder(ORDER))).toEqual([
      400,
      null,
    ]);
  // Webhooks: duplicates acknowledged, and a dropped first attempt recovered by its retry.
  await control('PUT', '/__sandbox/faults', { webhooks: { duplicate_rate: 1 } });
  await app.placeOrder(ORDER);
  await sandbox.settle();
  await control('PUT', '/__sandbox/faults', { webhooks: { drop_first_attempt_rate: 1 } });
  await app.placeOrder(ORDER);
  await control('PUT', '/__sandbox/faults', { webhooks: {} });
  await sandbox.clock.advance('10m'); // the retries fall due
  await sandbox.settle();
  // Trouble on the road (issue 22), read as the app reads an order: its first driver drops it,
  // the restaurant is late and the second driver's reports go stale for a while. Read back once
  // the second driver has it, around the moved ETA, and inside the stale stretch.
  const e = await app.placeOrder(ORDER, {
    'Sandbox-Outcome': 'driver_reassigned, pickup_delay, stale_location',
  });
  const tripOf = async (): Promise<Record<string, number>> => {
    const state = (await control('GET', '/__sandbox/state')) as {
      orders: { order: { order_id: string }; trip: Record<string, number> }[];
    };
    return state.orders.find((o) => o.order.order_id === e.order_id)!.trip;
  };
  const clockTo = (at: number) =>
    sandbox.clock.advance(`${Math.max(0, Math.ceil((at - sandbox.clock.now()) / 1000))}s`);
  await sandbox.clock.advance('30s');
  await clockTo((await tripOf())['drop_at']! + 35_000); // the next driver is 30 s later
  await app.getOrder(e.order_id);
  const second = await tripOf();
  await clockTo(second['pickup_arrive_at']!);
  await app.getOrder(e.order_id); // the late restaurant moved the ETA since the read before
  await clockTo(second['stale_from']! + 30_000);
  await app.track(e.order_id);
  await sandbox.probe(sandbox.webhookEndpoints[0]!.endpoint_id);
}

const reportCli = (url: string, ...args: string[]) => cli('report', '--url', url, ...args);

describe('the integration report, end to end, with the sample app', () => {
  let good: Run;
  let bad: Run;
  beforeAll(async () => {
    [good, bad] = await Promise.all([begin(), begin({ skipSignature: true, answer204: true })]);
    await Promise.all([
      driveEverySituation(good),
      driveEverySituation(bad, { unknownField: true, newKeyOnRetry: true, ignoreRetryAfter: true }),
    ]);
  }, 30_000);
  afterAll(async () => {
    for (const r of [good, bad]) await Promise.all([r?.sandbox.close(), r?.receiver.close()]);
  });

  it('as written: every situation covered, no violation, no habit, the probe passed', async () => {
    const report = good.sandbox.report();
    const missing = report.coverage.filter((c) => c.status !== 'covered').map((c) => c.id);
    expect(missing).toEqual([]);
    expect(report.summary.coverage.covered).toBe(report.coverage.length);
    expect(report.violations).toEqual({ available: true, note: null, items: [] });
    expect(report.habits).toEqual([]);
    expect(report.receivers).toHaveLength(1);
    expect(report.receivers[0]!.probe?.status).toBe('passed');
    expect(report.receivers[0]!.non_200_by_status).toEqual({});
    const passed = await reportCli(
      good.sandbox.url,
      '--fail-on',
      'violations,signature,coverage,habits',
    );
    expect(passed.stderr).toBe('');
    expect(passed.code).toBe(0);
  });

  it('with mistakes: the report names each one, and --fail-on exits 1 with the reasons', async () => {
    const report = bad.sandbox.report();
    const groups = report.violations.items.map((v) => [v.operation, v.param, v.rule]);
    expect(groups).toEqual(
      expect.arrayContaining([
        ['createOrder', 'notes', 'unknown_field'],
        ['createOrder', 'Idempotency-Key', 'idempotency_key_changed'],
      ]),
    );
    const unknown = report.violations.items.find((v) => v.rule === 'unknown_field')!;
    expect(unknown.message).toContain('notes is not a known field');
    // The example is redacted: the free-text note is masked, and no API key is ever shown.
    expect(unknown.example.body).toContain('"notes":"[redacted]"');
    expect(JSON.stringify(report)).not.toContain('sk_test_ci');
    expect(report.habits.map((h) => h.habit)).toContain('retry_after_ignored');
    expect(report.coverage.find((c) => c.id === 'api.rate_limited.respected')?.status).toBe(
      'not_covered',
    );
    const [receiver] = report.receivers;
    expect(receiver!.probe?.status).toBe('failed');
    expect(receiver!.non_200_by_status['204']).toBeGreaterThan(0);
    expect(receiver!.first_attempt_success_rate).toBe(0);
    expect(report.coverage.find((c) => c.id === 'webhook.order.created.acknowledged')?.status).toBe(
      'not_covered',
    );

    const failed = await reportCli(bad.sandbox.url, '--fail-on', 'violations,signature,coverage');
    expect(failed.code).toBe(1);
    expect(failed.stdout).toContain('## Client contract violations');
    expect(failed.stderr).toMatch(
      /client contract violation\(s\): .*unknown_field \(createOrder notes, \d+×\)/,
    );
    expect(failed.stderr).toContain('idempotency_key_changed (createOrder Idempotency-Key');
    expect(failed.stderr).toContain(`signature: ${bad.receiver.url} failed`);
    expect(failed.stderr).toContain('coverage: webhook.order.created.acknowledged is not covered');
    expect(failed.stderr).toContain('coverage: api.rate_limited.respected is not covered');
    // Habits are warnings: they fail the run only when asked.
    expect(failed.stderr).not.toContain('habit:');
    const habits = await reportCli(bad.sandbox.url, '--fail-on', 'habits');
    expect(habits.code).toBe(1);
    expect(habits.stderr).toContain('habit: retry_after_ignored');
  });

  it('the report outlives the bounded journal: DELETE /__sandbox/requests leaves it as it was', async () => {
    const before = good.sandbox.report();
    await good.control('DELETE', '/__sandbox/requests');
    expect(good.sandbox.report().coverage).toEqual(before.coverage);
    expect(good.sandbox.report().summary.requests).toBe(before.summary.requests);
  });
});

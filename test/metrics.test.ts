import { describe, expect, it } from 'vitest';
import { loadOpenApiDocument, operationsOf } from '../src/http/openapi-document.js';
import { startSandbox } from '../src/index.js';
import { sandboxWithReceiver } from './support/sandbox-with-receiver.js';
import type { Receiver } from './support/receiver.js';
import type { TestSandbox } from './support/test-sandbox.js';
import { KEYS, SAMPLE_ORDER } from './support/test-sandbox.js';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The Prometheus text format's samples (comments and blank lines skipped). */
function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    expect(m, `a sample line: ${line}`).not.toBeNull();
    const labels: Record<string, string> = {};
    for (const [, k, v] of m![2]?.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g) ?? []) labels[k!] = v!;
    samples.push({ name: m![1]!, labels, value: Number(m![3]) });
  }
  return samples;
}

/** The value of the one sample of `name` whose labels include `labels`, or undefined. */
function valueOf(
  samples: Sample[],
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  return samples.find(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  )?.value;
}

describe('GET /__sandbox/metrics', () => {
  let t: TestSandbox;
  let rx: Receiver;
  sandboxWithReceiver((made) => ({ t, rx } = made));

  const scrape = async (): Promise<Sample[]> => {
    const res = await fetch(`${t.url}/__sandbox/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return parseMetrics(await res.text());
  };

  it('counts requests by method, route template and status, the fast path’s reads included', async () => {
    const order = await t.createOrder();
    for (let i = 0; i < 3; i++)
      expect((await t.get(`/v1/orders/${order.order_id}`)).status).toBe(200);
    expect((await t.get('/v1/orders/ord_nothing')).status).toBe(404);
    expect((await t.get('/v1/no-such-route')).status).toBe(404);
    const samples = await scrape();
    const requests = (labels: Record<string, string>): number | undefined =>
      valueOf(samples, 'delivery_sandbox_http_requests_total', labels);
    expect(requests({ method: 'POST', route: '/v1/orders', status: '201' })).toBe(1);
    expect(requests({ method: 'GET', route: '/v1/orders/{order_id}', status: '200' })).toBe(3);
    expect(requests({ method: 'GET', route: '/v1/orders/{order_id}', status: '404' })).toBe(1);
    expect(requests({ method: 'GET', route: 'unmatched', status: '404' })).toBe(1);
    // Never a raw path: the label's values are the documents' templates.
    const templates = new Set(
      (['v1', 'sandbox'] as const).flatMap((d) =>
        [...operationsOf(loadOpenApiDocument(d)).values()].map((op) => op.path),
      ),
    );
    for (const s of samples.filter((s) => s.name === 'delivery_sandbox_http_requests_total'))
      expect(s.labels.route === 'unmatched' || templates.has(s.labels.route!), s.labels.route).toBe(
        true,
      );
  });

  it('reports webhook attempts by outcome, pending retries, orders by status and the process', async () => {
    await t.post('/__sandbox/reset');
    rx.answer((r) => (r.attempt === 1 ? 503 : 200));
    await t.createOrder();
    await rx.waitFor(rx.received.length + 1);
    await t.sandbox.clock.advance('0s'); // the attempt is logged once answered
    const before = await scrape();
    expect(
      valueOf(before, 'delivery_sandbox_webhook_attempts_total', {
        sandbox: 'default',
        outcome: 'retrying',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      valueOf(before, 'delivery_sandbox_webhook_retries_pending', { sandbox: 'default' }),
    ).toBe(1);
    expect(
      valueOf(before, 'delivery_sandbox_orders', { sandbox: 'default', status: 'pending' }),
    ).toBe(1);
    expect(
      valueOf(before, 'delivery_sandbox_orders', { sandbox: 'default', status: 'delivered' }),
    ).toBe(0);
    expect(valueOf(before, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(valueOf(before, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);

    await t.advanceClock(10_000);
    const after = await scrape();
    expect(
      valueOf(after, 'delivery_sandbox_webhook_attempts_total', {
        sandbox: 'default',
        outcome: 'succeeded',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(valueOf(after, 'delivery_sandbox_webhook_retries_pending', { sandbox: 'default' })).toBe(
      0,
    );
    rx.answer(200);
  });

  it('labels a named sandbox’s series with its name, and drops them once it is deleted', async () => {
    const created = await t.request('PUT', '/__sandbox/sandboxes/team-a', { body: {}, key: null });
    expect(created.status).toBe(201);
    await t.createOrder({}, created.body.accounts[0].api_key as string);
    const live = await scrape();
    expect(valueOf(live, 'delivery_sandbox_orders', { sandbox: 'team-a', status: 'pending' })).toBe(
      1,
    );
    expect(valueOf(live, 'delivery_sandbox_sandboxes')).toBe(1);
    expect(valueOf(live, 'delivery_sandbox_sandboxes_limit')).toBe(200);

    expect((await t.delete('/__sandbox/sandboxes/team-a')).status).toBe(204);
    const gone = await scrape();
    expect(gone.filter((s) => s.labels.sandbox === 'team-a')).toEqual([]);
    expect(valueOf(gone, 'delivery_sandbox_sandboxes')).toBe(0);
  });

  it('keeps two servers in one process apart', async () => {
    const other = await startSandbox({ scenario: 'ci', port: 0 });
    try {
      const made = await fetch(`${other.url}/v1/orders`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${KEYS.acme}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(SAMPLE_ORDER),
      });
      expect(made.status).toBe(201);
      const theirs = parseMetrics(await (await fetch(`${other.url}/__sandbox/metrics`)).text());
      expect(
        valueOf(theirs, 'delivery_sandbox_http_requests_total', {
          route: '/v1/orders',
          method: 'POST',
        }),
      ).toBe(1);
      // The first server's reads of its order are not counted here.
      expect(
        valueOf(theirs, 'delivery_sandbox_http_requests_total', { route: '/v1/orders/{order_id}' }),
      ).toBeUndefined();
    } finally {
      await other.close();
    }
  });
});

describe('GET /__sandbox/metrics with an admin token', () => {
  it('answers only with the token', async () => {
    const sandbox = await startSandbox({
      scenario: 'ci',
      port: 0,
      adminToken: 'adm_secret_token_1',
    });
    try {
      const without = await fetch(`${sandbox.url}/__sandbox/metrics`);
      expect(without.status).toBe(401);
      const refused = (await without.json()) as { error: { reason: string } };
      expect(refused.error.reason).toBe('missing_admin_token');
      const wrong = await fetch(`${sandbox.url}/__sandbox/metrics`, {
        headers: { Authorization: 'Bearer nope' },
      });
      expect(wrong.status).toBe(401);
      expect(((await wrong.json()) as { error: { reason: string } }).error.reason).toBe(
        'invalid_admin_token',
      );
      const withToken = await fetch(`${sandbox.url}/__sandbox/metrics`, {
        headers: { Authorization: 'Bearer adm_secret_token_1' },
      });
      expect(withToken.status).toBe(200);
      expect(await withToken.text()).toMatch(/^# HELP /m);
    } finally {
      await sandbox.close();
    }
  });
});

// delivery-sandbox/testcontainers against a real Docker engine and the built image
// (DOCKER_CHECK_IMAGE, default delivery-sandbox:latest): run by scripts/testcontainers-check.sh.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from 'delivery-sandbox';
import {
  DeliverySandboxContainer,
  type StartedDeliverySandboxContainer,
} from 'delivery-sandbox/testcontainers';

const IMAGE = process.env.DOCKER_CHECK_IMAGE ?? 'delivery-sandbox:latest';
const ADMIN_TOKEN = 'tc-admin-token';
const SECRET = 'whsec_testcontainers_check';
const ORDER = { pickup: { address: '1 Market St' }, dropoff: { address: '500 Castro St' } };

let sandbox: StartedDeliverySandboxContainer;

beforeAll(async () => {
  sandbox = await new DeliverySandboxContainer(IMAGE)
    .withName(`dstc-${process.pid}-${Date.now()}`)
    .withScenario('ci')
    .withSeed('tc-seed')
    .withClock('manual')
    .withAdminToken(ADMIN_TOKEN)
    .withWebhook('http://receiver.invalid/webhooks', SECRET)
    .start();
});

afterAll(async () => {
  await sandbox?.stop();
});

describe('a DeliverySandboxContainer, started from the image', () => {
  it('answers on its mapped port once healthy, with the scenario, seed and clock it was given', async () => {
    expect(sandbox.url).toMatch(/^http:\/\/[^/]+:\d+$/);
    const health = await fetch(`${sandbox.url}/__sandbox/health`);
    expect(health.status).toBe(200);
    expect(sandbox.startLine).toMatchObject({
      event: 'listening',
      scenario: 'ci',
      seed: 'tc-seed',
      clock: { mode: 'manual' },
    });
  });

  it('publishes its port only on the address it is reached by: loopback, or the bridge gateway from a container', () => {
    const bindings = JSON.parse(
      execFileSync(
        'docker',
        ['inspect', '-f', '{{json .NetworkSettings.Ports}}', sandbox.getId()],
        {
          encoding: 'utf8',
        },
      ),
    ) as Record<string, { HostIp: string; HostPort: string }[]>;
    const host = sandbox.getHost() === 'localhost' ? '127.0.0.1' : sandbox.getHost();
    expect(bindings['4242/tcp']).toEqual([
      { HostIp: host, HostPort: String(sandbox.getMappedPort(4242)) },
    ]);
  });

  it("hands out the scenario's keys and the webhook secret it was given", () => {
    expect(sandbox.apiKey).toBe('sk_test_ci_acme');
    expect(sandbox.keys.flatMap((a) => a.api_keys)).toContain('sk_test_ci_acme');
    expect(sandbox.webhookSecret).toBe(SECRET);
  });

  it('takes an order with apiKey', async () => {
    const client = createClient({ url: sandbox.url, apiKey: sandbox.apiKey });
    const order = await client.createOrder(ORDER);
    expect(order.status).toBe('pending');
    expect((await client.getOrder(order.order_id)).order_id).toBe(order.order_id);
  });

  it('guards its control plane with the admin token, which the handle sends', async () => {
    expect((await fetch(`${sandbox.url}/__sandbox/world`)).status).toBe(401);
    expect(await sandbox.sandboxes.list()).toBeInstanceOf(Array);
  });

  it('creates a named sandbox whose own key sees only its own orders, then deletes it', async () => {
    const mine = await sandbox.sandboxes.create('tc-worker', { scenario: 'ci', ttl: '10m' });
    expect(mine.name).toBe('tc-worker');
    expect(mine.url).toBe(sandbox.url);
    expect(mine.apiKey).toMatch(/^sk_test_sb-tc-worker_/);
    expect(mine.keys[0]?.api_keys).toContain(mine.apiKey);

    const client = createClient({ url: mine.url, apiKey: mine.apiKey });
    const order = await client.createOrder(ORDER);
    const other = createClient({ url: sandbox.url, apiKey: sandbox.apiKey });
    await expect(other.getOrder(order.order_id)).rejects.toMatchObject({ status: 404 });
    expect((await sandbox.sandboxes.list()).map((s) => s.name)).toContain('tc-worker');

    await mine.delete();
    expect((await sandbox.sandboxes.list()).map((s) => s.name)).not.toContain('tc-worker');
    await expect(client.getOrder(order.order_id)).rejects.toMatchObject({ status: 401 });
  });
});

describe('a DeliverySandboxContainer of an image that is not on the machine', () => {
  it('fails to start with how to build the image or name a published one', async () => {
    const missing = new DeliverySandboxContainer(`dstc-missing-${process.pid}:none`);
    await expect(missing.start()).rejects.toThrow(
      /dstc-missing-\d+:none is not on this machine, and pulling it failed\. Build it .*docker build -t delivery-sandbox \./,
    );
  });
});

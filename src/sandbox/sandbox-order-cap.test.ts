import { afterEach, describe, expect, it } from 'vitest';
import { createOrder } from '../commands/create-order.js';
import type { ServiceError } from '../errors/service-error.js';
import type { World } from '../world/world.js';
import { resolveConfig } from './config.js';
import { SandboxHost } from './sandbox-host.js';
import { SandboxRegistry } from './sandbox-registry.js';

const open: SandboxRegistry[] = [];

afterEach(async () => {
  for (const r of open.splice(0)) {
    await r.close();
    await r.defaultHost.close();
  }
});

async function registry(sandboxMaxOrders: number): Promise<SandboxRegistry> {
  const config = resolveConfig({ scenario: 'ci', sandboxMaxOrders });
  const r = new SandboxRegistry(config, await SandboxHost.open(config));
  open.push(r);
  return r;
}

const order = (world: World) =>
  createOrder(world, world.store.accounts.all()[0]!, {
    pickup: { address: '1 Market St' },
    dropoff: { address: '2 Valencia St' },
  });

describe("a named sandbox's cap on stored orders (--sandbox-max-orders)", () => {
  it('refuses the order past the cap with 409 sandbox_full, naming the limit and the fix, and keeps the rest', async () => {
    const r = await registry(3);
    const { host } = await r.open('capped', { scenario: 'ci' });
    const world = host.current;
    while (world.store.orders.size < 3) order(world);
    const before = world.store.orders.all().map((o) => o.order.order_id);
    let caught: ServiceError | undefined;
    try {
      order(world);
    } catch (err) {
      caught = err as ServiceError;
    }
    expect(caught).toMatchObject({ code: 'invalid_request', status: 409, reason: 'sandbox_full' });
    expect(caught?.message).toContain('"capped" already holds 3 orders');
    expect(caught?.message).toContain('--sandbox-max-orders');
    expect(world.store.orders.all().map((o) => o.order.order_id)).toEqual(before);
  });

  it('leaves the default sandbox without a cap, and gives a reset room again', async () => {
    const r = await registry(1);
    const def = r.defaultHost.current;
    for (let i = 0; i < 3; i++) order(def);
    expect(def.store.orders.size).toBeGreaterThanOrEqual(3);
    const { host } = await r.open('small', { scenario: 'ci' });
    await host.reset({ scenario: 'ci' });
    const world = host.current;
    if (world.store.orders.size === 0) order(world);
    expect(() => order(world)).toThrow(/already holds 1 orders/);
  });
});

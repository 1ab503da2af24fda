import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createOrder } from '../src/commands/create-order.js';
import { loadScenarioFile } from '../src/scenarios/load-scenario.js';
import { Receiver } from './support/receiver.js';
import { TestSandbox } from './support/test-sandbox.js';
import { openWorld } from './support/world.js';
import { tempDir } from './support/temp-dir.js';

const running: { close(): Promise<void> }[] = [];
const track = <T extends { close(): Promise<void> }>(x: T): T => (running.push(x), x);
afterEach(async () => {
  for (const x of running.splice(0).reverse()) await x.close();
});

/** Creates an order and returns its id, its `order.created` event id and the request id. */
async function orderWithIds(
  t: TestSandbox,
): Promise<{ order: string; event: string; request: string }> {
  const res = await t.post('/v1/orders', {
    pickup: { address: '1 Market St' },
    dropoff: { address: '2 Castro St' },
  });
  expect(res.status).toBe(201);
  const events = (await t.get(`/__sandbox/events?order_id=${res.body.order_id}`)).body.events;
  const created = events.find((e: any) => e.event === 'order.created');
  return {
    order: res.body.order_id,
    event: created.event_id,
    request: res.headers['x-request-id']!,
  };
}

const dataFile = (): string => join(tempDir('sandbox-ids-'), 'state.json');

describe('ids never repeat', () => {
  it('after a reset to the same scenario and seed: orders, events and requests get new ids, and a receiver that skips seen event ids gets both', async () => {
    const rx = track(await Receiver.start());
    const t = track(await TestSandbox.start({ webhooks: [{ url: rx.url }] }));
    const before = await orderWithIds(t);
    await t.post('/__sandbox/reset');
    const after = await orderWithIds(t);
    await t.sandbox.settle();

    expect(after.order).not.toBe(before.order);
    expect(after.event).not.toBe(before.event);
    expect(after.request).not.toBe(before.request);
    const eventIds = rx.received.map((r) => r.body.event_id);
    expect(new Set(eventIds).size).toBe(eventIds.length);
    expect(eventIds).toEqual(expect.arrayContaining([before.event, after.event]));
  });

  it('across a --data restart, request ids included (they are not all stored before the stop)', async () => {
    const data = dataFile();
    const first = await TestSandbox.start({ data });
    const seen = [await orderWithIds(first)];
    const requests = [seen[0]!.request];
    for (let i = 0; i < 3; i++)
      requests.push((await first.get('/v1/orders')).headers['x-request-id']!);
    await first.close();

    const second = track(await TestSandbox.start({ data }));
    const next = await orderWithIds(second);
    expect(seen.map((s) => s.order)).not.toContain(next.order);
    expect(seen.map((s) => s.event)).not.toContain(next.event);
    const later = [next.request];
    for (let i = 0; i < 3; i++)
      later.push((await second.get('/v1/orders')).headers['x-request-id']!);
    expect(later.filter((r) => requests.includes(r))).toEqual([]);
  });

  it('loads a version 1 data file written before generations were stored, and carries on with new ids', async () => {
    const data = dataFile();
    const first = await TestSandbox.start({ data });
    const old = await orderWithIds(first);
    await first.close();
    const saved = JSON.parse(readFileSync(data, 'utf8'));
    delete saved.generation;
    writeFileSync(data, JSON.stringify(saved));

    const second = track(await TestSandbox.start({ data }));
    expect((await second.get(`/v1/orders/${old.order}`)).status).toBe(200);
    const next = await orderWithIds(second);
    expect([next.order, next.event]).not.toContain(old.order);
    expect(next.event).not.toBe(old.event);
  });

  it('after importing a state: not the ids issued since it was exported', async () => {
    const t = track(await TestSandbox.start());
    const exported = (await t.get('/__sandbox/state')).body;
    const sinceExport = await orderWithIds(t);
    expect((await t.request('PUT', '/__sandbox/state', { body: exported })).status).toBe(200);
    const afterImport = await orderWithIds(t);
    expect(afterImport.order).not.toBe(sinceExport.order);
    expect(afterImport.event).not.toBe(sinceExport.event);
    expect(afterImport.request).not.toBe(sinceExport.request);
  });

  it('after importing a state that already holds the ids the import would issue next, skips them', async () => {
    // Learn the next order and event ids after an import of this state...
    const probe = track(await TestSandbox.start());
    await orderWithIds(probe);
    const exported = (await probe.get('/__sandbox/state')).body;
    await probe.request('PUT', '/__sandbox/state', { body: exported });
    const wouldBe = await orderWithIds(probe);

    // ...then import, into a sandbox started the same way, a state that already holds them.
    const crafted = structuredClone(exported);
    crafted.orders.push({
      ...crafted.orders[0],
      order: { ...crafted.orders[0].order, order_id: wouldBe.order },
    });
    crafted.events.push({ ...crafted.events[0], event_id: wouldBe.event });
    const t = track(await TestSandbox.start());
    await orderWithIds(t);
    expect((await t.request('PUT', '/__sandbox/state', { body: crafted })).status).toBe(200);
    const next = await orderWithIds(t);
    expect(next.order).not.toBe(wouldBe.order);
    expect(next.event).not.toBe(wouldBe.event);
    expect((await t.get(`/v1/orders/${wouldBe.order}`)).status).toBe(200);
  });

  it('between two starts of a realtime scenario at different wall times, the same seed and requests', async () => {
    const file = await loadScenarioFile('default');
    const firstOrder = (wall: number): string => {
      const world = openWorld(file, { wall: () => wall });
      try {
        return createOrder(world, world.store.accounts.all()[0]!, {
          pickup: { address: '1 Market St' },
          dropoff: { address: '2 Castro St' },
        }).order_id;
      } finally {
        world.dispose();
      }
    };
    const t0 = Date.parse('2026-03-01T09:00:00.000Z');
    expect(firstOrder(t0)).toBe(firstOrder(t0));
    expect(firstOrder(t0 + 1)).not.toBe(firstOrder(t0));
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { StreamClient } from './support/stream-client.js';
import { expectError, KEYS, SAMPLE_ORDER, TestSandbox } from './support/test-sandbox.js';

const SEED = { scenario: 'ci', seed: 'trouble' };
const STEP = 10_000; // the ci scenario's location.update_interval (the default)
const MINUTE = 60_000;
const ms = (iso: string): number => Date.parse(iso);
/** What makes a position new to the stream (src/live/location-watch.ts): its report, phase, driver. */
const key = (l: any): string => (l ? `${l.updated_at},${l.phase},${l.driver_id}` : '');
const HAPPY_PATH = ['order.created', 'order.driver_assigned', 'order.picked_up', 'order.delivered'];
/** A reassignment: a second `order.driver_assigned`, with a new driver. */
const REASSIGNED_PATH = [...HAPPY_PATH.slice(0, 2), ...HAPPY_PATH.slice(1)];

/** What a client saw of one order: its events, every change of its `/v1` read, the stream's messages. */
interface Seen {
  order: any;
  events: { event: string; created_at: string; data: { order: any } }[];
  /** Each change of (status, driver, eta) that a read of `GET /v1/orders/{id}` showed, with the clock. */
  reads: { at: number; status: string; driver: string | null; eta: any }[];
  /** Each location read (`GET /v1/orders/{id}/location`) that answered 200, with the clock. */
  locations: { at: number; body: any }[];
  stream: any[];
  closed: { code: number; reason: string } | undefined;
}

describe('trouble on the road: Sandbox-Outcome driver_reassigned, driver_lost, pickup_delay, stale_location, eta_slip', () => {
  let t: TestSandbox;
  beforeAll(async () => {
    t = await TestSandbox.start({ streams: { intervalMs: 5 } });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.post('/__sandbox/reset', SEED);
  });

  /** Creates an order with `outcome`, then steps the clock report by report until the order ends. */
  const follow = async (outcome?: string): Promise<Seen> => {
    const headers: Record<string, string> =
      outcome === undefined ? {} : { 'Sandbox-Outcome': outcome };
    const created = await t.post('/v1/orders', SAMPLE_ORDER, { headers });
    expect(created.status).toBe(201);
    const order = created.body;
    const id = order.order_id as string;
    const c = await StreamClient.open(
      `${t.url.replace(/^http/, 'ws')}/v1/orders/${id}/location/stream`,
      { Authorization: `Bearer ${KEYS.acme}` },
    );
    await c.next('status');
    const reads: Seen['reads'] = [];
    const locations: Seen['locations'] = [];
    for (let i = 0; i < 1080 && c.closed === undefined; i++) {
      await t.advanceClock(STEP);
      const now = ms(t.nowIso());
      const o = (await t.get(`/v1/orders/${id}`)).body;
      const last = reads.at(-1);
      const read = { at: now, status: o.status, driver: o.driver?.driver_id ?? null, eta: o.eta };
      if (!last || JSON.stringify({ ...last, at: 0 }) !== JSON.stringify({ ...read, at: 0 }))
        reads.push(read);
      const loc = await t.get(`/v1/orders/${id}/location`);
      if (loc.status === 200) locations.push({ at: now, body: loc.body });
      // The stream owes the report the read shows if it has not sent it yet (a new report, phase
      // or driver; a status change comes before it on the socket), and a finished order its close:
      // wait for that, not a time-out. Anything more it sends is kept all the same.
      await c.wait(
        (x) =>
          x.closed !== undefined ||
          loc.status !== 200 ||
          key(x.messages.findLast((m) => m.type === 'location')?.data) === key(loc.body),
      );
    }
    await c.wait((x) => x.closed !== undefined);
    const events = (await t.get(`/__sandbox/events?order_id=${id}`)).body.events;
    return { order, events, reads, locations, stream: c.messages, closed: c.closed };
  };
  let normalSeen: Seen | undefined;
  /**
   * The same order without an outcome, followed once for the tests that compare with it: from the
   * seeded reset every test starts at, the run is the same whenever it is made. Leaves the sandbox
   * reset again, as the test found it.
   */
  const normalRun = async (): Promise<Seen> => {
    if (normalSeen) return normalSeen;
    normalSeen = await follow();
    await t.post('/__sandbox/reset', SEED);
    return normalSeen;
  };
  const names = (s: Seen): string[] => s.events.map((e) => e.event);
  const statuses = (s: Seen): string[] =>
    s.stream.filter((m) => m.type === 'status').map((m) => m.data.status);
  const streamedDrivers = (s: Seen): string[] => [
    ...new Set(s.stream.filter((m) => m.type === 'location').map((m) => m.data.driver_id)),
  ];

  it('driver_reassigned: the first driver drops the order on the way; another is assigned 30 s later and delivers', async () => {
    const s = await follow('driver_reassigned');
    expect(names(s)).toEqual(REASSIGNED_PATH);
    const first = s.events[1]!.data.order;
    const second = s.events[2]!.data.order;
    expect(second.driver.driver_id).not.toBe(first.driver.driver_id);
    // Back to pending in between (no event says it), then 30 s later the second assignment.
    expect(second.timeline.map((e: any) => e.status)).toEqual([
      'pending',
      'driver_assigned',
      'pending',
      'driver_assigned',
    ]);
    const dropAt = ms(second.timeline[2].at);
    expect(ms(second.timeline[3].at) - dropAt).toBe(30_000);
    expect(dropAt).toBeGreaterThan(ms(first.timeline[1].at));
    expect(dropAt).toBeLessThan(ms(first.eta.pickup_at) - 2 * MINUTE);
    // /v1 reads: assigned to the first, then pending with no driver and no ETA, then the second.
    expect(s.reads.map((r) => [r.status, r.driver])).toEqual([
      ['pending', null],
      ['driver_assigned', first.driver.driver_id],
      ['pending', null],
      ['driver_assigned', second.driver.driver_id],
      ['picked_up', second.driver.driver_id],
      ['delivered', second.driver.driver_id],
    ]);
    expect(s.reads[2]!.eta).toEqual({ pickup_at: null, dropoff_at: null });
    // No location while nobody is on it; the stream follows each driver in turn.
    expect(s.locations.some((l) => l.at >= dropAt && l.at < dropAt + 30_000)).toBe(false);
    expect(statuses(s)).toEqual([
      'pending',
      'driver_assigned',
      'driver_assigned',
      'picked_up',
      'delivered',
    ]);
    expect(streamedDrivers(s)).toEqual([first.driver.driver_id, second.driver.driver_id]);
    expect(s.closed).toEqual({ code: 1000, reason: 'order delivered' });
    // The first driver is free again, where it dropped the order.
    const drivers = (await t.get('/__sandbox/drivers')).body.drivers;
    expect(drivers.find((d: any) => d.driver_id === first.driver.driver_id).status).toBe(
      'available',
    );
  });

  it('driver_lost: the driver drops the order and nobody replaces them; the system cancels 2 min later, free', async () => {
    const s = await follow('driver_lost');
    expect(names(s)).toEqual(['order.created', 'order.driver_assigned', 'order.cancelled']);
    const cancelled = s.events[2]!.data.order;
    const dropAt = ms(cancelled.timeline[2].at);
    expect(cancelled.timeline.map((e: any) => e.status)).toEqual([
      'pending',
      'driver_assigned',
      'pending',
      'cancelled',
    ]);
    expect(cancelled.cancellation).toMatchObject({
      cancelled_by: 'system',
      reason: 'driver_unavailable',
      fee: { amount: 0 },
    });
    expect(ms(cancelled.cancellation.at) - dropAt).toBe(2 * MINUTE);
    expect(cancelled.driver).toBeNull();
    expect(s.reads.map((r) => r.status)).toEqual([
      'pending',
      'driver_assigned',
      'pending',
      'cancelled',
    ]);
    expect(statuses(s)).toEqual(['pending', 'driver_assigned', 'cancelled']);
    expect(s.closed).toEqual({ code: 1000, reason: 'order cancelled' });
  });

  it('pickup_delay: the driver waits 5 to 20 min at the pickup; the ETAs move when it arrives', async () => {
    const normal = await normalRun();
    const s = await follow('pickup_delay');
    expect(names(s)).toEqual(names(normal));
    const assigned = s.events[1]!.data.order;
    const picked = s.events[2]!.data.order;
    // At assignment the ETAs are the usual ones; at arrival they move later, without an event.
    expect(assigned.eta).toEqual(normal.events[1]!.data.order.eta);
    const etas = s.reads.filter((r) => r.status === 'driver_assigned').map((r) => r.eta);
    expect(etas).toHaveLength(2);
    const wait = ms(picked.timeline[2].at) - ms(etas[0].pickup_at) + 2 * MINUTE;
    expect(wait).toBeGreaterThanOrEqual(5 * MINUTE);
    expect(wait).toBeLessThanOrEqual(20 * MINUTE);
    expect(ms(etas[1].pickup_at)).toBe(ms(picked.timeline[2].at));
    expect(ms(etas[1].dropoff_at) - ms(etas[0].dropoff_at)).toBe(wait - 2 * MINUTE);
    // The location shows the driver waiting at the pickup, report after report, for the whole wait.
    const waiting = s.stream.filter((m) => m.type === 'location' && m.data.phase === 'at_pickup');
    expect(waiting.length).toBeGreaterThanOrEqual(Math.floor(wait / STEP) - 1);
    expect(new Set(waiting.map((m) => `${m.data.location.lat},${m.data.location.lng}`)).size).toBe(
      1,
    );
    expect(waiting.every((m) => m.data.speed_kmh === 0)).toBe(true);
  });

  it('stale_location: a quarter into the trip the location stops updating for minutes, then jumps ahead', async () => {
    const s = await follow('stale_location');
    expect(names(s)).toEqual(HAPPY_PATH);
    // The stretch the trip drew (the state export keeps the trip): 2 to 5 min, or up to the delivery.
    const { trip } = (await t.get('/__sandbox/state')).body.orders[0];
    const length = trip.stale_until - trip.stale_from;
    expect(trip.stale_from - trip.assigned_at).toBe(
      Math.round((trip.dropoff_arrive_at - trip.assigned_at) / 4000) * 1000,
    );
    expect(length).toBeGreaterThanOrEqual(2 * MINUTE);
    expect(length).toBeLessThanOrEqual(5 * MINUTE);
    const grid = (at: number): number =>
      trip.assigned_at + Math.floor((at - trip.assigned_at) / STEP) * STEP;
    // Inside the stretch every read answers the last report before it; outside, the report of now.
    for (const l of s.locations) {
      const stale = l.at >= trip.stale_from && l.at < trip.stale_until;
      expect(ms(l.body.updated_at)).toBe(stale ? grid(trip.stale_from) : l.at);
    }
    const stale = s.locations.filter((l) => l.at - ms(l.body.updated_at) >= STEP);
    expect(stale.length).toBeGreaterThanOrEqual(length / STEP - 2);
    expect(new Set(stale.map((l) => JSON.stringify(l.body.location))).size).toBe(1);
    // The stream sends nothing during the stretch: its longest silence is the stretch.
    const times = s.stream.filter((m) => m.type === 'location').map((m) => ms(m.data.updated_at));
    const gaps = times.slice(1).map((x, i) => x - times[i]!);
    expect(Math.max(...gaps)).toBe(grid(trip.stale_until - 1) + STEP - grid(trip.stale_from));
    // Then the position jumps ahead to where the trip got meanwhile.
    const after = s.locations.find((l) => l.at >= trip.stale_until)!;
    expect(ms(after.body.updated_at)).toBe(after.at);
    expect(after.body.location).not.toEqual(stale[0]!.body.location);
  });

  it('eta_slip: half way to the pickup the driver slows down in traffic, and every ETA moves later', async () => {
    const normal = await normalRun();
    const s = await follow('eta_slip');
    expect(names(s)).toEqual(names(normal));
    const assigned = s.events[1]!.data.order;
    expect(assigned.eta).toEqual(normal.events[1]!.data.order.eta);
    const etas = s.reads.filter((r) => r.status === 'driver_assigned').map((r) => r.eta);
    expect(etas).toHaveLength(2);
    expect(ms(etas[1].pickup_at)).toBeGreaterThan(ms(etas[0].pickup_at));
    expect(ms(etas[1].dropoff_at)).toBeGreaterThan(ms(etas[0].dropoff_at));
    // The events keep their word with the moved ETAs: the pickup and delivery happen then.
    expect(ms(s.events[2]!.created_at)).toBe(ms(etas[1].pickup_at));
    expect(ms(s.events[3]!.created_at)).toBe(ms(etas[1].dropoff_at));
    // The stream shows the slow-down: 40 to 70 % of the speed from half way.
    const speeds = [
      ...new Set(s.stream.filter((m) => m.type === 'location').map((m) => m.data.speed_kmh)),
    ].filter((v) => v > 0);
    expect(speeds).toHaveLength(2);
    expect(speeds[1]! / speeds[0]!).toBeGreaterThanOrEqual(0.39);
    expect(speeds[1]! / speeds[0]!).toBeLessThanOrEqual(0.71);
  });

  it('combines outcomes in a comma list and records the combination in the control plane', async () => {
    const s = await follow('eta_slip, driver_reassigned');
    expect(names(s)).toEqual(REASSIGNED_PATH);
    // The trouble on the road is the second driver's: its ETAs move once.
    const second = s.reads.filter((r) => r.driver === s.events[2]!.data.order.driver.driver_id);
    expect(second.filter((r) => r.status === 'driver_assigned')).toHaveLength(2);
    const list = (await t.get('/__sandbox/orders')).body;
    expect(list.outcomes).toEqual({ [s.order.order_id]: ['driver_reassigned', 'eta_slip'] });
  });

  it.each([
    ['driver_reassigned', 'order.driver_assigned'],
    ['driver_lost', 'order.cancelled'],
  ])(
    '%s: a state exported and imported while the order waits for another driver goes on from there',
    async (outcome, next) => {
      const created = await t.post('/v1/orders', SAMPLE_ORDER, {
        headers: { 'Sandbox-Outcome': outcome },
      });
      const id = created.body.order_id as string;
      await t.advanceClock(30_000);
      const { trip } = (await t.get('/__sandbox/state')).body.orders[0];
      await t.advanceClock(trip.drop_at - ms(t.nowIso()) + STEP);
      const state = (await t.get('/__sandbox/state')).body;
      expect(state.orders[0]).toMatchObject({ trip: null, dropped_by: [trip.driver_id] });
      expect((await t.request('PUT', '/__sandbox/state', { body: state })).status).toBe(200);
      expect((await t.get(`/v1/orders/${id}`)).body.status).toBe('pending');
      await t.advanceClock(2 * MINUTE);
      const events = (await t.get(`/__sandbox/events?order_id=${id}`)).body.events;
      expect(events.map((e: any) => e.event)).toEqual([
        'order.created',
        'order.driver_assigned',
        next,
      ]);
      const last = events.at(-1).data.order;
      if (outcome === 'driver_lost')
        expect(ms(last.cancellation.at) - ms(last.timeline[2].at)).toBe(2 * MINUTE);
      else expect(last.driver.driver_id).not.toBe(trip.driver_id);
    },
  );

  it.each([
    ['the same outcome twice', 'fast,fast', 'Sandbox-Outcome names "fast" twice'],
    ['two paces', 'slow_driver, fast', '"slow_driver" and "fast"'],
    ['two ends', 'driver_lost,no_driver', '"driver_lost" and "no_driver"'],
    ['two drops', 'driver_reassigned,driver_lost', '"driver_reassigned" and "driver_lost"'],
  ])('refuses %s with 400 conflicting_outcomes naming the header', async (_, value, says) => {
    const res = await t.post('/v1/orders', SAMPLE_ORDER, {
      headers: { 'Sandbox-Outcome': value },
    });
    expectError(res, 400, 'invalid_request', {
      reason: 'conflicting_outcomes',
      param: 'Sandbox-Outcome',
    });
    expect(res.body.error.message).toContain(says);
    expect((await t.get('/__sandbox/orders')).body.orders).toEqual([]);
  });
});

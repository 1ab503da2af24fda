// The sandbox as it stood at one record of a trace: what the control plane would have answered
// then (orders, deliveries, events, requests, endpoints, routes, the report) and where each driver
// was. Positions are computed from the recorded trips as the sandbox computes them
// (src/domain/trip.ts: a pure function of the trip, the order's status and the time).
import type {
  ClockState,
  DeliveryAttempt,
  DriverPosition,
  Endpoint,
  IntegrationReport,
  JournalEntry,
  LatLng,
  Order,
  OrderRoute,
  SandboxEvent,
  WorldSummary,
} from '../types.js';
import type { components } from '../api.generated.js';
import type { TraceRecord, TraceWorld } from './trace-records.js';

type Trip = components['schemas']['Trip'];
const FINAL = new Set(['delivered', 'cancelled']);

/** One instant of the trace: the state after record `index`. */
export interface Instant {
  index: number;
  real: number;
  virtual: number;
  world: WorldSummary;
  clock: ClockState;
  orders: Order[];
  events: SandboxEvent[];
  deliveries: DeliveryAttempt[];
  requests: JournalEntry[];
  endpoints: Endpoint[];
  routes: OrderRoute[];
  drivers: DriverPosition[];
  report: IntegrationReport | null;
  accounts: { account_id: string; name: string; api_keys: string[] }[];
}

/** Each record's real and virtual time (a record without one takes the one before). */
/** A stretch of virtual time, as the routes give it. */
const span = (from: number, until: number): { from: string; until: string } => ({
  from: new Date(from).toISOString(),
  until: new Date(until).toISOString(),
});

export function stamps(records: TraceRecord[]): { real: number; virtual: number }[] {
  let virtual = 0;
  return records.map((r) => {
    if ('virtual' in r) virtual = r.virtual;
    return { real: r.real, virtual };
  });
}

/** The state after record `index`, replayed from the start of the trace. */
export function instantAt(records: TraceRecord[], index: number): Instant {
  const at = stamps(records)[index] ?? { real: 0, virtual: 0 };
  let world = records[0] as TraceWorld;
  let clock: ClockState = world.clock;
  let orders = new Map<string, Order>();
  let trips = new Map<string, Trip>();
  let endpoints: Endpoint[] = [];
  const events: SandboxEvent[] = [];
  const deliveries: DeliveryAttempt[] = [];
  const requests: JournalEntry[] = [];
  let report: IntegrationReport | null = null;
  const start = (w: TraceWorld): void => {
    world = w;
    clock = w.clock;
    orders = new Map();
    trips = new Map();
    endpoints = w.endpoints.map((e) => ({ ...e, secret: 'whsec_…', created_at: w.clock.now }));
  };
  start(world);
  for (const r of records.slice(0, index + 1)) {
    if (r.type === 'world') start(r);
    else if (r.type === 'clock') clock = r.clock;
    else if (r.type === 'trip') trips.set(`${r.order_id} ${r.trip.driver_id}`, r.trip);
    else if (r.type === 'report') report = r.report;
    else if (r.type === 'webhook') deliveries.push(r.attempt);
    else if (r.type === 'event') {
      events.push(r.event);
      orders.set(r.event.data.order.order_id, r.event.data.order);
    } else if (r.type === 'request') {
      if (r.plane === 'v1') requests.push(r.entry);
      else endpoints = endpointsAfter(endpoints, r.entry);
    }
  }
  const now = new Date(at.virtual).toISOString();
  const all = [...orders.values()];
  return {
    index,
    ...at,
    world: {
      scenario: world.scenario.name,
      seed: world.seed,
      clock: { ...clock, now },
      generation: world.generation,
    },
    clock: { ...clock, now },
    orders: all,
    events,
    deliveries,
    requests,
    endpoints,
    routes: all
      .filter((o) => !FINAL.has(o.status))
      .map((o): OrderRoute => {
        const trip = trips.get(`${o.order_id} ${o.driver?.driver_id ?? ''}`);
        // As GET /__sandbox/routes says them (src/commands/list-routes.ts), from the trips.
        const droppedBy = [...trips.entries()]
          .filter(([key, t]) => key.startsWith(`${o.order_id} `) && t.drop_at !== undefined)
          .filter(([, t]) => (t.drop_at ?? Infinity) <= at.virtual)
          .sort(([, a], [, b]) => a.assigned_at - b.assigned_at)
          .map(([, t]) => t.driver_id);
        return {
          order_id: o.order_id,
          status: o.status as OrderRoute['status'],
          driver_id: o.driver?.driver_id ?? null,
          pickup: o.pickup.location,
          dropoff: o.dropoff.location,
          to_pickup: trip?.to_pickup ?? [],
          to_dropoff: trip?.to_dropoff ?? [],
          wait: trip ? span(trip.pickup_arrive_at, trip.pickup_depart_at) : null,
          stale:
            trip?.stale_from !== undefined && trip.stale_until !== undefined
              ? span(trip.stale_from, trip.stale_until)
              : null,
          dropped_by: droppedBy,
        };
      }),
    drivers: driversAt(world, all, trips, events, at.virtual),
    report,
    accounts: (world.scenario.accounts ?? []).map((a) => ({
      account_id: a.id,
      name: a.name ?? a.id,
      api_keys: a.api_keys ?? [],
    })),
  };
}

/** The endpoints after a control-plane request: a registration adds, a deletion removes. */
function endpointsAfter(endpoints: Endpoint[], e: JournalEntry): Endpoint[] {
  const path = e.path.replace(/^\/__sandbox\/sandboxes\/[^/]+/, '/__sandbox');
  if (e.method === 'POST' && path === '/__sandbox/webhook-endpoints' && e.status === 201) {
    try {
      return [...endpoints, JSON.parse(e.response.body.text ?? '') as Endpoint];
    } catch {
      return endpoints;
    }
  }
  const deleted = /^\/__sandbox\/webhook-endpoints\/([^/]+)$/.exec(path)?.[1];
  if (e.method === 'DELETE' && deleted && e.status !== null && e.status < 300)
    return endpoints.filter((x) => x.endpoint_id !== deleted);
  return endpoints;
}

/**
 * Every driver at `now`: where the world started it, moved by each trip in the order they were
 * planned. On an active order the driver is where its trip puts it; after a delivery it stands at
 * the dropoff, after a cancellation where it was when the order was cancelled.
 */
function driversAt(
  world: TraceWorld,
  orders: Order[],
  trips: Map<string, Trip>,
  events: SandboxEvent[],
  now: number,
): DriverPosition[] {
  const drivers = new Map<string, DriverPosition>(
    world.drivers.map((d) => [
      d.driver_id,
      { driver_id: d.driver_id, status: d.status, location: d.location, order_id: d.order_id },
    ]),
  );
  const byId = new Map(orders.map((o) => [o.order_id, o]));
  const endedAt = new Map<string, number>();
  for (const e of events)
    if (e.event === 'order.cancelled' || e.event === 'order.delivered')
      endedAt.set(e.data.order.order_id, Date.parse(e.created_at));
  const planned = [...trips.entries()]
    .map(([key, trip]) => ({ orderId: key.split(' ')[0] ?? '', trip }))
    .sort((a, b) => a.trip.assigned_at - b.trip.assigned_at);
  for (const [k, { orderId, trip }] of planned.entries()) {
    const order = byId.get(orderId);
    const driver = drivers.get(trip.driver_id);
    if (!order || !driver) continue;
    // A driver that drops the order (`driver_reassigned`, issue 22) stops at its trip's `drop_at`
    // and is free again, without an event; one taken off it otherwise, when the next set off.
    const dropAt = trip.drop_at;
    const next = planned.slice(k + 1).find((p) => p.orderId === orderId);
    const dropped = dropAt !== undefined && dropAt <= now;
    const active =
      !FINAL.has(order.status) && order.driver?.driver_id === trip.driver_id && !dropped;
    const until =
      (dropped ? dropAt : undefined) ?? next?.trip.assigned_at ?? endedAt.get(orderId) ?? now;
    const when = active ? now : Math.min(now, until);
    const status = active ? order.status : pickedOrNot(trip, when);
    drivers.set(trip.driver_id, {
      ...driver,
      status: active ? 'on_order' : driver.status === 'offline' ? 'offline' : 'available',
      order_id: active ? orderId : null,
      location: round(tripPosition(trip, status, when)),
    });
  }
  return [...drivers.values()];
}

/** Where a trip had got to when it ended early: on the way to the pickup, or on to the dropoff. */
const pickedOrNot = (trip: Trip, when: number): string =>
  when >= trip.dropoff_arrive_at
    ? 'delivered'
    : when >= trip.pickup_depart_at
      ? 'picked_up'
      : 'driver_assigned';

/** src/domain/trip.ts's position, for the statuses a driver moves in. */
function tripPosition(trip: Trip, status: string, now: number): LatLng {
  if (status === 'driver_assigned')
    return along(trip.to_pickup, progress(trip.assigned_at, trip.pickup_arrive_at, now));
  if (status === 'picked_up')
    return along(trip.to_dropoff, progress(trip.pickup_depart_at, trip.dropoff_arrive_at, now));
  return along(trip.to_dropoff, 1);
}

function progress(start: number, end: number, now: number): number {
  if (end <= start) return now >= end ? 1 : 0;
  return Math.min(1, Math.max(0, (now - start) / (end - start)));
}

/** The point `fraction` of the way along `points` (by great-circle length, as routes are measured). */
function along(points: LatLng[], fraction: number): LatLng {
  if (points.length < 2) return points[0] ?? { lat: 0, lng: 0 };
  const cumulative = [0];
  for (let i = 1; i < points.length; i++)
    cumulative.push((cumulative[i - 1] ?? 0) + km(points[i - 1]!, points[i]!));
  const total = cumulative.at(-1) ?? 0;
  const d = total * fraction;
  let i = 1;
  while (i < points.length - 1 && (cumulative[i] ?? 0) < d) i++;
  const a = points[i - 1]!;
  const b = points[i]!;
  const segStart = cumulative[i - 1] ?? 0;
  const segLen = (cumulative[i] ?? 0) - segStart;
  const t = segLen > 0 ? (d - segStart) / segLen : 1;
  return { lat: a.lat + (b.lat - a.lat) * t, lng: a.lng + (b.lng - a.lng) * t };
}

function km(a: LatLng, b: LatLng): number {
  const rad = (x: number): number => (x * Math.PI) / 180;
  const h =
    Math.sin(rad(b.lat - a.lat) / 2) ** 2 +
    Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(h)));
}

const round = (p: LatLng): LatLng => ({
  lat: Math.round(p.lat * 1e6) / 1e6,
  lng: Math.round(p.lng * 1e6) / 1e6,
});

// Longer than 250 lines: the one state object, its stream and its paged lists change together.
// What the page knows of the sandbox: loaded once from the control plane, then kept live by
// `/__sandbox/stream`. One object, one change signal: every panel reads what it needs from it.
import { useEffect, useState } from 'preact/hooks';
import { api, list, sandboxName, streamUrl } from './api.js';
import { CatchUp, withEvent } from './catch-up.js';
import type {
  AccountKeys,
  City,
  ClockState,
  DeliveryAttempt,
  DriverPosition,
  Endpoint,
  Order,
  OrderList,
  OrderRoute,
  SandboxEvent,
  StreamMessage,
  WorldSummary,
} from './types.js';

/** How many events and attempts the page keeps (the newest). */
const KEEP = 500;

export interface State {
  world: WorldSummary | null;
  clock: ClockState | null;
  /** When the page learned `clock` (`performance.now()`): a realtime clock counts on from there. */
  clockAt: number;
  /** Whether the stream is open. */
  live: boolean;
  orders: Map<string, Order>;
  /**
   * What an order allows in each status, by status, as the server states it (the orders list's
   * `allowed_actions`): the lifecycle buttons follow it rather than a copy of the status table.
   */
  allowedActions: OrderList['allowed_actions'];
  /** Every driver, from the stream (its first `drivers` message lists them all). */
  drivers: Map<string, DriverPosition>;
  endpoints: Endpoint[];
  /**
   * Secrets of the endpoints this page registered, by endpoint id: the control plane shows a
   * secret once, in the answer to the registration, and masked in every list after that.
   */
  secrets: Map<string, string>;
  deliveries: DeliveryAttempt[];
  events: SandboxEvent[];
  routes: Map<string, OrderRoute>;
  city: City | null;
  keys: AccountKeys[];
  /** Whether older orders and attempts than those loaded exist ("Load older"). */
  older: { orders: boolean; deliveries: boolean };
  /** Counts the events and attempts the stream brought: panels that re-read on change watch it. */
  activity: number;
  /** The last load failure (shown in the header), or null. */
  error: string | null;
}

type Listener = () => void;

export class Store {
  state: State = {
    world: null,
    clock: null,
    clockAt: 0,
    live: false,
    orders: new Map(),
    allowedActions: {},
    drivers: new Map(),
    endpoints: [],
    secrets: new Map(),
    deliveries: [],
    events: [],
    routes: new Map(),
    city: null,
    keys: [],
    older: { orders: false, deliveries: false },
    activity: 0,
    error: null,
  };
  private readonly listeners = new Set<Listener>();
  private socket: WebSocket | null = null;
  private routesTimer: number | undefined;
  private retryTimer: number | undefined;
  private closed = false;
  /** What the stream brought while the lists load (`reload`); null when they are not loading. */
  private catchUp: CatchUp | null = null;

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Loads everything, then follows the stream (reconnecting after a drop). */
  start(): void {
    this.closed = false;
    this.connect();
  }

  stop(): void {
    this.closed = true;
    clearTimeout(this.retryTimer);
    this.socket?.close();
  }

  /**
   * Reloads every list from the control plane (on open, and when the world is replaced). Not the
   * drivers: the stream lists every one of them right after `hello` and `reset` (in pages, merged
   * by `receive` like the moves that follow), then their moves. The lists may have been read
   * before what the stream brought while they loaded: that is laid back over them (`CatchUp`), so
   * an answer that lands late never takes back a newer status, an order or an event.
   */
  async reload(): Promise<void> {
    // The stream goes on meanwhile, and these lists may have been read before what it brings.
    const catchUp = new CatchUp(KEEP);
    this.catchUp = catchUp;
    try {
      const [orders, endpoints, deliveries, events, routes, city, summary] = await Promise.all([
        list<Order>('/__sandbox/orders', 'orders'),
        list<Endpoint>('/__sandbox/webhook-endpoints', 'endpoints'),
        list<DeliveryAttempt>('/__sandbox/webhook-deliveries', 'deliveries'),
        list<SandboxEvent>('/__sandbox/events', 'events'),
        api<{ routes: OrderRoute[] }>('GET', '/__sandbox/routes'),
        api<City>('GET', '/__sandbox/city'),
        api<{ keys: AccountKeys[] }>('GET', '/__sandbox/world'),
      ]);
      if (this.catchUp !== catchUp) return; // a later load (the world was replaced again) wins
      this.catchUp = null;
      this.set({
        ...catchUp.onto({
          orders: new Map(orders.items.map((o) => [o.order_id, o])),
          events: events.items,
          deliveries: deliveries.items,
        }),
        allowedActions: (orders.answer as OrderList).allowed_actions,
        endpoints: endpoints.items,
        older: { orders: orders.has_more, deliveries: deliveries.has_more },
        routes: new Map(routes.routes.map((r) => [r.order_id, r])),
        city,
        keys: summary.keys,
        error: null,
      });
      // The routes were read before those changes too.
      if (catchUp.ordersChanged) this.scheduleRoutes();
    } catch (e) {
      if (this.catchUp !== catchUp) return;
      this.catchUp = null;
      this.set({ error: (e as Error).message });
    }
  }

  /** Shows `patch` as the state (the trace viewer's instant; the stream stays closed). */
  show(patch: Partial<State>): void {
    this.set(patch);
  }

  /** Keeps a secret the control plane showed once (a registration's answer). */
  keepSecret(endpointId: string, secret: string): void {
    this.set({ secrets: new Map(this.state.secrets).set(endpointId, secret) });
  }

  /** Re-reads the webhook endpoints (after the page changed them). */
  async reloadEndpoints(): Promise<void> {
    const page = await list<Endpoint>('/__sandbox/webhook-endpoints', 'endpoints');
    this.set({ endpoints: page.items });
  }

  /** Loads the page of orders older than the oldest one shown (`ending_before`). */
  async loadOlderOrders(): Promise<void> {
    const oldest = this.state.orders.keys().next().value;
    if (oldest === undefined) return;
    const page = await list<Order>('/__sandbox/orders', 'orders', oldest);
    const orders = new Map(page.items.map((o) => [o.order_id, o]));
    for (const [id, o] of this.state.orders) orders.set(id, o);
    this.set({ orders, older: { ...this.state.older, orders: page.has_more } });
  }

  /**
   * Loads the page of attempts older than the oldest one shown. The list's cursor is the oldest
   * attempt's own `delivery_id`; an attempt the stream brought meanwhile is kept once.
   */
  async loadOlderDeliveries(): Promise<void> {
    const oldest = this.state.deliveries[0];
    if (oldest === undefined) return;
    const page = await list<DeliveryAttempt>(
      '/__sandbox/webhook-deliveries',
      'deliveries',
      oldest.delivery_id,
    );
    const shown = new Set(this.state.deliveries.map((a) => a.delivery_id));
    this.set({
      deliveries: [
        ...page.items.filter((a) => !shown.has(a.delivery_id)),
        ...this.state.deliveries,
      ],
      older: { ...this.state.older, deliveries: page.has_more },
    });
  }

  /** Puts an order the page just changed in place (the stream also brings its events). */
  putOrder(order: Order): void {
    const orders = new Map(this.state.orders);
    orders.set(order.order_id, order);
    this.set({ orders });
    this.scheduleRoutes();
  }

  setClock(clock: ClockState): void {
    this.set({ clock });
  }

  private set(patch: Partial<State>): void {
    this.state = { ...this.state, ...patch };
    if (patch.clock !== undefined) this.state.clockAt = performance.now();
    for (const l of this.listeners) l();
  }

  private connect(): void {
    const socket = new WebSocket(streamUrl());
    this.socket = socket;
    socket.onmessage = (m) => this.receive(JSON.parse(m.data as string) as StreamMessage);
    socket.onclose = () => {
      this.set({ live: false });
      // A named sandbox may be gone (deleted, expired): the header says so, not just "offline".
      if (sandboxName() !== null)
        api('GET', '/__sandbox/clock').catch((e: unknown) =>
          this.set({ error: (e as Error).message }),
        );
      // The sandbox restarted or the network dropped: try again, gently.
      if (!this.closed) this.retryTimer = window.setTimeout(() => this.connect(), 2000);
    };
  }

  private receive(message: StreamMessage): void {
    switch (message.type) {
      case 'hello':
      case 'reset':
        this.set({
          world: message.data,
          clock: message.data.clock,
          live: true,
          drivers: new Map(),
        });
        void this.reload();
        return;
      case 'clock':
        this.set({ clock: message.data });
        return;
      case 'event': {
        const event = message.data;
        this.set({
          orders: withEvent(this.state.orders, event),
          events: keepNewest(this.state.events, event),
          activity: this.state.activity + 1,
        });
        this.catchUp?.event(event);
        this.scheduleRoutes();
        return;
      }
      case 'delivery':
        this.set({
          deliveries: keepNewest(this.state.deliveries, message.data),
          activity: this.state.activity + 1,
        });
        this.catchUp?.delivery(message.data);
        return;
      case 'drivers':
        this.set({ drivers: mergeDrivers(this.state.drivers, message.data) });
        return;
    }
  }

  /** Routes change only with an order's status: re-read them once per burst of events. */
  private scheduleRoutes(): void {
    if (this.routesTimer !== undefined) return;
    this.routesTimer = window.setTimeout(() => {
      this.routesTimer = undefined;
      api<{ routes: OrderRoute[] }>('GET', '/__sandbox/routes')
        .then((r) => this.set({ routes: new Map(r.routes.map((x) => [x.order_id, x])) }))
        .catch((e: Error) => this.set({ error: e.message }));
    }, 100);
  }
}

/** Appends, dropping the oldest past KEEP (or past what "Load older" brought in, if more). */
function keepNewest<T>(items: T[], item: T): T[] {
  return [...items, item].slice(-Math.max(KEEP, items.length));
}

function mergeDrivers(
  current: Map<string, DriverPosition>,
  changed: DriverPosition[],
): Map<string, DriverPosition> {
  const next = new Map(current);
  for (const d of changed) next.set(d.driver_id, d);
  return next;
}

/** The store's state in a component, re-rendered on every change. */
export function useStore(store: Store): State {
  const [state, setState] = useState(store.state);
  useEffect(() => store.subscribe(() => setState(store.state)), [store]);
  return state;
}

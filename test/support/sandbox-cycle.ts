import { verify } from '@octokit/webhooks-methods';
import { performance } from 'node:perf_hooks';
import { Receiver } from './receiver.js';
import { SAMPLE_ORDER } from './test-sandbox.js';

/**
 * One client of a server's named sandboxes, as a test in any language would be (issue 20's
 * parallel budget): each `cycle()` creates a `ci` sandbox, registers an endpoint pointing to the
 * client's own receiver, creates 3 orders with the sandbox's key, advances its clock 45 min,
 * checks every webhook and every recorded event and delivery, deletes the sandbox and checks its
 * key is dead. Shared by test/sandboxes-parallel.test.ts and bench/sandboxes-soak.ts.
 *
 * Delivered means: the advance awaits the attempts in flight before it starts and the attempts
 * each of its instants starts (decision 5), and a receiver records a request before it answers,
 * so when the advance answers every first attempt of every event so far has reached the receiver.
 */

/** What one cycle found; `leaks` and `lost` describe each finding in words. */
export interface CycleOutcome {
  /** A webhook, event or delivery of another sandbox, or one this sandbox should not have. */
  leaks: string[];
  /** An event of this sandbox no webhook of it reached the receiver for. */
  lost: string[];
  webhooks: number;
  ms: { create: number; advance: number; delete: number };
}

interface Event {
  event_id: string;
  event: string;
  data: { order: { order_id: string }; payment?: { order_id?: string } };
}

interface Delivery {
  event_id: string;
  order_id: string | null;
  endpoint_id: string;
  status: string;
}

const JSON_HEADERS = { 'content-type': 'application/json' };

/** A request that must answer `want`; answers the parsed body (or null) and how long it took. */
async function call<T>(
  url: string,
  want: number,
  init: { method?: string; key?: string; body?: unknown } = {},
): Promise<{ body: T; ms: number }> {
  const headers: Record<string, string> = init.body === undefined ? {} : { ...JSON_HEADERS };
  if (init.key !== undefined) headers.authorization = `Bearer ${init.key}`;
  const t0 = performance.now();
  const res = await fetch(url, {
    method: init.method ?? 'GET',
    headers,
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const text = await res.text();
  const ms = performance.now() - t0;
  if (res.status !== want)
    throw new Error(`${init.method ?? 'GET'} ${url} answered ${res.status}: ${text.slice(0, 300)}`);
  return { body: (text === '' ? null : JSON.parse(text)) as T, ms };
}

export class SandboxClient {
  private round = 0;
  /** The sandbox of the cycle under way (or the last one). */
  private current: string | undefined;

  private constructor(
    private readonly url: string,
    /** Unique on the server: the prefix of this client's sandbox names. */
    readonly id: string,
    readonly receiver: Receiver,
  ) {}

  static async start(url: string, id: string): Promise<SandboxClient> {
    return new SandboxClient(url, id, await Receiver.start());
  }

  /**
   * Webhooks that reached the receiver after the last cycle's checks (nothing should: its
   * sandbox was deleted, and its manual clock had stopped); clears them.
   */
  strays(): string[] {
    const late = this.receiver.received.splice(0);
    return late.map((r) => `${this.id}: ${r.event} ${(r.body as Event).event_id} arrived late`);
  }

  /** After a cycle that threw: deletes its sandbox if it is still there (any answer will do). */
  async cleanup(): Promise<void> {
    if (this.current === undefined) return;
    const res = await fetch(`${this.url}/__sandbox/sandboxes/${this.current}`, {
      method: 'DELETE',
    });
    await res.arrayBuffer();
  }

  close(): Promise<void> {
    return this.receiver.close();
  }

  async cycle(): Promise<CycleOutcome> {
    const name = `${this.id}-${this.round++}`;
    this.current = name;
    const control = `${this.url}/__sandbox/sandboxes/${name}`;
    const leaks = this.strays();

    const created = await call<{ accounts: { api_key: string }[] }>(control, 201, {
      method: 'PUT',
      body: { scenario: 'ci' },
    });
    const key = created.body.accounts[0]!.api_key;
    const endpoint = await call<{ endpoint_id: string; secret: string }>(
      `${control}/webhook-endpoints`,
      201,
      { method: 'POST', body: { url: this.receiver.url } },
    );
    const orders = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const order = await call<{ order_id: string }>(`${this.url}/v1/orders`, 201, {
        method: 'POST',
        key,
        body: SAMPLE_ORDER,
      });
      orders.add(order.body.order_id);
    }
    const advanced = await call(`${control}/clock/advance`, 200, {
      method: 'POST',
      body: { by: '45m' },
    });

    const ours = (what: string, orderId: string | null | undefined): void => {
      if (orderId == null || !orders.has(orderId))
        leaks.push(`${name}: ${what} names order ${orderId}, not one of ${[...orders].join(', ')}`);
    };
    const received = new Set<string>();
    for (const r of this.receiver.received) {
      const event = r.body as Event;
      const raw = r.raw.toString('utf8');
      if (!(await verify(endpoint.body.secret, raw, String(r.headers['x-service-signature']))))
        leaks.push(`${name}: webhook ${event.event_id} is not signed with this endpoint's secret`);
      if (r.event !== event.event)
        leaks.push(`${name}: webhook ${event.event_id} says ${r.event} in its header`);
      ours(`webhook ${event.event_id}`, event.data.order.order_id);
      if (event.data.payment?.order_id !== undefined)
        ours(`webhook ${event.event_id}'s payment`, event.data.payment.order_id);
      if (received.has(event.event_id))
        leaks.push(`${name}: event ${event.event_id} reached the receiver twice`);
      received.add(event.event_id);
    }

    const events = await call<{ events: Event[]; has_more: boolean }>(
      `${control}/events?limit=1000`,
      200,
    );
    const deliveries = await call<{ deliveries: Delivery[]; has_more: boolean }>(
      `${control}/webhook-deliveries?limit=1000`,
      200,
    );
    if (events.body.has_more || deliveries.body.has_more)
      leaks.push(`${name}: more than 1 000 events or deliveries for 3 orders`);
    for (const e of events.body.events) ours(`event ${e.event_id}`, e.data.order.order_id);
    const recorded = new Set<string>();
    for (const d of deliveries.body.deliveries) {
      ours(`delivery of ${d.event_id}`, d.order_id);
      if (d.endpoint_id !== endpoint.body.endpoint_id)
        leaks.push(`${name}: delivery of ${d.event_id} went to endpoint ${d.endpoint_id}`);
      recorded.add(d.event_id);
    }
    const lost: string[] = [];
    for (const e of events.body.events) {
      if (!received.has(e.event_id)) lost.push(`${name}: ${e.event} ${e.event_id} never arrived`);
      if (!recorded.has(e.event_id)) lost.push(`${name}: ${e.event} ${e.event_id} has no delivery`);
    }
    for (const id of received)
      if (!events.body.events.some((e) => e.event_id === id))
        leaks.push(`${name}: webhook ${id} is not among the sandbox's events`);
    if (events.body.events.length === 0) lost.push(`${name}: no event at all for its 3 orders`);

    const webhooks = this.receiver.received.splice(0).length;
    const deleted = await call(control, 204, { method: 'DELETE' });
    await call(`${this.url}/v1/orders/${[...orders][0]}`, 401, { key });
    return {
      leaks,
      lost,
      webhooks,
      ms: { create: created.ms, advance: advanced.ms, delete: deleted.ms },
    };
  }
}

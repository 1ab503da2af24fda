// What the stream brought while the page loaded its lists, put back on top of them once they land.
import type { DeliveryAttempt, Order, SandboxEvent } from './types.js';

/** The lists the page loads (`Store.reload`) and the stream then keeps live. */
export interface LiveLists {
  orders: Map<string, Order>;
  events: SandboxEvent[];
  deliveries: DeliveryAttempt[];
}

/**
 * `listed`, then the `streamed` items it lacks (by `id`: those are newer than all it holds), cut
 * to the newest `keep` (or as many as were listed, if more).
 */
function union<T>(listed: T[], streamed: T[], id: (item: T) => string, keep: number): T[] {
  const known = new Set(listed.map(id));
  const all = [...listed, ...streamed.filter((s) => !known.has(id(s)))];
  return all.slice(-Math.max(keep, listed.length));
}

/**
 * The events and attempts the stream brought while the page loaded its lists. A list may have
 * been read before them and still land after them (a slow answer, a busy machine); laid over the
 * lists as read (`onto`), they keep an order's newer status, an order made meanwhile and the
 * events and attempts a list missed, each once. Every change of an order comes with an event that
 * carries it, so the last one the stream brought is at least as new as the list's.
 */
export class CatchUp {
  /** Each order as its latest event carried it. */
  private readonly orders = new Map<string, Order>();
  private readonly events: SandboxEvent[] = [];
  private readonly deliveries: DeliveryAttempt[] = [];

  /** At most `keep` events and `keep` attempts are kept (the page shows no more). */
  constructor(private readonly keep: number) {}

  /** Whether an order changed meanwhile (its route may have, too). */
  get ordersChanged(): boolean {
    return this.orders.size > 0;
  }

  event(event: SandboxEvent): void {
    this.orders.set(event.data.order.order_id, event.data.order);
    this.events.push(event);
    if (this.events.length > this.keep) this.events.shift();
  }

  delivery(attempt: DeliveryAttempt): void {
    this.deliveries.push(attempt);
    if (this.deliveries.length > this.keep) this.deliveries.shift();
  }

  /** The lists as read, with what came meanwhile on top. */
  onto(lists: LiveLists): LiveLists {
    const orders = new Map(lists.orders);
    for (const [id, order] of this.orders) orders.set(id, order);
    return {
      orders,
      events: union(lists.events, this.events, (e) => e.event_id, this.keep),
      deliveries: union(lists.deliveries, this.deliveries, (a) => a.delivery_id, this.keep),
    };
  }
}

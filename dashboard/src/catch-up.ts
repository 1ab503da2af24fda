// What the stream brought while the page loaded its lists, put back on top of them once they land.
import type { DeliveryAttempt, Order, SandboxEvent } from './types.js';

/** The lists the page loads (`Store.reload`) and the stream then keeps live. */
export interface LiveLists {
  orders: Map<string, Order>;
  events: SandboxEvent[];
  deliveries: DeliveryAttempt[];
}

/**
 * The orders with the one `event` carries: in its place if the page holds it, added as the newest
 * if the event is its creation, and left out otherwise: an order the page does not hold and did not
 * see created is older than the page's oldest ("Load older" brings it, as it is now), and belongs
 * neither at the top of the list nor in its count.
 */
export function withEvent(orders: Map<string, Order>, event: SandboxEvent): Map<string, Order> {
  const order = event.data.order;
  if (!orders.has(order.order_id) && event.event !== 'order.created') return orders;
  return new Map(orders).set(order.order_id, order);
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
  /** Each order as its latest event carried it, and whether the stream brought its creation. */
  private readonly orders = new Map<string, { order: Order; created: boolean }>();
  private readonly events: SandboxEvent[] = [];
  private readonly deliveries: DeliveryAttempt[] = [];

  /** At most `keep` events and `keep` attempts are kept (the page shows no more). */
  constructor(private readonly keep: number) {}

  /** Whether an order changed meanwhile (its route may have, too). */
  get ordersChanged(): boolean {
    return this.orders.size > 0;
  }

  event(event: SandboxEvent): void {
    const { order_id } = event.data.order;
    const created = event.event === 'order.created' || this.orders.get(order_id)?.created === true;
    this.orders.set(order_id, { order: event.data.order, created });
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
    // An order the lists lack joins them only if it was made meanwhile (see withEvent).
    for (const [id, { order, created }] of this.orders)
      if (created || orders.has(id)) orders.set(id, order);
    return {
      orders,
      events: union(lists.events, this.events, (e) => e.event_id, this.keep),
      deliveries: union(lists.deliveries, this.deliveries, (a) => a.delivery_id, this.keep),
    };
  }
}

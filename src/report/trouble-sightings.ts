import type { JournalEntry } from '../journal/journal-entry.js';

/** Orders whose last ETA read is remembered; beyond, the oldest are forgotten. */
const MEMORY = 5_000;

const ORDER_PATH = /^\/v1\/orders\/([^/]+)$/;
const LOCATION_PATH = /^\/v1\/orders\/[^/]+\/location$/;

interface OrderRead {
  status?: string;
  driver?: { driver_id?: string } | null;
  eta?: { pickup_at?: string | null; dropoff_at?: string | null };
  timeline?: { status?: string }[];
}

const parse = (e: JournalEntry): unknown => {
  if (e.response.body.truncated || e.response.body.text === null) return undefined;
  try {
    return JSON.parse(e.response.body.text) as unknown;
  } catch {
    return undefined;
  }
};

/**
 * The trouble on the road a client's reads show it handled (coverage situations), from the
 * answers alone:
 *
 * - `order.driver_reassigned.handled`: `GET /v1/orders/{id}` answered an order assigned twice (a
 *   driver dropped it and another took it);
 * - `location.stale.seen`: `GET …/location` answered a report older than one report interval;
 * - `eta.changed.seen`: `GET /v1/orders/{id}` answered an ETA other than the one the client read
 *   before, in the same status with the same driver (no event said so).
 */
export class TroubleSightings {
  private readonly lastEta = new Map<string, { who: string; eta: string }>();

  /** The situations `e` proves; `intervalMs` is the world's report interval. */
  observe(e: JournalEntry, intervalMs: number): string[] {
    if (e.method !== 'GET' || e.status !== 200) return [];
    if (LOCATION_PATH.test(e.path)) {
      const body = parse(e) as { updated_at?: unknown } | undefined;
      const recorded = typeof body?.updated_at === 'string' ? Date.parse(body.updated_at) : NaN;
      return Date.parse(e.virtual_time) - recorded >= intervalMs ? ['location.stale.seen'] : [];
    }
    const id = ORDER_PATH.exec(e.path)?.[1];
    if (id === undefined) return [];
    const order = parse(e) as OrderRead | undefined;
    if (!order) return [];
    const ids: string[] = [];
    const assignments = (order.timeline ?? []).filter((t) => t.status === 'driver_assigned');
    if (assignments.length >= 2 && order.status !== 'pending' && order.status !== 'cancelled')
      ids.push('order.driver_reassigned.handled');
    if (order.status === 'driver_assigned' || order.status === 'picked_up') {
      // The same status and driver as the read before, another ETA: the estimate moved on its own.
      const who = `${order.status} ${order.driver?.driver_id ?? ''}`;
      const eta = `${order.eta?.pickup_at ?? ''} ${order.eta?.dropoff_at ?? ''}`;
      const before = this.lastEta.get(id);
      if (before !== undefined && before.who === who && before.eta !== eta)
        ids.push('eta.changed.seen');
      this.lastEta.delete(id);
      this.lastEta.set(id, { who, eta });
      if (this.lastEta.size > MEMORY) this.lastEta.delete(this.lastEta.keys().next().value!);
    }
    return ids;
  }

  /** Forgets what it read (`POST /__sandbox/report/reset`). */
  reset(): void {
    this.lastEta.clear();
  }
}

import { keepRecent } from '../domain/keep-recent.js';
import type { RequestFacts } from '../journal/journal-entry.js';
import { orderPathId } from './observed-request.js';

/** Orders whose last ETA read is remembered; beyond, the oldest are forgotten. */
const MEMORY = 5_000;

interface OrderRead {
  status?: string;
  driver?: { driver_id?: string } | null;
  eta?: { pickup_at?: string | null; dropoff_at?: string | null };
  timeline?: { status?: string }[];
}

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
  /** Each order's last answer read and what it says: an answer read again is not parsed again. */
  private readonly answers = new Map<string, { text: string; read: AnswerRead | undefined }>();

  /** The situations `e` proves; `intervalMs` is the world's report interval. */
  observe(e: RequestFacts, intervalMs: number): string[] {
    if (e.method !== 'GET' || e.status !== 200) return [];
    if (orderPathId(e.path, '/location') !== undefined) {
      const recorded = this.read(e, e.path)?.recordedMs ?? NaN;
      return e.virtual_ms - recorded >= intervalMs ? ['location.stale.seen'] : [];
    }
    const id = orderPathId(e.path, '');
    if (id === undefined) return [];
    const order = this.read(e, id);
    if (!order) return [];
    const ids: string[] = [];
    if (order.reassigned) ids.push('order.driver_reassigned.handled');
    if (order.who !== undefined) {
      // The same status and driver as the read before, another ETA: the estimate moved on its own.
      const { who, eta } = order;
      const before = this.lastEta.get(id);
      if (before !== undefined && before.who === who && before.eta !== eta)
        ids.push('eta.changed.seen');
      keepRecent(this.lastEta, id, { who, eta }, MEMORY);
    }
    return ids;
  }

  /** Forgets what it read (`POST /__sandbox/report/reset`). */
  reset(): void {
    this.lastEta.clear();
    this.answers.clear();
  }

  /**
   * What the answer of `e` says, read once per distinct answer of the same resource (`key`): a
   * client polling an order that did not change gets the very same text (src/http/order-text.ts),
   * and parsing it on every read was most of the report's cost of a read (issue 24).
   */
  private read(e: RequestFacts, key: string): AnswerRead | undefined {
    const text = e.response_body;
    if (text === null) return undefined;
    const last = this.answers.get(key);
    if (last !== undefined && last.text === text) return last.read;
    const read = readAnswer(text);
    keepRecent(this.answers, key, { text, read }, MEMORY);
    return read;
  }
}

/** What an order's (or a location's) answer tells the sightings. */
interface AnswerRead {
  /** A location's report time (`updated_at`), epoch ms; NaN without one. */
  recordedMs: number;
  /** Assigned twice, and not back to pending nor cancelled. */
  reassigned: boolean;
  /** `status driver_id` while a driver is on the way (assigned or picked up), with the ETAs. */
  who?: string;
  eta: string;
}

function readAnswer(text: string): AnswerRead | undefined {
  let order: OrderRead & { updated_at?: unknown };
  try {
    order = JSON.parse(text) as OrderRead & { updated_at?: unknown };
  } catch {
    return undefined;
  }
  if (typeof order !== 'object' || order === null) return undefined;
  const assignments = (order.timeline ?? []).filter((t) => t.status === 'driver_assigned');
  const moving = order.status === 'driver_assigned' || order.status === 'picked_up';
  return {
    recordedMs: typeof order.updated_at === 'string' ? Date.parse(order.updated_at) : NaN,
    reassigned:
      assignments.length >= 2 && order.status !== 'pending' && order.status !== 'cancelled',
    ...(moving ? { who: `${order.status} ${order.driver?.driver_id ?? ''}` } : {}),
    eta: `${order.eta?.pickup_at ?? ''} ${order.eta?.dropoff_at ?? ''}`,
  };
}

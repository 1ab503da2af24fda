import { nextTurn } from '../slices.js';
import { listDrivers } from '../commands/list-drivers.js';
import { Listeners } from '../listeners.js';
import type { World } from '../world/world.js';
import type { DriverPosition, SandboxStreamMessage, WorldSummary } from './messages.js';

/**
 * A consumer of the feed: the message, and its JSON text (serialised once for every consumer). It
 * may return a promise to pace the drivers snapshot: the next page waits until it settles.
 */
export type FeedListener = (message: SandboxStreamMessage, text: string) => void | Promise<void>;

/** Drivers per `drivers` message of a snapshot (about 120 KB of JSON). */
export const DRIVERS_PAGE = 1000;

/** One consumer, and which snapshot it is being sent (a newer one stops the older). */
interface Consumer {
  listener: FeedListener;
  snapshot: number;
}

/** A message and its JSON text. */
type Serialised = [SandboxStreamMessage, string];

/** The world a `hello` or `reset` message describes. */
export function summarize(world: World): WorldSummary {
  return {
    scenario: world.scenario.name,
    seed: world.scenario.seed,
    clock: world.clock.state(),
    generation: world.generation,
  };
}

function positions(world: World, range?: { start: number; end: number }): DriverPosition[] {
  return listDrivers(world, {}, range).map((d) => ({
    driver_id: d.driver_id,
    status: d.status,
    location: d.location,
    order_id: d.order_id,
  }));
}

const positionKey = (d: DriverPosition): string =>
  `${d.status}|${d.order_id ?? ''}|${d.location.lat}|${d.location.lng}`;

/**
 * The messages of `/__sandbox/stream`, made once per world and handed to every consumer (the
 * sockets and `sandbox.stream()`): the world's events and activity as they happen, and the
 * drivers' positions on `tick()` (which the streams call at most every `intervalMs`), only when
 * something may have moved: an event, a clock change, or a running clock.
 *
 * Every driver is sent on open and after a reset as a snapshot of pages (`drivers` messages of at
 * most DRIVERS_PAGE drivers, in the world's driver order): the first page at once, each next one
 * once the consumer took the previous (a socket's flush) and the event loop had a turn. A page is
 * read when it is sent, so it is never older than a `drivers` change sent before it.
 *
 * A consumer that throws is logged and keeps neither the others nor the world from going on
 * (src/listeners.ts).
 */
export class SandboxFeed {
  /** Every consumer hears each message (in the order they came). */
  private readonly messages: Listeners<Serialised>;
  /** Every consumer is sent a new drivers snapshot after a reset. */
  private readonly snapshots: Listeners<void>;
  private readonly onError: (err: unknown) => void;
  private unsubscribe: (() => void)[] = [];
  private lastPositions = new Map<string, string>();
  private dirty = true;
  private closed = false;

  constructor(private world: World) {
    const { logger } = world;
    this.onError = (err) => logger.error({ err }, 'a consumer of the sandbox stream failed');
    this.messages = new Listeners(this.onError);
    this.snapshots = new Listeners(this.onError);
    this.attach();
  }

  /** Adds a consumer: it gets `hello` and the drivers snapshot, then what happens. */
  subscribe(listener: FeedListener): () => void {
    const consumer: Consumer = { listener, snapshot: 0 };
    void listener(...this.serialise({ type: 'hello', data: summarize(this.world) }));
    // The first consumer starts the diff from now: every page is at least as new.
    if (this.messages.size === 0) this.lastPositions = this.baseline();
    const offMessages = this.messages.subscribe(([message, text]) => void listener(message, text));
    const offSnapshots = this.snapshots.subscribe(() => this.sendSnapshot(consumer));
    this.sendSnapshot(consumer);
    return () => {
      offMessages();
      offSnapshots();
      consumer.snapshot++; // stops its snapshot
    };
  }

  get size(): number {
    return this.messages.size;
  }

  /** Moves to the next world: `reset` first, then the new world's drivers snapshot. */
  moveTo(next: World): void {
    this.detach();
    this.world = next;
    this.attach();
    this.publish({ type: 'reset', data: summarize(next) });
    if (this.messages.size === 0) return;
    this.lastPositions = this.baseline();
    this.dirty = false;
    this.snapshots.emit();
  }

  /** Sends the drivers that changed since the last `drivers` message, if any may have. */
  tick(): void {
    if (this.messages.size === 0) return;
    if (!this.dirty && this.world.clock.mode !== 'realtime') return;
    this.dirty = false;
    const changed: DriverPosition[] = [];
    for (const d of positions(this.world)) {
      const key = positionKey(d);
      if (this.lastPositions.get(d.driver_id) === key) continue;
      this.lastPositions.set(d.driver_id, key);
      changed.push(d);
    }
    if (changed.length > 0) this.publish({ type: 'drivers', data: changed });
  }

  /** Stops for good: no consumer hears anything more. */
  close(): void {
    this.detach();
    this.closed = true; // stops the snapshots under way
    this.messages.clear();
    this.snapshots.clear();
  }

  private attach(): void {
    const { bus, activity } = this.world;
    this.unsubscribe = [
      bus.subscribe((event) => {
        this.dirty = true;
        this.publish({ type: 'event', data: event });
      }),
      activity.subscribe((a) => {
        // A position sent to a client of the API is that client's business, not the dashboard's.
        if (a.type === 'location_streamed') return;
        if (a.type === 'clock') this.dirty = true;
        this.publish(a);
      }),
    ];
  }

  private detach(): void {
    for (const off of this.unsubscribe) off();
    this.unsubscribe = [];
  }

  private publish(message: SandboxStreamMessage): void {
    if (this.messages.size === 0) return;
    this.messages.emit(this.serialise(message));
  }

  private serialise(message: SandboxStreamMessage): Serialised {
    return [message, JSON.stringify(message)];
  }

  private baseline(): Map<string, string> {
    return new Map(positions(this.world).map((d) => [d.driver_id, positionKey(d)]));
  }

  /**
   * Sends `consumer` every driver of the current world, page by page (at least one page, empty in
   * a world without drivers). It stops when the consumer leaves, a newer snapshot starts (a
   * reset), the world changes or the feed closes.
   */
  private sendSnapshot(consumer: Consumer): void {
    const run = ++consumer.snapshot;
    const world = this.world;
    const current = (): boolean =>
      consumer.snapshot === run && this.world === world && !this.closed;
    const page = (start: number): void | Promise<void> =>
      consumer.listener(
        ...this.serialise({
          type: 'drivers',
          data: positions(world, { start, end: start + DRIVERS_PAGE }),
        }),
      );
    const first = page(0); // at once: a consumer hears the drivers before anything that follows
    void (async () => {
      let taken = first;
      for (let start = DRIVERS_PAGE; start < world.store.drivers.size; start += DRIVERS_PAGE) {
        await taken;
        await nextTurn();
        if (!current()) return;
        taken = page(start);
      }
    })().catch(this.onError);
  }
}

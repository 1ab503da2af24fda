import { listDrivers } from '../commands/list-drivers.js';
import type { World } from '../world/world.js';
import type { DriverPosition, SandboxStreamMessage, WorldSummary } from './messages.js';

/** A consumer of the feed: the message, and its JSON text (serialised once for every consumer). */
export type FeedListener = (message: SandboxStreamMessage, text: string) => void;

/** The world a `hello` or `reset` message describes. */
export function summarize(world: World): WorldSummary {
  return {
    scenario: world.scenario.name,
    seed: world.scenario.seed,
    clock: world.clock.state(),
    generation: world.generation,
  };
}

function positions(world: World): DriverPosition[] {
  return listDrivers(world).map((d) => ({
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
 */
export class SandboxFeed {
  private readonly listeners = new Set<FeedListener>();
  private unsubscribe: (() => void)[] = [];
  private lastPositions = new Map<string, string>();
  private dirty = true;

  constructor(private world: World) {
    this.attach();
  }

  /** Adds a consumer: it gets `hello` and every driver at once, then what happens. */
  subscribe(listener: FeedListener): () => void {
    this.deliver(listener, { type: 'hello', data: summarize(this.world) });
    const all = positions(this.world);
    this.deliver(listener, { type: 'drivers', data: all });
    // The first consumer starts the diff from what it was just sent.
    if (this.listeners.size === 0)
      this.lastPositions = new Map(all.map((d) => [d.driver_id, positionKey(d)]));
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get size(): number {
    return this.listeners.size;
  }

  /** Moves to the next world: `reset` first, then every driver of the new world. */
  moveTo(next: World): void {
    this.detach();
    this.world = next;
    this.attach();
    this.publish({ type: 'reset', data: summarize(next) });
    if (this.listeners.size === 0) return;
    const all = positions(next);
    this.lastPositions = new Map(all.map((d) => [d.driver_id, positionKey(d)]));
    this.publish({ type: 'drivers', data: all });
    this.dirty = false;
  }

  /** Sends the drivers that changed since the last `drivers` message, if any may have. */
  tick(): void {
    if (this.listeners.size === 0) return;
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
    this.listeners.clear();
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
    if (this.listeners.size === 0) return;
    const text = JSON.stringify(message);
    for (const listener of this.listeners) listener(message, text);
  }

  private deliver(listener: FeedListener, message: SandboxStreamMessage): void {
    listener(message, JSON.stringify(message));
  }
}

import { findOrder } from '../commands/find-order.js';
import { Listeners } from '../listeners.js';
import type { AccountRecord } from '../store/state.js';
import type { World } from '../world/world.js';
import { LocationWatch } from './location-watch.js';
import { SandboxFeed, type FeedListener } from './sandbox-feed.js';
import type { StreamHost } from './stream-hosts.js';
import { CLOSE, type StreamSocket } from './stream-socket.js';

const resetReason = (orderId: string): string =>
  `sandbox reset: order ${orderId} is gone; open a stream on a new order`;

/**
 * The stream state of one sandbox that has clients: its `/__sandbox/stream` feed, its location
 * watches by order id, and the subscriptions that follow its world and its resets. Made on the
 * first client and freed (`dispose`) once the last one leaves or the sandbox is gone, so a sandbox
 * nobody streams costs nothing here. `onIdle` is called when the last client left.
 */
export class SandboxStreams {
  readonly feed: SandboxFeed;
  /** The location watches, by order id: an event reaches only its order's clients. */
  private readonly watches = new Map<string, Set<LocationWatch>>();
  /** This sandbox's stream sockets (both kinds). */
  private readonly sockets = new Set<StreamSocket>();
  /** The in-process readers (`stream()`), ended when the sandbox is gone. */
  readonly ended: Listeners<void>;
  private offBus: () => void;
  private readonly offReplace: () => void;
  private disposed = false;

  constructor(
    readonly host: StreamHost,
    private readonly intervalMs: number,
    private readonly onIdle: (s: SandboxStreams) => void,
  ) {
    const world = host.current;
    this.feed = new SandboxFeed(world);
    this.ended = new Listeners((err) =>
      world.logger.error({ err }, 'ending a reader of a sandbox stream failed'),
    );
    this.offBus = this.watchBus(world);
    this.offReplace = host.onReplace((next) => this.moveTo(next));
  }

  /** No client at all: no socket, no in-process reader. */
  get idle(): boolean {
    return this.sockets.size === 0 && this.feed.size === 0;
  }

  /** Adds a consumer of the feed (an in-process reader); its unsubscribe may free this state. */
  subscribe(listener: FeedListener): () => void {
    const off = this.feed.subscribe(listener);
    return () => {
      off();
      this.leave();
    };
  }

  /** Adds a `/__sandbox/stream` socket. */
  follow(s: StreamSocket): void {
    this.adopt(
      s,
      this.feed.subscribe((_m, text) => s.send(text)),
    );
  }

  /** Adds a location stream socket on `orderId` of `world` (checked before the upgrade). */
  watch(world: World, account: AccountRecord, orderId: string, s: StreamSocket): void {
    // The world may have been replaced between the checks and the handshake.
    if (world !== this.host.current) {
      this.adopt(s, () => undefined);
      s.close(CLOSE.normal, resetReason(orderId));
      return;
    }
    const w = new LocationWatch(world, account, orderId, s, this.intervalMs);
    let set = this.watches.get(orderId);
    if (!set) this.watches.set(orderId, (set = new Set()));
    set.add(w);
    this.adopt(s, () => {
      set.delete(w);
      if (set.size === 0 && this.watches.get(orderId) === set) this.watches.delete(orderId);
    });
    w.start(findOrder(world, orderId).order);
  }

  /** Drivers that moved go out; in a running clock the watches look again. */
  tick(): void {
    this.feed.tick();
    if (this.host.current.clock.mode === 'realtime') this.checkWatches();
  }

  /** Closes every socket of this sandbox with `code` and `reason`, ends its readers, and frees it. */
  end(code: number, reason: string): void {
    this.dispose(); // first: the readers and sockets that leave now find it gone, not idle
    for (const s of this.sockets) s.close(code, reason);
    this.ended.emit();
  }

  /** Lets go of the world and the host: nothing of this sandbox's streams is kept. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.offBus();
    this.offReplace();
    this.feed.close();
    this.watches.clear();
  }

  /**
   * Follows the sandbox to its next world: `/__sandbox/stream` clients get `reset` and go on; the
   * location streams close (their order is gone with the old world).
   */
  private moveTo(next: World): void {
    this.offBus();
    this.offBus = this.watchBus(next);
    for (const [orderId, watches] of this.watches)
      for (const w of watches) w.close(CLOSE.normal, resetReason(orderId));
    this.watches.clear();
    this.feed.moveTo(next);
  }

  private adopt(s: StreamSocket, off: () => void): void {
    this.sockets.add(s);
    s.ws.on('close', () => {
      off();
      this.sockets.delete(s);
      this.leave();
    });
  }

  private leave(): void {
    if (this.idle && !this.disposed) this.onIdle(this);
  }

  /** Status changes reach their order's watches; clock changes make every watch look again. */
  private watchBus(world: World): () => void {
    const offEvents = world.bus.subscribe((event) => {
      const order = event.data.order;
      if (event.event === 'payment.completed') return;
      for (const w of this.watches.get(order.order_id) ?? []) w.onStatus(order);
    });
    const offActivity = world.activity.subscribe((a) => {
      if (a.type === 'clock') this.checkWatches();
    });
    return () => {
      offEvents();
      offActivity();
    };
  }

  private checkWatches(): void {
    for (const watches of this.watches.values()) for (const w of watches) w.check();
  }
}

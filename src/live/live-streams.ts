import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { findOrder } from '../commands/find-order.js';
import { fail, ServiceError } from '../errors/service-error.js';
import type { AccountRecord } from '../store/state.js';
import type { World } from '../world/world.js';
import { LocationWatch } from './location-watch.js';
import { SandboxFeed } from './sandbox-feed.js';
import { checkAdminToken, checkStreamOrigin, streamAccount } from './stream-access.js';
import { CLOSE, StreamSocket, type StreamLimits } from './stream-socket.js';

/** What the streams are served by, and what the host lends them from the HTTP layer. */
export interface LiveOptions {
  /** The world streams open on now (the host's current one). */
  current: () => World;
  adminToken: string | undefined;
  corsOrigins: readonly string[];
  limits: StreamLimits;
  /** The HTTP layer's Host check (DNS rebinding): throws a ServiceError for a Host it refuses. */
  checkHost: (req: IncomingMessage) => void;
  /** Writes a ServiceError as a JSON HTTP answer on a socket not yet upgraded, and closes it. */
  answer: (socket: Duplex, e: ServiceError, requestId: string) => void;
}

const SANDBOX_STREAM = '/__sandbox/stream';
const LOCATION_STREAM = /^\/v1\/orders\/([^/]+)\/location\/stream$/;
/** Clients send nothing but control frames; anything bigger than this is not a client of ours. */
const MAX_CLIENT_MESSAGE = 1024;
/** How long closing clients get to answer the close frame when the sandbox stops. */
const CLOSE_GRACE_MS = 1000;

/**
 * The upgrade request's URL. A target no URL parser takes (`//`, which reads as a host with no
 * name) names no stream: 404 `route_not_found`, answered in JSON like any other, never a dropped
 * connection.
 */
function streamUrl(req: IncomingMessage): URL {
  const target = req.url ?? '/';
  try {
    return new URL(target, 'http://sandbox');
  } catch {
    throw fail('route_not_found', { method: req.method ?? 'GET', path: target });
  }
}

/**
 * The WebSocket streams: `GET /__sandbox/stream` and `GET /v1/orders/{id}/location/stream`.
 * `handleUpgrade` answers every refusal (Host, Origin, cap, credentials, order) as a JSON HTTP error
 * before upgrading; `moveTo` follows the host to its next world; `close` says goodbye with 1001.
 */
export class LiveStreams {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: MAX_CLIENT_MESSAGE });
  private readonly feed: SandboxFeed;
  private readonly sockets = new Set<StreamSocket>();
  /** The location watches, by order id: an event reaches only its order's clients. */
  private readonly watches = new Map<string, Set<LocationWatch>>();
  private offBus: () => void;
  private readonly timers: NodeJS.Timeout[];

  constructor(private readonly opts: LiveOptions) {
    const world = opts.current();
    this.feed = new SandboxFeed(world);
    this.offBus = this.watchBus(world);
    // Real time only: the throttle of positions and the heartbeat are for the clients' sake.
    this.timers = [
      setInterval(() => this.tick(), opts.limits.intervalMs),
      setInterval(() => this.sockets.forEach((s) => s.beat()), opts.limits.heartbeatMs),
    ];
    this.timers.forEach((t) => t.unref());
  }

  /** The feed of `/__sandbox/stream`, for in-process consumers (`sandbox.stream()`). */
  get sandboxFeed(): SandboxFeed {
    return this.feed;
  }

  /** Open stream sockets now. */
  get size(): number {
    return this.sockets.size;
  }

  /** The HTTP server's `upgrade` handler. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const world = this.opts.current();
    try {
      const url = streamUrl(req);
      this.opts.checkHost(req);
      const match = LOCATION_STREAM.exec(url.pathname);
      if (url.pathname !== SANDBOX_STREAM && !match)
        throw fail('route_not_found', { method: req.method ?? 'GET', path: url.pathname });
      checkStreamOrigin(req, url.pathname, this.opts.corsOrigins);
      if (this.sockets.size >= this.opts.limits.maxClients)
        throw fail('too_many_streams', { limit: this.opts.limits.maxClients });
      if (match) {
        const account = streamAccount(world, req, url.searchParams);
        const orderId = decodeId(match[1] ?? '');
        findOrder(world, orderId, account); // 404 or 403 before the upgrade
        this.upgrade(req, socket, head, (s) => this.watch(world, account, orderId, s));
      } else {
        checkAdminToken(this.opts.adminToken, req, url.searchParams);
        this.upgrade(req, socket, head, (s) => this.follow(s));
      }
    } catch (err) {
      if (err instanceof ServiceError) {
        this.opts.answer(socket, err, world.ids.next('req'));
        return;
      }
      world.logger.error({ err }, 'a stream upgrade failed'); // a bug: never crash the server
      socket.destroy();
    }
  }

  /**
   * Follows the host to its next world: `/__sandbox/stream` clients get `reset` and go on; the
   * location streams close (their order is gone with the old world).
   */
  moveTo(next: World): void {
    this.offBus();
    this.offBus = this.watchBus(next);
    for (const [orderId, watches] of this.watches)
      for (const w of watches)
        w.close(
          CLOSE.normal,
          `sandbox reset: order ${orderId} is gone; open a stream on a new order`,
        );
    this.watches.clear();
    this.feed.moveTo(next);
  }

  /** Closes every stream with 1001 (waiting a little for the close handshakes) and stops. */
  async close(): Promise<void> {
    this.timers.forEach((t) => clearInterval(t));
    this.offBus();
    this.feed.close();
    const closed = [...this.sockets].map(
      (s) =>
        new Promise<void>((resolve) => {
          s.ws.once('close', () => resolve());
          s.close(CLOSE.goingAway, 'sandbox shutting down');
        }),
    );
    const grace = new Promise<void>((resolve) => setTimeout(resolve, CLOSE_GRACE_MS).unref());
    await Promise.race([Promise.all(closed), grace]);
    for (const s of this.sockets) s.ws.terminate();
    this.wss.close();
  }

  private upgrade(
    req: IncomingMessage,
    socket: Duplex,
    head: Buffer,
    opened: (s: StreamSocket) => void,
  ): void {
    this.wss.handleUpgrade(req, socket, head, (ws: WebSocket) => {
      const s = new StreamSocket(ws, this.opts.limits);
      this.sockets.add(s);
      ws.on('close', () => this.sockets.delete(s));
      ws.on('error', () => ws.terminate()); // a protocol error from the client: drop it
      opened(s);
    });
  }

  private follow(s: StreamSocket): void {
    const off = this.feed.subscribe((_m, text) => s.send(text));
    s.ws.on('close', off);
  }

  private watch(world: World, account: AccountRecord, orderId: string, s: StreamSocket): void {
    // The world may have been replaced between the checks and the handshake.
    if (world !== this.opts.current()) {
      s.close(
        CLOSE.normal,
        `sandbox reset: order ${orderId} is gone; open a stream on a new order`,
      );
      return;
    }
    const w = new LocationWatch(world, account, orderId, s, this.opts.limits.intervalMs);
    let set = this.watches.get(orderId);
    if (!set) this.watches.set(orderId, (set = new Set()));
    set.add(w);
    s.ws.on('close', () => {
      set.delete(w);
      if (set.size === 0 && this.watches.get(orderId) === set) this.watches.delete(orderId);
    });
    w.start(findOrder(world, orderId).order);
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

  private tick(): void {
    this.feed.tick();
    if (this.opts.current().clock.mode === 'realtime') this.checkWatches();
  }

  private checkWatches(): void {
    for (const watches of this.watches.values()) for (const w of watches) w.check();
  }
}

/** An order id from the path, percent-decoded; one that does not decode is no order's. */
function decodeId(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw fail('order_not_found', { id: raw });
  }
}

// Near 270 lines: the server's WebSocket streams in one class (the upgrade's checks in order, the
// cap and heartbeat, each sandbox's stream state, loading ws on the first upgrade); the messages,
// sockets and per-sandbox state are the files beside it.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { WebSocket, WebSocketServer } from 'ws';
import type { Credential } from '../commands/authenticate.js';
import { findOrder } from '../commands/find-order.js';
import { sandboxNameOfKey } from '../domain/api-key.js';
import { fail, ServiceError } from '../errors/service-error.js';
import { Listeners } from '../listeners.js';
import { iterateFeed } from './feed-iterator.js';
import type { SandboxStreamMessage } from './messages.js';
import { SandboxStreams } from './sandbox-streams.js';
import {
  checkAdminToken,
  checkStreamOrigin,
  streamAccount,
  streamCredential,
} from './stream-access.js';
import { goneReason, SANDBOX_GONE, type StreamHost, type StreamHosts } from './stream-hosts.js';
import { CLOSE, StreamSocket, type StreamLimits } from './stream-socket.js';

/** What the streams are served by, and what the host lends them from the HTTP layer. */
export interface LiveOptions {
  /** The server's sandboxes: the default one, and the named ones by name and by key. */
  hosts: StreamHosts;
  adminToken: string | undefined;
  corsOrigins: readonly string[];
  limits: StreamLimits;
  /** The HTTP layer's Host check (DNS rebinding): throws a ServiceError for a Host it refuses. */
  checkHost: (req: IncomingMessage) => void;
  /** Writes a ServiceError as a JSON HTTP answer on a socket not yet upgraded, and closes it. */
  answer: (socket: Duplex, e: ServiceError, requestId: string) => void;
}

const SANDBOX_STREAM = '/__sandbox/stream';
const NAMED_SANDBOX_STREAM = /^\/__sandbox\/sandboxes\/([^/]+)\/stream$/;
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
 * The WebSocket streams of every sandbox of the server: `GET /__sandbox/stream` (the default
 * sandbox), `GET /__sandbox/sandboxes/{name}/stream` (that sandbox) and
 * `GET /v1/orders/{id}/location/stream` (the sandbox the key names). `handleUpgrade` answers every
 * refusal (Host, Origin, cap, credentials, sandbox, order) as a JSON HTTP error before upgrading.
 * Each sandbox's stream state (src/live/sandbox-streams.ts) is made on its first client and freed
 * when its last one leaves; a deleted, expired or replaced sandbox's streams close with
 * SANDBOX_GONE. `close` says goodbye to all with 1001.
 */
export class LiveStreams {
  /**
   * The WebSocket server, made on the first upgrade: `ws` is imported then, not at start-up
   * (docs/decisions/0020-start-up-work.md). `null` while it loads.
   */
  private wss: WebSocketServer | undefined | null;
  /** Upgrades that arrived while `ws` loaded, handled (checks first) once it has. */
  private readonly waiting: [IncomingMessage, Duplex, Buffer][] = [];
  /** Every open stream socket of the server (the cap and the heartbeat are the server's). */
  private readonly sockets = new Set<StreamSocket>();
  /** The stream state of each sandbox that has clients now. */
  private readonly states = new Map<StreamHost, SandboxStreams>();
  /** Sandboxes disposed: a client that raced their end gets no state made for them. */
  private readonly gone = new WeakSet<StreamHost>();
  /** The in-process readers of every sandbox, ended when the server stops. */
  private readonly stopping: Listeners<void>;
  private readonly offDisposed: () => void;
  private readonly timers: NodeJS.Timeout[];

  constructor(private readonly opts: LiveOptions) {
    const { logger } = opts.hosts.default.current;
    this.stopping = new Listeners((err) =>
      logger.error({ err }, 'ending a reader of a sandbox stream failed'),
    );
    this.offDisposed = opts.hosts.onDisposed((gone) => {
      this.gone.add(gone.host);
      this.states.get(gone.host)?.end(SANDBOX_GONE, goneReason(gone));
      this.states.delete(gone.host);
    });
    // Real time only: the throttle of positions and the heartbeat are for the clients' sake.
    this.timers = [
      setInterval(() => this.states.forEach((s) => s.tick()), opts.limits.intervalMs),
      setInterval(() => this.sockets.forEach((s) => s.beat()), opts.limits.heartbeatMs),
    ];
    this.timers.forEach((t) => t.unref());
  }

  /** Open stream sockets now, every sandbox's together. */
  get size(): number {
    return this.sockets.size;
  }

  /** How many sandboxes hold stream state now (those with a client): idle ones hold none. */
  get sandboxesStreamed(): number {
    return this.states.size;
  }

  /**
   * The messages of `host`'s `/__sandbox/stream`, from now on, for in-process readers
   * (`sandbox.stream()`, a named sandbox's `handle.stream()`). It ends when the reader stops, the
   * sandbox is gone or the server stops.
   */
  stream(host: StreamHost): AsyncIterableIterator<SandboxStreamMessage> {
    const state = this.stateOf(host);
    if (!state) return (async function* () {})();
    return iterateFeed(
      (listener) => state.subscribe(listener),
      (listener) => {
        const offs = [this.stopping.subscribe(listener), state.ended.subscribe(listener)];
        return () => offs.forEach((off) => off());
      },
    );
  }

  /** The HTTP server's `upgrade` handler. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const { wss } = this;
    if (!wss) {
      this.waiting.push([req, socket, head]);
      if (wss === undefined) this.loadWebSocketServer();
      return;
    }
    const { hosts } = this.opts;
    const world = hosts.default.current;
    try {
      const url = streamUrl(req);
      this.opts.checkHost(req);
      const location = LOCATION_STREAM.exec(url.pathname);
      const named = NAMED_SANDBOX_STREAM.exec(url.pathname);
      if (url.pathname !== SANDBOX_STREAM && !location && !named)
        throw fail('route_not_found', { method: req.method ?? 'GET', path: url.pathname });
      checkStreamOrigin(req, url.pathname, this.opts.corsOrigins);
      if (this.sockets.size >= this.opts.limits.maxClients)
        throw fail('too_many_streams', { limit: this.opts.limits.maxClients });
      if (location) {
        const credential = streamCredential(req, url.searchParams);
        const host = keyHost(hosts, credential);
        const target = host.current;
        const account = streamAccount(target, credential);
        const orderId = decodeId(location[1] ?? '');
        findOrder(target, orderId, account); // 404 or 403 before the upgrade
        this.upgrade(wss, req, socket, head, host, (state, s) =>
          state.watch(target, account, orderId, s),
        );
        return;
      }
      checkAdminToken(this.opts.adminToken, req, url.searchParams);
      const name = named?.[1];
      const host = name === undefined ? hosts.default : hosts.byName(name);
      if (!host) throw fail('sandbox_not_found', { name: name ?? '' });
      this.upgrade(wss, req, socket, head, host, (state, s) => state.follow(s));
    } catch (err) {
      if (err instanceof ServiceError) {
        this.opts.answer(socket, err, world.ids.next('req'));
        return;
      }
      world.logger.error({ err }, 'a stream upgrade failed'); // a bug: never crash the server
      socket.destroy();
    }
  }

  /** Imports `ws`, makes the server, then handles the upgrades that waited, in their order. */
  private loadWebSocketServer(): void {
    this.wss = null;
    import('ws').then(
      ({ WebSocketServer }) => {
        this.wss = new WebSocketServer({ noServer: true, maxPayload: MAX_CLIENT_MESSAGE });
        for (const [req, socket, head] of this.waiting.splice(0))
          this.handleUpgrade(req, socket, head);
      },
      (err: unknown) => {
        // Not expected (ws is bundled): drop the waiting sockets rather than hold them.
        this.opts.hosts.default.current.logger.error(
          { err },
          'loading the WebSocket server failed',
        );
        for (const [, socket] of this.waiting.splice(0)) socket.destroy();
        this.wss = undefined;
      },
    );
  }

  /** Closes every stream with 1001 (waiting a little for the close handshakes) and stops. */
  async close(): Promise<void> {
    this.timers.forEach((t) => clearInterval(t));
    this.offDisposed();
    this.stopping.emit();
    this.states.forEach((s) => s.dispose());
    this.states.clear();
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
    for (const [, socket] of this.waiting.splice(0)) socket.destroy();
    this.wss?.close();
  }

  /** The stream state of `host`, made now if it has none; `undefined` once the sandbox is gone. */
  private stateOf(host: StreamHost): SandboxStreams | undefined {
    if (this.gone.has(host)) return undefined;
    let state = this.states.get(host);
    if (!state) {
      state = new SandboxStreams(host, this.opts.limits.intervalMs, (idle) => {
        idle.dispose();
        if (this.states.get(host) === idle) this.states.delete(host);
      });
      this.states.set(host, state);
    }
    return state;
  }

  private upgrade(
    wss: WebSocketServer,
    req: IncomingMessage,
    socket: Duplex,
    head: Buffer,
    host: StreamHost,
    opened: (state: SandboxStreams, s: StreamSocket) => void,
  ): void {
    wss.handleUpgrade(req, socket, head, (ws: WebSocket) => {
      const s = new StreamSocket(ws, this.opts.limits);
      this.sockets.add(s);
      ws.on('close', () => this.sockets.delete(s));
      ws.on('error', () => ws.terminate()); // a protocol error from the client: drop it
      const state = this.stateOf(host);
      // The sandbox was disposed between the checks and the handshake.
      if (!state) s.close(SANDBOX_GONE, 'sandbox gone: it was deleted, expired or replaced');
      else opened(state, s);
    });
  }
}

/** The sandbox a `/v1` stream's key names; a deleted or expired sandbox's key answers 401 as on `/v1`. */
function keyHost(hosts: StreamHosts, credential: Credential): StreamHost {
  if (!credential || !('token' in credential)) return hosts.default;
  const host = hosts.byKey(credential.token);
  if (host === 'gone')
    throw fail('sandbox_key_gone', { name: sandboxNameOfKey(credential.token) ?? '' });
  return host ?? hosts.default;
}

/** An order id from the path, percent-decoded; one that does not decode is no order's. */
function decodeId(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw fail('order_not_found', { id: raw });
  }
}

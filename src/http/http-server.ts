import { createServer, type IncomingMessage, type RequestListener, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { errorBody } from '../errors/error-body.js';
import { fail } from '../errors/service-error.js';
import type { MessageClasses } from './message-classes.js';
import { answerClientErrorsInJson } from './client-error.js';
import { answerOnSocket } from '../edge/raw-answer.js';
import { HeldAnswers } from './held-answers.js';
import { namesWebSocket, serveIgnoringUpgrade } from './ignored-upgrade.js';

/** The server's handler of WebSocket upgrades (the streams). */
export type WebSocketUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => void;

/** The limits of the HTTP server (defaults in src/sandbox/config.ts). */
export interface ServerLimits {
  /** Open connections at most; the next ones get a JSON 503 and are closed. */
  maxConnections: number;
  /** Milliseconds to receive the request headers. */
  headersTimeoutMs: number;
  /** Milliseconds to receive the whole request (at least `headersTimeoutMs`). */
  requestTimeoutMs: number;
}

/**
 * The HTTP server in front of the app, with what Node would otherwise answer itself in the JSON
 * error shape: client errors and timeouts (`clientError`), an `Expect` other than `100-continue`
 * (417), `CONNECT` (405, then closed), a missing `Host` (left to the app: Node's own check answers
 * an empty 400), and connections over the cap (503, then closed). WebSocket upgrades go to
 * `webSocket`; any other `Upgrade` (`h2c`) is ignored: the request is served over HTTP/1.1.
 * `classes` make the requests and responses (src/http/message-classes.ts). The answers written
 * in one pass of the event loop are sent together at its end (`HeldAnswers`).
 */
export function createHttpServer(
  app: RequestListener,
  limits: ServerLimits,
  nextRequestId: () => string,
  webSocket: WebSocketUpgrade,
  classes?: MessageClasses,
): Server {
  const refused = new WeakSet<Socket>();
  const held = new HeldAnswers();
  const serve: RequestListener = (req, res) => {
    // A request on a connection already refused for the cap must not run.
    if (refused.has(req.socket)) req.socket.destroy();
    else {
      held.hold(); // its answer goes out with the others of this pass (src/http/held-answers.ts)
      app(req, res);
    }
  };
  const server = createServer(
    {
      ...classes,
      requireHostHeader: false,
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      // Node checks the timeouts on this interval (30 s by default): often enough for them to hold.
      connectionsCheckingInterval: Math.max(50, Math.min(1000, limits.headersTimeoutMs / 4)),
    },
    serve,
  );
  // Node's `close()` destroys the idle connections, and one whose answer is ended but held is
  // idle: what is held is sent first, here and before all connections are destroyed.
  const closeIdle = server.closeIdleConnections.bind(server);
  const closeAll = server.closeAllConnections.bind(server);
  server.closeIdleConnections = () => {
    held.sendNow();
    closeIdle();
  };
  server.closeAllConnections = () => {
    held.sendNow();
    closeAll();
  };
  // A client that sends its request and then closes its side (an HTTP/1.0 client, `nc -N`) still
  // gets the answer of a route that answers after an await (the first metrics scrape, a reset):
  // Node's default drops every request in flight on the client's FIN. With this Node's own
  // flag (http's server sets it, false, for every server), the answer is written, then the
  // connection closed.
  (server as Server & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;

  let open = 0;
  server.on('connection', (socket: Socket) => {
    if (open >= limits.maxConnections) {
      refused.add(socket);
      answerOnSocket(
        socket,
        fail('too_many_connections', { limit: limits.maxConnections }),
        nextRequestId(),
      );
      return;
    }
    open += 1;
    held.adopt(socket);
    socket.once('close', () => (open -= 1));
  });

  answerClientErrorsInJson(server, nextRequestId, limits.requestTimeoutMs);

  server.on('checkExpectation', (req, res) => {
    const requestId = nextRequestId();
    const e = fail('expectation_failed', { got: req.headers.expect ?? '' });
    const body = JSON.stringify(errorBody(e, requestId));
    res.writeHead(e.status, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(body),
      'X-Request-Id': requestId,
      Connection: 'close',
    });
    res.end(body);
  });

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (refused.has(req.socket)) socket.destroy();
    else if (!namesWebSocket(req.headers.upgrade)) {
      serveIgnoringUpgrade(req, socket, head, {
        serve,
        requestTimeoutMs: limits.requestTimeoutMs,
        refuse: (s, why) =>
          answerOnSocket(
            s,
            why === 'chunked'
              ? fail('upgrade_chunked_body', { upgrade: req.headers.upgrade ?? '' })
              : fail('request_timeout', { seconds: limits.requestTimeoutMs / 1000 }),
            nextRequestId(),
          ),
      });
    } else webSocket(req, socket, head);
  });

  server.on('connect', (_req, socket) => {
    answerOnSocket(socket, fail('connect_not_supported'), nextRequestId());
  });
  return server;
}

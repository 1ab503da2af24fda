import { createServer, type RequestListener, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { errorBody } from '../errors/error-body.js';
import { fail } from '../errors/service-error.js';
import { answerClientErrorsInJson } from './client-error.js';
import { answerOnSocket } from '../edge/raw-answer.js';

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
 * an empty 400), and connections over the cap (503, then closed).
 */
export function createHttpServer(
  app: RequestListener,
  limits: ServerLimits,
  nextRequestId: () => string,
): Server {
  const refused = new WeakSet<Socket>();
  const server = createServer(
    {
      requireHostHeader: false,
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      // Node checks the timeouts on this interval (30 s by default): often enough for them to hold.
      connectionsCheckingInterval: Math.max(50, Math.min(1000, limits.headersTimeoutMs / 4)),
    },
    (req, res) => {
      // A request on a connection already refused for the cap must not run.
      if (refused.has(req.socket)) req.socket.destroy();
      else app(req, res);
    },
  );

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

  server.on('connect', (_req, socket) => {
    answerOnSocket(socket, fail('connect_not_supported'), nextRequestId());
  });
  return server;
}

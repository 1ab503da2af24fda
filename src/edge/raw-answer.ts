import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { errorBody } from '../errors/error-body.js';
import type { ServiceError } from '../errors/service-error.js';

/** How long a refused connection may linger (the client reading the answer) before it is cut. */
const LINGER_MS = 2000;

/**
 * Writes `e` as a whole HTTP/1.1 answer on a socket Express never sees (a client error, a CONNECT,
 * a connection over the cap) and closes it. The socket is half-closed and drained rather than
 * destroyed at once: closing with unread bytes would reset the connection and lose the answer.
 */
export function answerOnSocket(socket: Duplex, e: ServiceError, requestId: string): void {
  const body = JSON.stringify(errorBody(e, requestId));
  const headers: Record<string, string | number> = {
    ...e.headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'X-Request-Id': requestId,
    Connection: 'close',
  };
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.end(`HTTP/1.1 ${e.status} ${STATUS_CODES[e.status] ?? 'Error'}\r\n${head}\r\n${body}`);
  socket.resume();
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
}

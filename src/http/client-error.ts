import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { fail } from '../errors/service-error.js';
import { answerOnSocket } from '../edge/raw-answer.js';

/**
 * Requests that never reach Express (headers over Node's 16 KiB limit, bytes that are not HTTP,
 * headers or a body that did not arrive within the timeouts) still get the JSON error shape
 * instead of Node's bare status line.
 */
export function answerClientErrorsInJson(
  server: Server,
  nextRequestId: () => string,
  requestTimeoutMs: number,
): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    if (!socket.writable || err.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    const e =
      err.code === 'HPE_HEADER_OVERFLOW'
        ? fail('headers_too_large')
        : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? fail('request_timeout', { seconds: requestTimeoutMs / 1000 })
          : fail('malformed_http', { detail: err.code ?? 'parse error' });
    answerOnSocket(socket, e, nextRequestId());
  });
}

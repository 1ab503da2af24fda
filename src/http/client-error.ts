import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { errorBody } from '../errors/error-body.js';
import { fail } from '../errors/service-error.js';

/**
 * Requests that never reach Express (headers over Node's 16 KiB limit, bytes that are not HTTP)
 * still get the JSON error shape instead of Node's bare status line.
 */
export function answerClientErrorsInJson(server: Server, nextRequestId: () => string): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    if (!socket.writable || err.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    const e =
      err.code === 'HPE_HEADER_OVERFLOW'
        ? fail('headers_too_large')
        : fail('malformed_http', { detail: err.code ?? 'parse error' });
    const body = JSON.stringify(errorBody(e, nextRequestId()));
    const statusLine = e.status === 431 ? '431 Request Header Fields Too Large' : '400 Bad Request';
    socket.end(
      `HTTP/1.1 ${statusLine}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}

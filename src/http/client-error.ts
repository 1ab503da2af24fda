import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';

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
    const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
    const body = JSON.stringify({
      error: {
        code: 'invalid_request',
        message: tooLarge
          ? 'The request headers are larger than 16 KiB; send smaller headers'
          : `The request is not valid HTTP/1.1 (${err.code ?? 'parse error'}); check the client`,
        param: null,
        reason: tooLarge ? 'headers_too_large' : 'malformed_http',
        details: [],
        request_id: nextRequestId(),
      },
    });
    socket.end(
      `HTTP/1.1 ${tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request'}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}

import { IncomingMessage, type RequestListener, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

/** Whether an `Upgrade` header (a list of protocols, `name[/version]`) names WebSocket. */
export function namesWebSocket(upgrade: string | undefined): boolean {
  return (upgrade ?? '')
    .split(',')
    .some((token) => token.trim().split('/')[0]?.trim().toLowerCase() === 'websocket');
}

/** What `serveIgnoringUpgrade` needs besides the request. */
export interface IgnoredUpgradeHooks {
  /** The server's request listener (the app, behind the connection cap and the drain). */
  serve: RequestListener;
  /** Milliseconds for the body to arrive (the server's `requestTimeoutMs`). */
  requestTimeoutMs: number;
  /** Answers a chunked body (which cannot be read once the parser let go), or a late one. */
  refuse: (socket: Duplex, why: 'chunked' | 'timeout') => void;
}

/**
 * Serves over HTTP/1.1 a request whose `Upgrade` the server does not do (`h2c`, which Java's
 * HttpClient and `curl --http2` ask for): RFC 9110 §7.8 lets a server ignore `Upgrade`. Node hands
 * such a request to the `upgrade` listener with the parser detached and `req` already ended, so the
 * app gets a copy of it whose body (`Content-Length` bytes: `head`, then the socket's) is fed here,
 * and the answer closes the connection.
 */
export function serveIgnoringUpgrade(
  upgrade: IncomingMessage,
  socket: Duplex,
  head: Buffer,
  hooks: IgnoredUpgradeHooks,
): void {
  // Node took its error listener off the socket for the upgrade: a reset must not crash.
  socket.on('error', () => socket.destroy());
  if (upgrade.headers['transfer-encoding'] !== undefined) {
    hooks.refuse(socket, 'chunked');
    return;
  }
  const req = copyRequest(upgrade);
  const res = new ServerResponse(req);
  res.shouldKeepAlive = false; // no parser left on this socket for a next request
  res.assignSocket(req.socket); // the upgrade's socket, as a net.Socket
  res.once('finish', () => {
    socket.end();
    socket.once('finish', () => socket.destroy());
  });
  feedBody(req, res, head, Number(req.headers['content-length'] ?? 0), hooks);
  hooks.serve(req, res);
}

/** A request like `upgrade` (method, target, version, headers), its body still to come. */
function copyRequest(upgrade: IncomingMessage): IncomingMessage {
  const req = new IncomingMessage(upgrade.socket);
  req.method = upgrade.method;
  req.url = upgrade.url;
  req.httpVersion = upgrade.httpVersion;
  req.httpVersionMajor = upgrade.httpVersionMajor;
  req.httpVersionMinor = upgrade.httpVersionMinor;
  req.headers = upgrade.headers;
  req.rawHeaders = upgrade.rawHeaders;
  return req;
}

function feedBody(
  req: IncomingMessage,
  res: ServerResponse,
  head: Buffer,
  length: number,
  hooks: IgnoredUpgradeHooks,
): void {
  const socket = req.socket;
  let left = length;
  const timer = setTimeout(() => {
    stop();
    if (res.headersSent) socket.destroy();
    else hooks.refuse(socket, 'timeout');
  }, hooks.requestTimeoutMs);
  timer.unref();
  const take = (chunk: Buffer): void => {
    const part = chunk.subarray(0, left);
    left -= part.length;
    if (part.length > 0 && !req.push(part)) socket.pause(); // req's _read resumes the socket
    if (left === 0) {
      stop();
      socket.off('close', aborted);
      req.complete = true;
      req.push(null);
    }
  };
  const aborted = (): void => {
    stop();
    // What Node does to a request whose connection closes before its body arrived.
    if (!req.complete) req.destroy(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
  };
  const stop = (): void => {
    clearTimeout(timer);
    socket.off('data', take);
  };
  socket.on('close', aborted);
  take(head);
  if (left > 0) {
    socket.on('data', take);
    socket.resume();
  }
}

import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/** One request a raw receiver read, and where it came from. */
export interface RawRequest {
  /** The request line and headers, as sent. */
  head: string;
  body: string;
  /** Which connection it came on (0, 1, …, in the order they were accepted). */
  connection: number;
  /** Its position on that connection: 0 for the first request, 1 for one on a reused socket… */
  onConnection: number;
}

/** What the receiver does with one request: write these bytes (and keep the socket), or act on the socket itself. */
export type RawAnswer = (request: RawRequest, socket: Socket) => void;

/** A complete `200 OK` with a short body, keeping the connection open for the next request. */
export const OK = 'HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: keep-alive\r\n\r\nok';

/**
 * A webhook receiver on node:net, for answers node:http would never send: a status line and
 * half a body, a socket reset right as a request arrives. It parses requests by Content-Length
 * (what the sandbox sends) and hands each one to `answer`.
 */
export class RawReceiver {
  readonly requests: RawRequest[] = [];
  private readonly sockets = new Set<Socket>();

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(answer: RawAnswer): Promise<RawReceiver> {
    const holder: { self?: RawReceiver } = {};
    let connections = 0;
    const server = createServer((socket) => {
      const self = holder.self!;
      self.sockets.add(socket);
      socket.on('close', () => self.sockets.delete(socket));
      socket.on('error', () => {}); // a reset is what these tests are about
      const connection = connections++;
      let onConnection = 0;
      let buffered = Buffer.alloc(0);
      socket.on('data', (chunk: Buffer) => {
        buffered = Buffer.concat([buffered, chunk]);
        for (;;) {
          const end = buffered.indexOf('\r\n\r\n');
          if (end < 0) return;
          const head = buffered.subarray(0, end).toString('latin1');
          const length = Number(/content-length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
          if (buffered.length < end + 4 + length) return;
          const body = buffered.subarray(end + 4, end + 4 + length).toString('utf8');
          buffered = buffered.subarray(end + 4 + length);
          const request = { head, body, connection, onConnection: onConnection++ };
          self.requests.push(request);
          answer(request, socket);
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const self = new RawReceiver(
      server,
      `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`,
    );
    holder.self = self;
    return self;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

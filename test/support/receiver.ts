import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a receiver got. */
export interface Received {
  headers: Record<string, string | string[] | undefined>;
  /** Header names in the order they were sent, lower-cased. */
  headerNames: string[];
  raw: Buffer;
  body: any;
  event: string;
  attempt: number;
}

/** How a receiver answers: a status, or `hang` (never answers), or a function of the request. */
export type Behaviour = number | 'hang' | ((r: Received) => number | 'hang');

/**
 * A real webhook receiver on port 0 that records every request. `answer(...)` sets how it
 * answers from now on (default 200).
 */
export class Receiver {
  readonly received: Received[] = [];
  /** Requests being held open by `hang`. */
  readonly hanging: ServerResponse[] = [];
  private behaviour: Behaviour = 200;
  private waiters: { n: number; resolve: () => void }[] = [];

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(path = '/webhooks'): Promise<Receiver> {
    const holder: { receiver?: Receiver } = {};
    const server = createServer((req, res) => holder.receiver?.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const self = new Receiver(
      server,
      `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    );
    holder.receiver = self;
    return self;
  }

  /** Resolves once `n` requests have arrived in all (real network time, no polling). */
  waitFor(n: number): Promise<void> {
    if (this.received.length >= n) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ n, resolve }));
  }

  answer(behaviour: Behaviour): void {
    this.behaviour = behaviour;
  }

  /** The events received, as `event order_id` strings, in arrival order. */
  events(): string[] {
    return this.received.map((r) => `${r.event} ${r.body.data.order.order_id}`);
  }

  forOrder(orderId: string): Received[] {
    return this.received.filter((r) => r.body.data.order.order_id === orderId);
  }

  async close(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const names: string[] = [];
      for (let i = 0; i < req.rawHeaders.length; i += 2)
        names.push(req.rawHeaders[i]!.toLowerCase());
      const r: Received = {
        headers: req.headers,
        headerNames: names,
        raw,
        body: JSON.parse(raw.toString('utf8')),
        event: String(req.headers['x-service-event']),
        attempt: Number(req.headers['x-service-delivery-attempt']),
      };
      this.received.push(r);
      this.waiters = this.waiters.filter((w) =>
        this.received.length >= w.n ? (w.resolve(), false) : true,
      );
      const b = typeof this.behaviour === 'function' ? this.behaviour(r) : this.behaviour;
      if (b === 'hang') {
        this.hanging.push(res);
        return;
      }
      res.writeHead(b, { 'Content-Type': 'text/plain' }).end(`answered ${b}`);
    });
  }
}

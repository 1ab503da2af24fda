import { Agent, request } from 'node:http';

/** What `KeptAlive.get` answers: the status, the error's reason if any, the connection's local port. */
export interface KeptAliveReply {
  status: number;
  reason?: string | undefined;
  /** The client side's port: the same on every request that reused the one connection. */
  local: number;
}

/**
 * GETs over one kept-alive connection (an agent of one socket), as a client that sends the same
 * headers on every request does: for what the sandbox remembers per connection.
 */
export class KeptAlive {
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 1 });

  constructor(private readonly port: number) {}

  get(path: string, headers: Record<string, string>): Promise<KeptAliveReply> {
    return new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: this.port, path, agent: this.agent, headers });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => {
          const body = JSON.parse(text) as { error?: { reason: string } };
          resolve({
            status: res.statusCode!,
            reason: body.error?.reason,
            local: req.socket!.localPort!,
          });
        });
      });
      req.on('error', reject);
      req.end();
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

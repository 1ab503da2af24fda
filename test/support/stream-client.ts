import { WebSocket } from 'ws';

/** A refused upgrade: the status and JSON body the sandbox answered instead. */
export interface Refusal {
  status: number;
  body: any;
}

/**
 * A real WebSocket client of a sandbox stream that keeps every message and the close, so a test can
 * wait for what it expects (bounded) and then read the whole sequence.
 */
export class StreamClient {
  readonly messages: any[] = [];
  closed: { code: number; reason: string } | undefined;
  private waiters: (() => void)[] = [];

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.messages.push(JSON.parse((data as Buffer).toString()));
      this.wake();
    });
    ws.on('close', (code, reason) => {
      this.closed = { code, reason: String(reason) };
      this.wake();
    });
  }

  /** Opens `url` (ws://…); rejects with the refusal if the sandbox answers HTTP instead. */
  static open(url: string, headers: Record<string, string> = {}): Promise<StreamClient> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { headers });
      const client = new StreamClient(ws);
      ws.once('open', () => resolve(client));
      ws.once('unexpected-response', (_req, res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += String(c)));
        res.on('end', () =>
          reject(
            Object.assign(new Error('refused'), {
              refusal: { status: res.statusCode, body: JSON.parse(text) },
            }),
          ),
        );
      });
      ws.once('error', (err) => reject(err));
    });
  }

  /** The status and body of a refused upgrade (fails the test if it was accepted). */
  static async refusal(url: string, headers: Record<string, string> = {}): Promise<Refusal> {
    try {
      const client = await StreamClient.open(url, headers);
      client.ws.terminate();
    } catch (err) {
      const refusal = (err as { refusal?: Refusal }).refusal;
      if (refusal) return refusal;
      throw err;
    }
    throw new Error(`the upgrade of ${url} was accepted`);
  }

  /** Waits (at most `ms` real ms) until `until` holds for what arrived so far. */
  async wait(until: (c: StreamClient) => boolean, ms = 2000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!until(this)) {
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(
          `timed out; got ${JSON.stringify(this.types())} closed=${JSON.stringify(this.closed)}`,
        );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Waits for a message of `type` (and `where`), returning it. */
  async next(type: string, where: (m: any) => boolean = () => true): Promise<any> {
    const match = (m: any): boolean => m.type === type && where(m);
    await this.wait((c) => c.messages.some(match));
    return this.messages.find(match);
  }

  types(): string[] {
    return this.messages.map((m) => (m.type === 'status' ? `status:${m.data.status}` : m.type));
  }

  close(): void {
    this.ws.terminate();
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    waiters.forEach((w) => w());
  }
}

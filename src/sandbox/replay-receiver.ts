import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DeliveryAttempt } from '../domain/sandbox-types.js';
import type { EventRecord } from '../events/event-record.js';

// The replay's stand-in for the recorded webhook receivers (src/sandbox/replay-trace.ts): one
// local server answering as the trace says they did, and the map between their URLs and its own.

/** Recorded webhook URLs and the local receiver's stand-ins for them, both ways. */
export class UrlMap {
  private readonly byOriginal = new Map<string, string>();
  /** The local receiver's URL, once it listens. */
  base = '';

  map(original: string): string {
    let url = this.byOriginal.get(original);
    if (url === undefined) {
      url = `${this.base}/endpoint-${this.byOriginal.size}`;
      this.byOriginal.set(original, url);
    }
    return url;
  }

  /** Every recorded URL in `text` replaced by its stand-in. */
  mapIn(text: string): string {
    let out = text;
    for (const [original, url] of this.byOriginal) out = out.split(original).join(url);
    return out;
  }

  /** Every stand-in in `text` replaced by the recorded URL. */
  unmap(text: string): string {
    let out = text;
    for (const [original, url] of this.byOriginal) out = out.split(url).join(original);
    return out;
  }
}

/**
 * A receiver that answers each webhook attempt as `recorded` says the recorded receiver did (its
 * status and body, by the endpoint's URL, the event and the attempt number; no status: the
 * connection is cut), and 200 to one the trace does not have.
 */
export async function startReceiver(
  recorded: (url: string, eventId: string, attempt: number) => DeliveryAttempt | undefined,
): Promise<{ url: string; close: () => Promise<void> }> {
  const seen = new Map<string, number>();
  let base = '';
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let eventId = '';
      try {
        eventId = String((JSON.parse(Buffer.concat(chunks).toString()) as EventRecord).event_id);
      } catch {
        // a probe's forged body: answered 200
      }
      const url = `${base}${req.url ?? ''}`;
      const n = (seen.get(`${eventId} ${url}`) ?? 0) + 1;
      seen.set(`${eventId} ${url}`, n);
      const answer = recorded(url, eventId, n);
      if (answer && answer.response_status === null) {
        req.socket.destroy();
        return;
      }
      res.statusCode = answer?.response_status ?? 200;
      res.end(answer?.response_body ?? 'ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  return {
    url: base,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

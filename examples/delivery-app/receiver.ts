/**
 * The app's webhook receiver, written the way the docs teach: it verifies `X-Service-Signature`
 * over the raw body before anything else (400 otherwise), answers 200 at once, and handles each
 * `event_id` once, so a duplicate delivery is acknowledged but not applied twice. `mistakes`
 * switches on what receivers get wrong.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifySignature, type WebhookEvent } from 'delivery-sandbox';

export interface ReceiverMistakes {
  /** Trust every body, signed or not. */
  skipSignature?: boolean;
  /** Answer 204 instead of 200 (the service counts only a 200 as delivered). */
  answer204?: boolean;
}

export interface Receiver {
  /** Where the sandbox should POST: `http://127.0.0.1:<port>/webhooks`. */
  url: string;
  /** The events applied, each once, in the order they arrived. */
  applied: WebhookEvent[];
  /** How many deliveries were duplicates of an event already applied. */
  duplicates: number;
  close(): Promise<void>;
}

/** Starts the receiver on a free port of 127.0.0.1. */
export async function startReceiver(
  secret: string,
  mistakes: ReceiverMistakes = {},
): Promise<Receiver> {
  const seen = new Set<string>();
  const receiver: Omit<Receiver, 'url' | 'close'> = { applied: [], duplicates: 0 };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const signature = req.headers['x-service-signature'];
      if (!mistakes.skipSignature && !verifySignature(secret, raw, signature as string)) {
        res.writeHead(400).end('bad signature');
        return;
      }
      let event: WebhookEvent;
      try {
        event = JSON.parse(raw.toString('utf8')) as WebhookEvent;
      } catch {
        res.writeHead(400).end('not JSON');
        return;
      }
      if (seen.has(event.event_id)) receiver.duplicates++;
      else {
        seen.add(event.event_id);
        receiver.applied.push(event);
      }
      res.writeHead(mistakes.answer204 ? 204 : 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${port}/webhooks`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

// Follows one order's location stream from Node: the example of docs/streams.md, run by
// test/stream-example.test.ts (test/docs-examples.test.ts checks the page shows this file as is).
import WebSocket from 'ws'; // Node 20 has no global WebSocket (Node 22 and browsers do): use ws

/** One message of the order's stream. */
export interface StreamMessage {
  type: 'status' | 'location';
  data: Record<string, unknown>;
}

/** Collects an order's stream messages until the stream closes (delivered, cancelled, reset). */
export function followOrder(baseUrl: string, key: string, orderId: string) {
  const url = `${baseUrl.replace(/^http/, 'ws')}/v1/orders/${orderId}/location/stream`;
  const ws = new WebSocket(url, { headers: { Authorization: `Bearer ${key}` } });
  const messages: StreamMessage[] = [];
  // Text frames arrive as a Buffer of UTF-8.
  ws.on('message', (data: Buffer) =>
    messages.push(JSON.parse(data.toString('utf8')) as StreamMessage),
  );
  const opened = new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.once('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  return { messages, opened, closed };
}

// The worker thread of a trace (docs/traces.md): its own entry in the build (scripts/bundle.mjs),
// started by trace-writer.ts, one per trace. The main thread hands it a batch of lines every
// WRITE_EVERY_MS; here they are masked, bounded, compressed and appended to the file (or kept in
// memory), so that none of it costs the thread that answers requests.
import { parentPort, workerData } from 'node:worker_threads';
import { TraceEncoder } from './trace-encoder.js';
import type { FromTraceWorker, ToTraceWorker, TraceWorkerData } from './trace-protocol.js';

const port = parentPort;
if (!port) throw new Error('trace-worker.ts runs as a worker thread only');
const data = workerData as TraceWorkerData;
const encoder = new TraceEncoder(data.fd ?? undefined, data.maxBytes);
const send = (message: FromTraceWorker, transfer: ArrayBuffer[] = []): void =>
  port.postMessage(message, transfer);
const reason = (err: unknown): string => (err instanceof Error ? err.message : String(err));
let closing = false;

port.on('message', (message: ToTraceWorker) => {
  if (closing) return;
  if (message.kind === 'lines') {
    const { buffer, byteOffset, byteLength } = message.bytes;
    encoder.add(Buffer.from(buffer, byteOffset, byteLength));
  } else if (message.kind === 'snapshot')
    encoder.snapshot().then(
      (bytes) => {
        const copy = bytes === undefined ? null : new Uint8Array(bytes);
        send(
          { kind: 'snapshot', id: message.id, bytes: copy, error: null },
          copy ? [copy.buffer] : [],
        );
      },
      (err: unknown) => send({ kind: 'snapshot', id: message.id, bytes: null, error: reason(err) }),
    );
  else {
    closing = true;
    encoder.close(message.real).then(
      (bytes) => {
        const copy = bytes === undefined ? null : new Uint8Array(bytes);
        send({ kind: 'closed', bytes: copy, error: null }, copy ? [copy.buffer] : []);
      },
      (err: unknown) => send({ kind: 'closed', bytes: null, error: reason(err) }),
    );
  }
});

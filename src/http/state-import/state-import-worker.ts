// The worker thread of a state import (`PUT /__sandbox/state`): its own entry in the build
// (scripts/bundle.mjs), started by read-state-body.ts. Nothing here runs on the main thread. One
// worker serves import after import (read-state-body.ts keeps it once an import ends cleanly), so
// the validator is compiled once, when the worker starts, and each import begins from reset().
import { parentPort } from 'node:worker_threads';
import { JsonDepthGauge, MAX_STATE_DEPTH } from '../../domain/json-depth.js';
import { loadOpenApiDocument } from '../openapi-document.js';
import { compileRequestValidators } from '../request-validators.js';
import type { ErrorDetail } from '../../errors/service-error.js';
import type { ImportMessage, WorkerMessage } from './import-protocol.js';

/** Records per message: small enough that receiving one holds the main thread a millisecond or so. */
const BATCH = 256;

const port = parentPort;
if (!port) throw new Error('state-import-worker.ts runs as a worker thread only');
const chunks: Uint8Array[] = [];
let parts: Generator<WorkerMessage, void> | undefined;
const send = (message: WorkerMessage): void => port.postMessage(message);

// Measured as the chunks arrive: a state nested too deep is refused before it is parsed, and never
// reaches a structured clone (which cannot pass it back) or a recursive walk.
let depth = new JsonDepthGauge(MAX_STATE_DEPTH);
let tooDeep = false;

/** Ready for the next import: nothing of the last one is kept. */
function reset(): void {
  chunks.length = 0;
  parts = undefined;
  depth = new JsonDepthGauge(MAX_STATE_DEPTH);
  tooDeep = false;
}

// Compiled as the worker starts, while the body's first chunks arrive: compiling the state's schema
// is most of what a small import costs.
const validate: (state: unknown) => ErrorDetail[] = compileRequestValidators(
  loadOpenApiDocument('sandbox'),
  'sandbox',
).body('sandboxImportState');

port.on('message', (message: ImportMessage) => {
  if (tooDeep) return;
  if (message.type === 'chunk') {
    if (depth.feed(message.bytes)) chunks.push(message.bytes);
    else {
      tooDeep = true;
      chunks.length = 0;
      send({ type: 'too_deep', limit: MAX_STATE_DEPTH });
    }
  } else if (message.type === 'end') parseAndValidate();
  else sendNext();
});

/**
 * Parses and validates the whole body (the slow part, off the main thread), then answers each of
 * the main thread's `more` with the next part: the state travels back a batch of records at a
 * time, each message cheap to receive, and the main thread asks for the next only once it is free.
 */
function parseAndValidate(): void {
  const text = Buffer.concat(chunks).toString('utf8');
  chunks.length = 0;
  let state: unknown;
  try {
    state = JSON.parse(text);
  } catch (err) {
    reset();
    send({ type: 'malformed', detail: (err as Error).message });
    return;
  }
  const details = validate(state);
  if (details.length > 0) {
    reset();
    send({ type: 'invalid', details });
    return;
  }
  parts = split(state as Record<string, unknown>);
  sendNext();
}

/** The next part of the state; after the last, the worker is ready for another import. */
function sendNext(): void {
  const part = nextPart();
  if (part.type === 'done') reset();
  send(part);
}

function nextPart(): WorkerMessage {
  const next = parts?.next();
  return next && !next.done ? next.value : { type: 'done' };
}

function* split(state: Record<string, unknown>): Generator<WorkerMessage, void> {
  for (const [key, value] of Object.entries(state)) {
    if (!Array.isArray(value)) {
      yield { type: 'value', key, value };
      continue;
    }
    yield { type: 'value', key, value: [] };
    for (let i = 0; i < value.length; i += BATCH)
      yield { type: 'records', key, records: value.slice(i, i + BATCH) };
  }
}

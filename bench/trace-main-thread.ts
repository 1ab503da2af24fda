/**
 * What recording a trace costs the main thread per request (issue 23), measured in process, away
 * from the HTTP load that makes bench/trace.ts noisy on a shared machine: real journal entries of
 * `GET /v1/orders/{id}` (the `ci` scenario) go through `TraceWriter` (queued, then the batch of
 * 250 written as lines and handed to the worker) and, for comparison, through what the writer did
 * before (`JSON.stringify` of the record, `maskSecrets`, the synchronous part of the gzip write).
 * The fastest of 7 runs of 40 batches. Prints one JSON line: µs per record.
 */
import { constants, createGzip } from 'node:zlib';
import { maskSecrets } from '../src/domain/mask-secrets.js';
import type { JournalEntry } from '../src/journal/journal-entry.js';
import { startSandbox } from '../src/sandbox/sandbox.js';
import { TraceWriter } from '../src/trace/trace-writer.js';

const BATCH = 250;
const BATCHES = 40;
const sandbox = await startSandbox({ scenario: 'ci', port: 0 });
const headers = { authorization: 'Bearer sk_test_ci_acme', 'content-type': 'application/json' };
const order = JSON.stringify({
  pickup: { address: '1 Market St' },
  dropoff: { address: '2 Castro St' },
});
const made = await fetch(`${sandbox.url}/v1/orders`, { method: 'POST', headers, body: order });
const { order_id } = (await made.json()) as { order_id: string };
await fetch(`${sandbox.url}/v1/orders/${order_id}`, { headers });
const listed = await fetch(`${sandbox.url}/__sandbox/requests?operation=retrieveOrder`);
const read = ((await listed.json()) as { requests: JournalEntry[] }).requests[0] as JournalEntry;
await sandbox.close();

/** `count` reads as the journal hands them: new ids and times; `changing`: a new answer each. */
function reads(count: number, changing: boolean): JournalEntry[] {
  return Array.from({ length: count }, (_, i) => {
    const e = structuredClone(read);
    e.id = `req_${String(i).padStart(16, '0')}`;
    e.duration_ms = 0.1 * (i % 50);
    if (changing) {
      const text = (e.response.body.text ?? '').replace('"tip":0', `"tip":${i}`);
      e.response.body = { text, size: Buffer.byteLength(text), truncated: false };
    }
    return e;
  });
}

async function fastest(run: () => Promise<number>): Promise<number> {
  let best = Infinity;
  for (let i = 0; i < 7; i++) best = Math.min(best, await run());
  return best;
}

/** µs per record on this thread: write each, then the batch's drain (what its timer calls). */
async function now(changing: boolean): Promise<number> {
  const writer = await TraceWriter.open({ memory: true }, 2 ** 30);
  const batches = Array.from({ length: BATCHES }, () => reads(BATCH, changing));
  const drain = (writer as unknown as { drain(): void }).drain.bind(writer);
  let ns = 0n;
  for (const batch of batches) {
    const t0 = process.hrtime.bigint();
    for (const entry of batch)
      writer.write({ type: 'request', plane: 'v1', real: Date.now(), virtual: 0, entry });
    drain();
    ns += process.hrtime.bigint() - t0;
  }
  await writer.close();
  return Number(ns) / 1000 / (BATCHES * BATCH);
}

/** The same through what the writer did before: a whole record's JSON, masked, gzip's sync part. */
async function before(changing: boolean): Promise<number> {
  const gzip = createGzip({ level: constants.Z_BEST_SPEED });
  gzip.resume();
  const batches = Array.from({ length: BATCHES }, () => reads(BATCH, changing));
  let ns = 0n;
  for (const batch of batches) {
    const t0 = process.hrtime.bigint();
    let text = '';
    for (const entry of batch) {
      const record = { type: 'request', plane: 'v1', real: Date.now(), virtual: 0, entry };
      text += `${maskSecrets(JSON.stringify(record))}\n`;
    }
    gzip.write(text);
    gzip.flush(constants.Z_SYNC_FLUSH);
    ns += process.hrtime.bigint() - t0;
    await new Promise((resolve) => setImmediate(resolve));
  }
  gzip.end();
  return Number(ns) / 1000 / (BATCHES * BATCH);
}

const round = (n: number): number => Math.round(n * 100) / 100;
console.log(
  JSON.stringify({
    us_per_read: {
      repeated: {
        before: round(await fastest(() => before(false))),
        now: round(await fastest(() => now(false))),
      },
      changing: {
        before: round(await fastest(() => before(true))),
        now: round(await fastest(() => now(true))),
      },
    },
  }),
);

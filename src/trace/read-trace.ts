import { constants, gunzipSync } from 'node:zlib';
import type { JournalEntry } from '../journal/journal-entry.js';
import { TRACE_FORMAT, TRACE_VERSION, type TraceRecord } from './trace-record.js';

/** A trace that cannot be read: not a trace, or not a version this sandbox knows. */
export class TraceError extends Error {
  override name = 'TraceError';
}

/**
 * The records of a trace file's bytes (docs/traces.md): a gzipped JSON-lines stream, read up to
 * where it ends, so that a trace still being written (no gzip trailer) or cut by a kill (a torn
 * last block or line) gives every whole record before the cut. A request written as a repeat of
 * an earlier one (`repeats`, version 2), or its answer as a reference (`same_as`), is whole again. Throws a TraceError
 * when the first record is not a trace's header, or is one of a version this sandbox does not know.
 */
export function readTrace(bytes: Uint8Array): TraceRecord[] {
  const gzipped = bytes[0] === 0x1f && bytes[1] === 0x8b;
  let text: string;
  try {
    text = gzipped
      ? gunzipSync(bytes, { finishFlush: constants.Z_SYNC_FLUSH }).toString('utf8')
      : Buffer.from(bytes).toString('utf8');
  } catch (err) {
    throw new TraceError(`not a readable gzip stream: ${(err as Error).message}`);
  }
  const records: TraceRecord[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    try {
      records.push(JSON.parse(line) as TraceRecord);
    } catch {
      break; // the torn last line of a trace cut short
    }
  }
  const header = records[0];
  if (header?.type !== 'header' || header.format !== TRACE_FORMAT)
    throw new TraceError(
      `not a delivery-sandbox trace: its first line is not a "${TRACE_FORMAT}" header; record one with --trace FILE`,
    );
  const version = header.version as number;
  if (!Number.isInteger(version) || version < 1 || version > TRACE_VERSION)
    throw new TraceError(
      `a trace of version ${version}, which this sandbox (trace versions 1 to ${TRACE_VERSION}) cannot read: read it with the sandbox that recorded it, or a newer one`,
    );
  resolveRequests(records);
  return records;
}

type RequestRecord = Extract<TraceRecord, { type: 'request' }>;

/**
 * Gives each request written as a repeat (`repeats: N`, version 2) record N's entry with its own
 * id and times, and each answer written as a reference (`{ same_as: N }`) record N's answer text
 * (docs/traces.md). Records are resolved in order, so a reference to a repeat finds its text.
 */
function resolveRequests(records: TraceRecord[]): void {
  for (let index = 0; index < records.length; index++) {
    const r = records[index] as TraceRecord;
    if (r.type !== 'request') continue;
    const repeat = r as RequestRecord & { repeats?: number };
    if (repeat.repeats !== undefined) {
      const e = earlierRequest(records, repeat.repeats, index).entry;
      repeat.entry = {
        ...e,
        request: { ...e.request, body: { ...e.request.body } },
        response: { ...e.response, body: { ...e.response.body } },
        ...(repeat.entry as Pick<
          JournalEntry,
          'id' | 'started_at' | 'virtual_time' | 'duration_ms'
        >),
      };
      delete repeat.repeats;
      continue;
    }
    const body = r.entry.response.body as { text?: string | null; same_as?: number };
    if (body.same_as === undefined) continue;
    body.text = earlierRequest(records, body.same_as, index).entry.response.body.text;
    delete body.same_as;
  }
}

function earlierRequest(records: TraceRecord[], at: number, index: number): RequestRecord {
  const earlier = records[at];
  if (at < index && earlier?.type === 'request') return earlier;
  throw new TraceError(
    `line ${index + 1} of the trace repeats line ${at + 1}, which is not an earlier request`,
  );
}

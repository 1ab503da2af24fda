import { constants, gunzipSync } from 'node:zlib';
import { TRACE_FORMAT, TRACE_VERSION, type TraceRecord } from './trace-record.js';

/** A trace that cannot be read: not a trace, or not a version this sandbox knows. */
export class TraceError extends Error {
  override name = 'TraceError';
}

/**
 * The records of a trace file's bytes (docs/traces.md): a gzipped JSON-lines stream, read up to
 * where it ends, so that a trace still being written (no gzip trailer) or cut by a kill (a torn
 * last block or line) gives every whole record before the cut. An answer written as a reference
 * to an earlier record's (`same_as`, version 2) is given that record's text. Throws a TraceError
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
  resolveAnswers(records);
  return records;
}

/** Gives each answer written as `{ same_as: N }` the text of record N's answer (docs/traces.md). */
function resolveAnswers(records: TraceRecord[]): void {
  for (let index = 0; index < records.length; index++) {
    const r = records[index] as TraceRecord;
    if (r.type !== 'request') continue;
    const body = r.entry.response.body as { text?: string | null; same_as?: number };
    if (body.same_as === undefined) continue;
    const earlier = records[body.same_as];
    if (body.same_as >= index || earlier?.type !== 'request')
      throw new TraceError(
        `line ${index + 1} of the trace repeats the answer of line ${body.same_as + 1}, which is not an earlier request`,
      );
    body.text = earlier.entry.response.body.text;
    delete body.same_as;
  }
}

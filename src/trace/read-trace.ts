import { constants, gunzipSync } from 'node:zlib';
import { TRACE_FORMAT, type TraceRecord } from './trace-record.js';

/** A trace that cannot be read: not a trace, or not a version this sandbox knows. */
export class TraceError extends Error {
  override name = 'TraceError';
}

/**
 * The records of a trace file's bytes (docs/traces.md): a gzipped JSON-lines stream, read up to
 * where it ends, so that a trace still being written (no gzip trailer) or cut by a kill (a torn
 * last block or line) gives every whole record before the cut. Throws a TraceError when the first
 * record is not a trace's header.
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
  return records;
}

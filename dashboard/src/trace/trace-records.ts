// A trace file (docs/traces.md) as the page reads it: a gzipped JSON-lines stream, decompressed
// with the browser's own DecompressionStream and read up to where it ends, so a trace still being
// written or cut by a kill opens too. The records' shapes are the trace format's (src/trace/
// trace-record.ts); the page imports nothing from src/, so they are named here from the contract's
// schemas, field by field as the page uses them.
import type { components } from '../api.generated.js';

type Schemas = components['schemas'];

interface Stamped {
  real: number;
  virtual: number;
}

export interface TraceDriver {
  driver_id: string;
  status: 'available' | 'on_order' | 'offline';
  location: Schemas['LatLng'];
  order_id: string | null;
}

export interface TraceWorld extends Stamped {
  generation: number;
  seed: string;
  scenario: { name: string; accounts?: { id: string; name?: string; api_keys?: string[] }[] };
  clock: Schemas['ClockState'];
  drivers: TraceDriver[];
  endpoints: { endpoint_id: string; url: string; events: string[] }[];
}

export type TraceRecord =
  | ({ type: 'header'; format: string; sandbox: string; city: Schemas['City'] } & TraceWorld)
  | ({ type: 'world' } & TraceWorld)
  | ({ type: 'request'; plane: 'v1' | 'control'; entry: Schemas['JournalEntry'] } & Stamped)
  | ({ type: 'event'; event: Schemas['OrderEvent'] | Schemas['PaymentEvent'] } & Stamped)
  | ({ type: 'webhook'; attempt: Schemas['DeliveryAttempt'] } & Stamped)
  | ({ type: 'clock'; clock: Schemas['ClockState'] } & Stamped)
  | ({ type: 'trip'; order_id: string; trip: Schemas['Trip'] } & Stamped)
  | ({ type: 'report'; report: Schemas['IntegrationReport'] } & Stamped)
  | { type: 'dropped'; real: number; limit_bytes: number; message: string }
  | { type: 'end'; real: number; dropped: Record<string, number> };

/** The records of a trace file's bytes; throws when its first line is not a trace's header. */
export async function readTraceRecords(bytes: ArrayBuffer): Promise<TraceRecord[]> {
  const head = new Uint8Array(bytes, 0, Math.min(2, bytes.byteLength));
  const gzipped = head[0] === 0x1f && head[1] === 0x8b;
  const text = gzipped ? await gunzip(bytes) : new TextDecoder().decode(bytes);
  const records: TraceRecord[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    try {
      records.push(JSON.parse(line) as TraceRecord);
    } catch {
      break; // the torn last line of a trace cut short
    }
  }
  if (records[0]?.type !== 'header')
    throw new Error('not a delivery-sandbox trace: record one with --trace FILE (docs/traces.md)');
  resolveRequests(records);
  return records;
}

/**
 * Gives each request written as a repeat (`repeats: N`, trace version 2) record N's entry with its
 * own id and times, and each answer written as a reference (`{ same_as: N }`) record N's answer
 * text, in order (src/trace/read-trace.ts does the same); one that names no earlier request is
 * left as it is.
 */
function resolveRequests(records: TraceRecord[]): void {
  records.forEach((r, index) => {
    if (r.type !== 'request') return;
    const earlier = (at: number | undefined) => {
      const e = at !== undefined && at < index ? records[at] : undefined;
      return e?.type === 'request' ? e.entry : undefined;
    };
    const repeat = r as typeof r & { repeats?: number };
    const repeated = earlier(repeat.repeats);
    if (repeated) {
      repeat.entry = {
        ...repeated,
        request: { ...repeated.request, body: { ...repeated.request.body } },
        response: { ...repeated.response, body: { ...repeated.response.body } },
        ...(repeat.entry as Pick<
          Schemas['JournalEntry'],
          'id' | 'started_at' | 'virtual_time' | 'duration_ms'
        >),
      };
      delete repeat.repeats;
      return;
    }
    const body = r.entry.response.body as { text?: string | null; same_as?: number };
    if (body.same_as === undefined) return;
    body.text = earlier(body.same_as)?.response.body.text ?? null;
    delete body.same_as;
  });
}

/** Everything the stream gives before it ends, or before a truncated stream's error. */
async function gunzip(bytes: ArrayBuffer): Promise<string> {
  const reader = new Blob([bytes])
    .stream()
    .pipeThrough(new DecompressionStream('gzip'))
    .getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    // no trailer (a trace still being written) or a torn block (a kill): keep what came before
  }
  return text;
}

import { maskSecrets } from '../domain/mask-secrets.js';
import type { DeliveryAttempt } from '../domain/sandbox-types.js';
import type { EventRecord } from '../events/event-record.js';
import type { JournalEntry } from '../journal/journal-entry.js';
import type { TraceRecord } from './trace-record.js';

/** What the replay answered to one recorded request. */
export interface ReplayedAnswer {
  status: number | null;
  text: string | null;
}

/** What a replay saw: an answer per recorded request (by its record's index), events, attempts. */
export interface ReplayResult {
  answers: Map<number, ReplayedAnswer>;
  events: EventRecord[];
  attempts: DeliveryAttempt[];
}

/** The first difference between a trace and its replay, in the trace's order. */
export interface TraceDifference {
  /** The record's index in the trace (its line, from 0). */
  index: number;
  kind: 'answer' | 'event' | 'webhook';
  /** What it is about: `POST /v1/orders (req_…)`, `order.picked_up evt_…`, `whk_… attempt 2 of evt_…`. */
  what: string;
  recorded: string;
  replayed: string;
}

/**
 * The first record of `records` that the replay did not reproduce: an answer (its status, and
 * its body for `/v1` and control-plane writes: control-plane reads also show real time, such as
 * durations, and are compared by status), an event (the whole webhook body), or a webhook
 * attempt's request body, request ids aside. `undefined`: identical. `unmap` turns the replay's receiver URLs back
 * into the recorded ones before comparing.
 */
export function firstDifference(
  records: TraceRecord[],
  replay: ReplayResult,
  unmap: (text: string) => string,
): TraceDifference | undefined {
  let event = 0;
  const attempts = new Map(replay.attempts.map((a) => [attemptKey(a), a]));
  for (let index = 0; index < records.length; index++) {
    const r = records[index] as TraceRecord;
    if (r.type === 'request') {
      const diff = compareAnswer(r.entry, r.plane, replay.answers.get(index), unmap);
      if (diff) return { index, kind: 'answer', what: describe(r.entry), ...diff };
    } else if (r.type === 'event') {
      const got = replay.events[event++];
      const recorded = withoutRequestIds(JSON.stringify(r.event));
      const replayed =
        got === undefined ? '(no such event)' : withoutRequestIds(unmap(JSON.stringify(got)));
      if (recorded !== replayed)
        return {
          index,
          kind: 'event',
          what: `${r.event.event} ${r.event.event_id}`,
          recorded,
          replayed,
        };
    } else if (r.type === 'webhook') {
      const got = attempts.get(attemptKey(r.attempt));
      const recorded = withoutRequestIds(r.attempt.request.body);
      const replayed =
        got === undefined ? '(no such attempt)' : withoutRequestIds(unmap(got.request.body));
      if (recorded !== replayed)
        return {
          index,
          kind: 'webhook',
          what: `${r.attempt.endpoint_id} attempt ${r.attempt.attempt} of ${r.attempt.event} ${r.attempt.event_id}`,
          recorded,
          replayed,
        };
    }
  }
  return undefined;
}

// Request ids count every request the server took, the replay's own clock steps and a recording's
// downloads included: they are the one part of an answer that may differ without meaning anything.
const REQUEST_ID = /\breq_[A-Za-z0-9]+/g;
const withoutRequestIds = (text: string): string => text.replace(REQUEST_ID, 'req_…');

const attemptKey = (a: DeliveryAttempt): string => `${a.event_id} ${a.endpoint_id} ${a.attempt}`;

const describe = (e: JournalEntry): string =>
  `${e.method} ${e.path} (${e.id}, the answer ${e.status ?? 'none'})`;

function compareAnswer(
  entry: JournalEntry,
  plane: 'v1' | 'control',
  got: ReplayedAnswer | undefined,
  unmap: (text: string) => string,
): { recorded: string; replayed: string } | undefined {
  if (got === undefined) return { recorded: `${entry.status}`, replayed: '(not replayed)' };
  if (got.status !== entry.status)
    return { recorded: `status ${entry.status}`, replayed: `status ${got.status}` };
  if (plane === 'control' && entry.method === 'GET') return undefined;
  if (entry.response.body.text === null) return undefined;
  const recorded = withoutRequestIds(entry.response.body.text);
  const replayed = got.text === null ? '' : withoutRequestIds(unmap(maskSecrets(got.text)));
  const same = entry.response.body.truncated
    ? replayed.startsWith(recorded)
    : replayed === recorded;
  return same ? undefined : { recorded, replayed };
}

import { expect } from 'vitest';
import { replayTrace } from '../../src/sandbox/replay-trace.js';
import type { TraceRecord } from '../../src/trace/trace-record.js';

/** Replays `records` and expects it to say identical. */
export async function expectReplayIdentical(records: TraceRecord[]): Promise<void> {
  const diff = await replayTrace(records);
  expect(diff, JSON.stringify(diff, null, 1)).toBeUndefined();
}

/**
 * Edits the recorded answer of the first `POST /v1/orders` of `records` (a copy) and expects the
 * replay to name that answer as the first difference.
 */
export async function expectReplayNamesEditedAnswer(records: TraceRecord[]): Promise<void> {
  const edited = structuredClone(records);
  const index = edited.findIndex(
    (r) => r.type === 'request' && r.entry.path === '/v1/orders' && r.entry.method === 'POST',
  );
  const target = edited[index] as Extract<TraceRecord, { type: 'request' }>;
  target.entry.response.body.text = (target.entry.response.body.text ?? '').replace(
    '"tip":',
    '"tip_edited":',
  );
  const diff = await replayTrace(edited);
  expect(diff).toMatchObject({
    index,
    kind: 'answer',
    what: expect.stringContaining(`POST /v1/orders (${target.entry.id}`),
  });
  expect(diff?.recorded).toContain('tip_edited');
}

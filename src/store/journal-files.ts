import { readdir, readFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { SandboxState } from './state.js';

/** The persisted collections: the state's growing arrays, by their key in `SandboxState`. */
export const JOURNALLED = [
  'accounts',
  'drivers',
  'orders',
  'payments',
  'events',
  'idempotency',
  'webhook_endpoints',
  'deliveries',
  'webhook_attempts',
] as const;
export type JournalledKey = (typeof JOURNALLED)[number];

/** One line of the journal: one group commit. */
export interface JournalBatch {
  seq: number;
  /** The state's small documents (clock, counters, generation…), whole: they are tiny. */
  meta: Record<string, unknown>;
  put: Partial<Record<JournalledKey, unknown[]>>;
  del: Partial<Record<JournalledKey, string[]>>;
}

/** The journal file whose first batch is `firstSeq`: `<data>.journal.<firstSeq>`. */
export function journalPath(dataFile: string, firstSeq: number): string {
  return `${dataFile}.journal.${firstSeq}`;
}

/** The journal files beside `dataFile`, oldest first. */
export async function listJournals(
  dataFile: string,
): Promise<{ path: string; firstSeq: number }[]> {
  const prefix = `${basename(dataFile)}.journal.`;
  let names: string[];
  try {
    names = await readdir(dirname(dataFile));
  } catch {
    return [];
  }
  return names
    .filter((n) => n.startsWith(prefix) && /^\d+$/.test(n.slice(prefix.length)))
    .map((n) => ({ path: join(dirname(dataFile), n), firstSeq: Number(n.slice(prefix.length)) }))
    .sort((a, b) => a.firstSeq - b.firstSeq);
}

/** What replaying found: the last sequence number, the journal's size, and torn tails dropped. */
export interface ReplayResult {
  lastSeq: number;
  bytes: number;
  discarded: { path: string; bytes: number }[];
}

/**
 * Applies the journal beside `dataFile` to `state` (read from the snapshot): every batch after the
 * snapshot's `journal_seq`, in order. A line that is not whole (no newline, or not JSON: a write cut
 * by a crash, never acknowledged) ends its file; what follows it is discarded and reported.
 */
export async function replayJournal(dataFile: string, state: SandboxState): Promise<ReplayResult> {
  const from = state.journal_seq ?? 0;
  const result: ReplayResult = { lastSeq: from, bytes: 0, discarded: [] };
  const ids = idsOf();
  for (const { path } of await listJournals(dataFile)) {
    const text = await readFile(path, 'utf8');
    result.bytes += Buffer.byteLength(text);
    let at = 0;
    while (at < text.length) {
      const end = text.indexOf('\n', at);
      const batch = end === -1 ? undefined : parseBatch(text.slice(at, end));
      if (batch === undefined) {
        result.discarded.push({ path, bytes: Buffer.byteLength(text.slice(at)) });
        break;
      }
      at = end + 1;
      if (batch.seq <= result.lastSeq) continue;
      applyBatch(state, batch, ids);
      result.lastSeq = batch.seq;
    }
  }
  delete state.journal_seq;
  return result;
}

function parseBatch(line: string): JournalBatch | undefined {
  try {
    const batch = JSON.parse(line) as JournalBatch;
    return typeof batch.seq === 'number' && typeof batch.meta === 'object' ? batch : undefined;
  } catch {
    return undefined;
  }
}

type IdOf = Record<JournalledKey, (item: never) => string>;

/** How each collection names its records (as `Store` indexes them). */
function idsOf(): IdOf {
  return {
    accounts: (a: { account_id: string }) => a.account_id,
    drivers: (d: { driver_id: string }) => d.driver_id,
    orders: (o: { order: { order_id: string } }) => o.order.order_id,
    payments: (p: { payment: { payment_id: string } }) => p.payment.payment_id,
    events: (e: { event_id: string }) => e.event_id,
    idempotency: (r: { scope_key: string }) => r.scope_key,
    webhook_endpoints: (e: { endpoint_id: string }) => e.endpoint_id,
    deliveries: (d: { key: string }) => d.key,
    webhook_attempts: (a: { delivery_id: string }) => a.delivery_id,
  };
}

/** Positions by id, built once per collection on first use, kept in step with the array. */
const positions = new WeakMap<unknown[], Map<string, number>>();

function applyBatch(state: SandboxState, batch: JournalBatch, ids: IdOf): void {
  Object.assign(state, batch.meta);
  for (const key of JOURNALLED) {
    const items = state[key] as unknown[];
    const idOf = ids[key] as (item: unknown) => string;
    let where = positions.get(items);
    if (!where) {
      where = new Map(items.map((item, i) => [idOf(item), i]));
      positions.set(items, where);
    }
    const del = batch.del[key];
    if (del && del.length > 0) {
      const gone = new Set(del);
      const kept = items.filter((item) => !gone.has(idOf(item)));
      items.length = 0;
      for (const item of kept) items.push(item); // not push(...kept): no argument-count limit
      where.clear();
      items.forEach((item, i) => where.set(idOf(item), i));
    }
    for (const item of batch.put[key] ?? []) {
      const at = where.get(idOf(item));
      if (at === undefined) {
        where.set(idOf(item), items.length);
        items.push(item);
      } else items[at] = item;
    }
  }
}

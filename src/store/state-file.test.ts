import { appendFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { replayJournal } from './journal-files.js';
import type { OrderRecord, SandboxState } from './state.js';
import { StateFile } from './state-file.js';
import { Store } from './store.js';
import { tempDir } from '../../test/support/temp-dir.js';

function emptyState(): SandboxState {
  return {
    version: 1,
    scenario: 'unit',
    seed: 'unit',
    counters: {},
    accounts: [],
    drivers: [],
    orders: [],
    payments: [],
    events: [],
    idempotency: [],
    webhook_endpoints: [],
    deliveries: [],
    webhook_attempts: [],
  };
}

const order = (id: string, status = 'pending'): OrderRecord =>
  ({ account_id: 'acct_a', order: { order_id: id, status }, trip: null }) as OrderRecord;

/** Every StateFile a test opened: closed after it (its journal file handle with it). */
const opened: StateFile[] = [];
afterEach(async () => {
  await Promise.allSettled(opened.splice(0).map((f) => f.close()));
});

/** A data file in a fresh directory, and a way to read it back as a restart would. */
function dataFile(compactBytes = 1 << 30) {
  const path = join(tempDir('state-file-'), 'state.json');
  const open = (state: SandboxState, seq = 0, bytes = 0) => {
    const file = new StateFile(path, { compactBytes, onError: () => {} }, seq, bytes);
    opened.push(file);
    return { file, store: Store.inFile(file, state, seq > 0) };
  };
  const read = async () => {
    const state = JSON.parse(readFileSync(path, 'utf8')) as SandboxState;
    const replay = await replayJournal(path, state);
    return { state, replay };
  };
  return {
    path,
    open,
    read,
    journals: () => readdirSync(join(path, '..')).filter((n) => n.includes('.journal.')),
  };
}

describe('the --data file: a snapshot and a change journal', () => {
  it('writes a new state whole, then only what changed, and reads it back', async () => {
    const d = dataFile();
    const { store } = d.open(emptyState());
    store.orders.insert(order('ord_1'));
    await store.commit(); // the first commit: the whole state, as a snapshot
    store.orders.insert(order('ord_2'));
    store.orders.get('ord_1')!.order.status = 'cancelled';
    store.orders.touch('ord_1');
    await store.commit();
    const journal = readFileSync(join(d.path, '..', d.journals()[0]!), 'utf8');
    expect(journal.trim().split('\n')).toHaveLength(1);
    expect(journal).toContain('ord_2');
    const { state } = await d.read();
    expect(state.orders.map((r) => [r.order.order_id, r.order.status])).toEqual([
      ['ord_1', 'cancelled'],
      ['ord_2', 'pending'],
    ]);
  });

  it('groups concurrent commits into one batch', async () => {
    const d = dataFile();
    const { store } = d.open(emptyState());
    await store.commit();
    const commits = [];
    for (let i = 0; i < 50; i++) {
      store.orders.insert(order(`ord_${i}`));
      commits.push(store.commit());
    }
    await Promise.all(commits);
    const lines = readFileSync(join(d.path, '..', d.journals()[0]!), 'utf8')
      .trim()
      .split('\n');
    expect(lines.length).toBeLessThan(50);
    expect((await d.read()).state.orders).toHaveLength(50);
  });

  it('discards a torn last line, and carries on after it on the next start', async () => {
    const d = dataFile();
    const first = d.open(emptyState());
    await first.store.commit();
    first.store.orders.insert(order('ord_1'));
    await first.store.commit();
    const journal = join(d.path, '..', d.journals()[0]!);
    appendFileSync(journal, '{"seq":3,"meta":{},"put":{"orders":[{"account_id":"acct_a","ord');
    const read = await d.read();
    expect(read.state.orders.map((r) => r.order.order_id)).toEqual(['ord_1']);
    expect(read.replay.discarded).toHaveLength(1);
    const second = d.open(read.state, read.replay.lastSeq, read.replay.bytes);
    second.store.orders.insert(order('ord_2'));
    await second.store.commit();
    expect((await d.read()).state.orders.map((r) => r.order.order_id)).toEqual(['ord_1', 'ord_2']);
  });

  it('compacts past the threshold into a new snapshot and deletes the journal before it', async () => {
    const d = dataFile(64 * 1024);
    const { store, file } = d.open(emptyState());
    await store.commit();
    for (let i = 0; i < 400; i++) {
      store.orders.insert({
        ...order(`ord_${i}`),
        trip: null,
        pad: 'x'.repeat(500),
      } as OrderRecord);
      await store.commit();
    }
    await file.flush();
    const snapshot = JSON.parse(readFileSync(d.path, 'utf8')) as SandboxState;
    expect(snapshot.journal_seq).toBeGreaterThan(100);
    expect(d.journals().length).toBeLessThanOrEqual(2);
    expect((await d.read()).state.orders).toHaveLength(400);
  });

  it('recovers from a crash between a compaction snapshot and the deletion of the old journal', async () => {
    const d = dataFile();
    const { store } = d.open(emptyState());
    await store.commit();
    store.orders.insert(order('ord_1'));
    await store.commit();
    const oldJournal = readFileSync(join(d.path, '..', d.journals()[0]!), 'utf8');
    store.orders.get('ord_1')!.order.status = 'cancelled';
    store.orders.touch('ord_1');
    await store.commit();
    // As if the snapshot holding both batches was renamed in, but the journal not yet deleted:
    // the replay must skip the batches the snapshot already holds, not undo the cancellation.
    const { state } = await d.read();
    writeFileSync(d.path, JSON.stringify({ ...state, journal_seq: 3 }));
    writeFileSync(join(d.path, '..', d.journals()[0]!), oldJournal);
    expect((await d.read()).state.orders[0]!.order.status).toBe('cancelled');
  });
});

/**
 * The limits of a state import (`PUT /__sandbox/state`): how deep it may nest, how far a compressed
 * one may inflate, and one import at a time. Whatever the outcome, its worker thread ends.
 */
import { request as httpRequest } from 'node:http';
import { brotliCompressSync, constants, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveImportWorkers } from '../src/http/state-import/read-state-body.js';
import { Receiver } from './support/receiver.js';
import { KEYS, TestSandbox } from './support/test-sandbox.js';

let t: TestSandbox;
let exported: Record<string, unknown>;
beforeAll(async () => {
  t = await TestSandbox.start();
  await t.createOrder();
  exported = (await t.get('/__sandbox/state')).body;
});
afterAll(() => t.close());

/** The exported state, as text, with one idempotency record whose body nests `depth` deep. */
function stateNested(depth: number): string {
  const record = {
    scope_key: 'acct:k',
    fingerprint: 'f',
    status: 201,
    body: 'DEEP',
    created_at_ms: Date.parse('2026-01-01T12:00:00Z'),
  };
  return JSON.stringify({ ...exported, idempotency: [record] }).replace(
    '"DEEP"',
    '['.repeat(depth) + ']'.repeat(depth),
  );
}

const importRaw = (raw: string | Uint8Array, headers: Record<string, string> = {}) =>
  t.request('PUT', '/__sandbox/state', {
    raw,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

describe('a state import nested too deep', () => {
  it.each([5_000, 100_000])(
    'refuses a state whose idempotency body nests %i deep with json_too_deep, and ends its worker',
    async (depth) => {
      const res = await importRaw(stateNested(depth));
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ reason: 'json_too_deep', param: 'body' });
      expect(res.body.error.message).toContain('128 levels');
      await expect.poll(liveImportWorkers).toBe(0);
    },
  );

  it('takes a state nested as deep as a stored request body may be', async () => {
    const res = await importRaw(stateNested(64));
    expect(res.status).toBe(200);
    await expect.poll(liveImportWorkers).toBe(0);
  });
});

describe('a compressed state import', () => {
  // 8 MiB of blanks: a few kilobytes compressed, a thousand times that inflated.
  const blanks = Buffer.alloc(8 * 1024 * 1024, ' ');
  it.each([
    ['gzip', () => gzipSync(blanks)],
    ['deflate', () => deflateSync(blanks)],
    ['br', () => brotliCompressSync(blanks, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })],
  ])(
    'refuses a %s bomb that inflates over 100 times its size with a 413 inflate_ratio_exceeded',
    async (encoding, compress) => {
      const res = await importRaw(compress(), { 'Content-Encoding': encoding });
      expect(res.status).toBe(413);
      expect(res.body.error).toMatchObject({
        reason: 'inflate_ratio_exceeded',
        param: 'Content-Encoding',
      });
      await expect.poll(liveImportWorkers).toBe(0);
    },
  );

  it('takes a brotli-compressed export', async () => {
    const res = await importRaw(brotliCompressSync(JSON.stringify(exported)), {
      'Content-Encoding': 'br',
    });
    expect(res.status).toBe(200);
  });
});

describe('one state import at a time', () => {
  it('answers an import while another runs with 409 import_in_progress and Retry-After, then takes the next', async () => {
    const text = JSON.stringify(exported);
    await expect.poll(liveImportWorkers, { timeout: 15_000 }).toBe(0); // no import left running
    // The first import: its headers and half its body sent, the rest held back.
    const first = httpRequest(`${t.url}/__sandbox/state`, {
      method: 'PUT',
      headers: {
        Authorization: `Bearer ${KEYS.acme}`,
        'Content-Type': 'application/json',
        'Content-Length': Buffer.byteLength(text),
      },
    });
    const answered = new Promise<number>((resolve, reject) => {
      first.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      first.on('error', reject);
    });
    first.write(text.slice(0, 100));
    // It holds the slot once its body streams to a worker (the only import running).
    await expect.poll(liveImportWorkers, { timeout: 15_000 }).toBe(1);

    expect((await t.request('PUT', '/__sandbox/state', { body: exported })).status).toBe(409);
    const refused = await t.request('PUT', '/__sandbox/state', { body: exported });
    expect(refused.body.error).toMatchObject({ reason: 'import_in_progress' });
    expect(refused.headers['retry-after']).toBe('1');

    first.end(text.slice(100));
    expect(await answered).toBe(200);
    expect((await t.request('PUT', '/__sandbox/state', { body: exported })).status).toBe(200);
    await expect.poll(liveImportWorkers).toBe(0);
  });

  it('keeps the slot while an import whose client left still runs (its world waits for a delivery)', async () => {
    // A delivery held open by its receiver: an import waits for deliveries in flight before it
    // installs its world, so the first import below runs on after its client has gone.
    const receiver = await Receiver.start();
    receiver.answer('hang');
    expect((await t.post('/__sandbox/webhook-endpoints', { url: receiver.url })).status).toBe(201);
    await t.createOrder();
    await receiver.waitFor(1);

    const text = JSON.stringify(exported);
    const first = httpRequest(`${t.url}/__sandbox/state`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) },
    });
    first.on('error', () => undefined);
    // Its body held back: its worker is at work until the rest arrives (a worker kept from an
    // earlier import parses the rest in milliseconds, too quickly to be seen at work).
    first.write(text.slice(0, 100));
    await expect.poll(liveImportWorkers, { timeout: 15_000 }).toBe(1);
    first.end(text.slice(100));
    // Parsed: the import now waits for the delivery.
    await expect.poll(liveImportWorkers, { timeout: 15_000 }).toBe(0);
    first.destroy();
    // Real network time for the server to see the client go (nothing simulated is waited for).
    await new Promise((resolve) => setTimeout(resolve, 300));

    const next = await fetch(`${t.url}/__sandbox/state`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: text,
      signal: AbortSignal.timeout(5_000),
    });
    expect(next.status).toBe(409);
    expect(((await next.json()) as { error: { reason: string } }).error.reason).toBe(
      'import_in_progress',
    );

    await receiver.close(); // the delivery fails, the first import installs its world and ends
    await expect
      .poll(async () => (await t.request('PUT', '/__sandbox/state', { body: exported })).status)
      .toBe(200);
  });
});

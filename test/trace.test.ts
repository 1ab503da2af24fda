import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTrace } from '../src/trace/read-trace.js';
import type { TraceRecord } from '../src/trace/trace-record.js';
import { cli, launchCli } from './support/cli-process.js';
import { Receiver } from './support/receiver.js';
import { expectReplayIdentical, expectReplayNamesEditedAnswer } from './support/trace-replay.js';
import { expectError, KEYS, SAMPLE_ORDER, TestSandbox } from './support/test-sandbox.js';

const SECRET = 'whsec_trace_secret_0001';

/** A run worth tracing: orders, a payment, a cancel, a receiver that fails once, clock steps. */
async function run(t: TestSandbox, rx: Receiver): Promise<void> {
  let failed = false;
  rx.answer(() => (failed ? 200 : ((failed = true), 500)));
  expect(
    (await t.post('/__sandbox/webhook-endpoints', { url: rx.url, secret: SECRET })).status,
  ).toBe(201);
  const a = await t.createOrder();
  await t.post(`/v1/orders/${a.order_id}/payment`, { payment_method: 'pm_card_visa' });
  const b = await t.createOrder();
  await t.post('/__sandbox/clock/advance', { by: '90s' });
  await t.delete(`/v1/orders/${b.order_id}`);
  await t.get(`/v1/orders/${a.order_id}`);
  await t.get(`/v1/orders/${a.order_id}`); // asked and answered again: written as a repeat
  // another client asks the same: its own request, the same answer written as a reference
  await t.get(`/v1/orders/${a.order_id}`, { headers: { 'User-Agent': 'another-client' } });
  await t.get('/v1/orders/ord_missing');
  await t.post('/__sandbox/clock/advance', { by: '1h' });
}

describe('a trace (--trace FILE)', () => {
  let dir: string;
  let file: string;
  let records: TraceRecord[];
  let text: string;
  let midRun: TraceRecord[];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'trace-'));
    file = join(dir, 'run.jsonl.gz');
    const t = await TestSandbox.start({ trace: file });
    const rx = await Receiver.start();
    await run(t, rx);
    const res = await fetch(`${t.url}/__sandbox/trace`);
    expect(res.headers.get('content-type')).toBe('application/gzip');
    midRun = readTrace(new Uint8Array(await res.arrayBuffer()));
    await t.close();
    await rx.close();
    const bytes = await readFile(file);
    text = gunzipSync(bytes).toString('utf8');
    records = readTrace(bytes);
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const ofType = <K extends TraceRecord['type']>(type: K) =>
    records.filter((r): r is Extract<TraceRecord, { type: K }> => r.type === type);

  it('starts with the scenario, the seed and the clock, and ends in good order', () => {
    const header = ofType('header')[0];
    expect(header).toMatchObject({ sandbox: 'default', seed: expect.any(String), generation: 1 });
    expect(header?.scenario.name).toBe('ci');
    expect(header?.clock.now).toBe('2026-01-01T12:00:00.000Z');
    expect(header?.drivers.length).toBeGreaterThan(0);
    expect(records.at(-1)).toMatchObject({ type: 'end', dropped: {} });
  });

  it('holds every /v1 and control-plane request with its answer', () => {
    const requests = ofType('request').map(
      (r) => `${r.plane} ${r.entry.method} ${r.entry.path} ${r.entry.status}`,
    );
    expect(requests).toEqual(
      expect.arrayContaining([
        'control POST /__sandbox/webhook-endpoints 201',
        'v1 POST /v1/orders 201',
        'control POST /__sandbox/clock/advance 200',
        'v1 GET /v1/orders/ord_missing 404',
      ]),
    );
    expect(requests.some((r) => r.includes('/__sandbox/trace'))).toBe(false);
  });

  it('holds every event, every webhook attempt with request and response, clock changes and trips', () => {
    const events = ofType('event').map((r) => r.event.event);
    expect(events).toEqual(
      expect.arrayContaining([
        'order.created',
        'payment.completed',
        'order.delivered',
        'order.cancelled',
      ]),
    );
    const attempts = ofType('webhook').map((r) => r.attempt);
    expect(attempts[0]).toMatchObject({ attempt: 1, response_status: 500, status: 'retrying' });
    expect(attempts[0]?.request.body).toContain('"event":"order.created"');
    expect(attempts.filter((a) => a.response_status === 200).length).toBe(events.length);
    expect(ofType('clock').length).toBeGreaterThanOrEqual(2);
    const trips = ofType('trip');
    expect(trips.length).toBeGreaterThanOrEqual(2);
    expect(trips[0]?.trip.to_pickup.length).toBeGreaterThan(1);
  });

  it('writes a repeated request as a repeat, a repeated answer as a reference, read back whole', () => {
    expect(text).toMatch(/"repeats":\d+,"entry":\{"id":"req_\w+","started_at"/);
    expect(text).toMatch(/"body":\{"same_as":\d+,"size":\d+,"truncated":false\}/);
    const reads = ofType('request').filter(
      (r) => r.entry.operation === 'retrieveOrder' && r.entry.status === 200,
    );
    expect(reads.map((r) => r.entry.request.headers['user-agent'])).toEqual([
      'node',
      'node',
      'another-client',
    ]);
    const [first, again, other] = reads.map((r) => r.entry);
    expect(first?.response.body.text).toContain('"order_id"');
    expect(again).toEqual({
      ...first,
      id: again?.id,
      started_at: again?.started_at,
      duration_ms: again?.duration_ms,
    });
    expect(again?.id).not.toBe(first?.id);
    expect(other?.response.body).toEqual(first?.response.body);
  });

  it('masks every key and secret, as the request journal keeps no key', () => {
    for (const secret of [KEYS.acme, SECRET, 'Bearer']) expect(text).not.toContain(secret);
    expect(text).toContain('\\"secret\\":\\"[redacted]\\"');
  });

  it('GET /__sandbox/trace answers what was recorded so far, readable without its gzip trailer', () => {
    expect(midRun[0]?.type).toBe('header');
    expect(midRun.filter((r) => r.type === 'event').length).toBe(ofType('event').length);
    expect(midRun.some((r) => r.type === 'end')).toBe(false);
  });

  it('a killed sandbox (SIGKILL) leaves a readable trace of what it had recorded', async () => {
    const killed = join(dir, 'killed.jsonl.gz');
    const { url, child } = await launchCli(['--trace', killed]);
    try {
      const made = await fetch(`${url}/v1/orders`, {
        method: 'POST',
        headers: { authorization: `Bearer ${KEYS.acme}`, 'content-type': 'application/json' },
        body: JSON.stringify(SAMPLE_ORDER),
      });
      expect(made.status).toBe(201);
      // written as the run goes: the request reaches the file without the sandbox stopping
      await expect
        .poll(async () => readTrace(await readFile(killed)).map((r) => r.type), { timeout: 10_000 })
        .toContain('request');
    } finally {
      child.kill('SIGKILL');
    }
    await new Promise((resolve) => child.once('exit', resolve));
    const left = readTrace(await readFile(killed));
    expect(left[0]?.type).toBe('header');
    expect(left.some((r) => r.type === 'request' && r.entry.method === 'POST')).toBe(true);
    expect(left.some((r) => r.type === 'end')).toBe(false);
  }, 60_000);

  it('a trace cut short (a killed process) still reads up to the cut', async () => {
    const bytes = await readFile(file);
    const cut = readTrace(bytes.subarray(0, Math.floor(bytes.length / 2)));
    expect(cut[0]?.type).toBe('header');
    expect(cut.length).toBeGreaterThan(1);
    expect(cut.length).toBeLessThan(records.length);
  });

  it('replay says identical for the unchanged run', async () => {
    await expectReplayIdentical(records);
  });

  it('replay names the first difference when one recorded answer is edited', async () => {
    await expectReplayNamesEditedAnswer(records);
  });

  it('the CLI replays a file: "identical", exit 0; the first difference, exit 1', async () => {
    expect(await cli('replay', file)).toMatchObject({ code: 0, stdout: 'identical\n' });
    const lines = gunzipSync(await readFile(file))
      .toString('utf8')
      .split('\n');
    const at = lines.findIndex((l) => l.includes('"path":"/v1/orders/ord_missing"'));
    lines[at] = (lines[at] as string).replace('"status":404', '"status":200');
    const edited = join(dir, 'edited.jsonl.gz');
    await writeFile(edited, gzipSync(lines.join('\n')));
    const out = await cli('replay', edited);
    expect(out.code).toBe(1);
    expect(out.stdout).toContain(
      `differs at line ${at + 1} of the trace: the answer of GET /v1/orders/ord_missing`,
    );
    expect(out.stdout).toContain('recorded: status 200');
    expect(out.stdout).toContain('replayed: status 404');
  }, 60_000);

  it('the CLI shows a file: show-trace serves the dashboard and the trace, and refuses a file that is not one', async () => {
    const child = spawn(process.execPath, ['dist/cli.js', 'show-trace', file, '--port', '0']);
    try {
      let out = '';
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          const m = /(http:\/\/127\.0\.0\.1:\d+)\/\?trace=\/trace/.exec(out);
          if (m) resolve(m[1]!);
        });
        child.once('exit', (code) => reject(new Error(`show-trace exited ${code}: ${out}`)));
      });
      const page = await fetch(`${url}/?trace=/trace`);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      const served = Buffer.from(await (await fetch(`${url}/trace`)).arrayBuffer());
      expect(served.equals(await readFile(file))).toBe(true);
    } finally {
      child.kill();
    }
    const notATrace = join(dir, 'not-a-trace.txt');
    await writeFile(notATrace, 'hello');
    const refused = await cli('show-trace', notATrace);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^delivery-sandbox: .+\n$/);
  }, 60_000);
});

describe('trace size bound, named sandboxes and the download', () => {
  let t: TestSandbox;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'trace-'));
    t = await TestSandbox.start({ trace: join(dir, 'small.jsonl.gz'), traceMaxBytes: 60_000 });
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('past its size a trace says what it dropped: one dropped record, then counts in the end record', async () => {
    // reads of one order: their answers are references, before the bound and past it
    const { order_id } = await t.createOrder();
    for (let i = 0; i < 20; i++) await t.get(`/v1/orders/${order_id}`);
    for (let i = 0; i < 40; i++) await t.createOrder();
    for (let i = 0; i < 20; i++) await t.get(`/v1/orders/${order_id}`);
    await t.close();
    const records = readTrace(await readFile(join(dir, 'small.jsonl.gz')));
    const dropped = records.filter((r) => r.type === 'dropped');
    expect(dropped).toHaveLength(1);
    expect(dropped[0]).toMatchObject({
      limit_bytes: 60_000,
      message: expect.stringContaining('size limit'),
    });
    const end = records.at(-1) as Extract<TraceRecord, { type: 'end' }>;
    expect(end.type).toBe('end');
    expect(end.dropped.request).toBeGreaterThan(0);
    // every reference kept points to a record kept (readTrace refuses one that does not)
    const reads = records.filter((r) => r.type === 'request' && r.entry.method === 'GET');
    expect(reads.length).toBeGreaterThan(1);
    for (const r of reads) expect(r.type === 'request' && r.entry.response.body.text).toBeTruthy();
  });

  it('a named sandbox records its own trace with trace: true; one without answers 404 trace_not_recording', async () => {
    const u = await TestSandbox.start();
    try {
      expect(
        (await u.request('PUT', '/__sandbox/sandboxes/traced', { body: { trace: true } })).status,
      ).toBe(201);
      const made = await u.request<any>('PUT', '/__sandbox/sandboxes/plain', { body: {} });
      const key = made.body.accounts[0].api_key as string;
      const traced = await u.get<any>('/__sandbox/sandboxes/traced');
      await u.post('/v1/orders', undefined, { key: traced.body.accounts[0].api_key });
      const res = await fetch(`${u.url}/__sandbox/sandboxes/traced/trace`);
      expect(res.status).toBe(200);
      const records = readTrace(new Uint8Array(await res.arrayBuffer()));
      expect(records[0]).toMatchObject({ type: 'header', sandbox: 'traced' });
      expect(records.some((r) => r.type === 'request' && r.plane === 'v1')).toBe(true);
      expect(key).toMatch(/^sk_test_sb-plain_/);
      expectError(await u.get('/__sandbox/sandboxes/plain/trace'), 404, 'not_found', {
        reason: 'trace_not_recording',
        param: 'trace',
      });
      expectError(await u.get('/__sandbox/trace'), 404, 'not_found', {
        reason: 'trace_not_recording',
      });
    } finally {
      await u.close();
    }
  });

  it('sandboxes create --trace, then trace save FILE --sandbox NAME, saves what it recorded so far', async () => {
    const u = await TestSandbox.start();
    try {
      const at = ['--url', u.url];
      expect((await cli('sandboxes', 'create', 'cli-traced', '--trace', ...at)).code).toBe(0);
      const file = join(dir, 'saved.jsonl.gz');
      const saved = await cli('trace', 'save', file, '--sandbox', 'cli-traced', ...at);
      expect(saved).toMatchObject({
        code: 0,
        stdout: expect.stringMatching(/^saved \d+ bytes to /),
      });
      expect(readTrace(await readFile(file))[0]).toMatchObject({
        type: 'header',
        sandbox: 'cli-traced',
      });
      const refused = await cli('trace', 'save', file, ...at);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(
        '404 not_found: This sandbox records no trace; start it with --trace FILE',
      );
    } finally {
      await u.close();
    }
  }, 60_000);
});

import type { DeliveryAttempt } from '../domain/sandbox-types.js';
import type { ScenarioFile } from '../domain/scenario.js';
import type { EventRecord } from '../events/event-record.js';
import type { SandboxStreamMessage } from '../live/messages.js';
import type { AccountKeys } from '../domain/sandbox-types.js';
import {
  firstDifference,
  type ReplayedAnswer,
  type TraceDifference,
} from '../trace/compare-trace.js';
import type { TraceRecord } from '../trace/trace-record.js';
import { startReceiver, UrlMap } from './replay-receiver.js';
import { startSandbox } from './sandbox.js';

type Header = Extract<TraceRecord, { type: 'header' }>;
type RequestRecord = Extract<TraceRecord, { type: 'request' }>;

/**
 * Re-runs a trace's requests against a fresh sandbox in this process, built from the trace's
 * scenario, seed and virtual start with a manual clock, advanced to each request's recorded
 * virtual time before it is sent (the recorded `clock/advance` requests are sent too). Webhooks go
 * to a local receiver that answers each attempt as the recorded receiver did, so retries happen as
 * they did. Answers `undefined` when every answer, event and webhook body is the same, else the
 * first that differs (docs/traces.md#replay).
 */
export async function replayTrace(records: TraceRecord[]): Promise<TraceDifference | undefined> {
  const header = records[0] as Header;
  const recorded = new Map<string, DeliveryAttempt>();
  for (const r of records)
    if (r.type === 'webhook')
      recorded.set(`${r.attempt.event_id} ${r.attempt.url} ${r.attempt.attempt}`, r.attempt);
  const urls = new UrlMap();
  const receiver = await startReceiver((url, eventId, n) =>
    recorded.get(`${eventId} ${urls.unmap(url)} ${n}`),
  );
  urls.base = receiver.url;
  const scenario = replayScenario(header.scenario, urls);
  const fromScenario = new Set((header.scenario.webhooks?.endpoints ?? []).map((e) => e.url));
  const sandbox = await startSandbox({
    scenario,
    seed: header.seed,
    clock: 'manual',
    webhooks: header.endpoints
      .filter((e) => !fromScenario.has(e.url))
      .map((e) => ({ url: urls.map(e.url), events: e.events })),
  });
  const named = header.sandbox === 'default' ? undefined : header.sandbox;
  const target = named
    ? await sandbox.sandboxes.create(named, {
        scenario,
        seed: header.seed,
        clock: { mode: 'manual', start: header.clock.now },
      })
    : sandbox;
  const events: EventRecord[] = [];
  const attempts: DeliveryAttempt[] = [];
  const stream = target.stream();
  const reading = (async () => {
    for await (const m of stream as AsyncIterable<SandboxStreamMessage>) {
      if (m.type === 'event') events.push(m.data);
      else if (m.type === 'delivery') attempts.push(m.data);
    }
  })();
  const control = named ? `/__sandbox/sandboxes/${named}` : '/__sandbox';
  const answers = new Map<number, ReplayedAnswer>();
  try {
    let now = Date.parse(header.clock.now);
    const advanceTo = async (virtual: number): Promise<void> => {
      if (virtual <= now) return;
      await send(sandbox.url, 'POST', `${control}/clock/advance`, { by: `${virtual - now}ms` });
      now = virtual;
    };
    for (let i = 0; i < records.length; i++) {
      const r = records[i] as TraceRecord;
      if (r.type !== 'request') continue;
      await advanceTo(Date.parse(r.entry.virtual_time));
      answers.set(i, await replayRequest(sandbox.url, r, target.keys, control, urls));
      now = Date.parse((await sandboxClock(sandbox.url, control)).now);
    }
    const last = records.findLast((r) => 'virtual' in r);
    if (last && 'virtual' in last) await advanceTo(last.virtual);
  } finally {
    await stream.return?.();
    await reading;
    await sandbox.close();
    await receiver.close();
  }
  return firstDifference(records, { answers, events, attempts }, (text) => urls.unmap(text));
}

/** The trace's scenario, runnable: masked keys given stand-ins, endpoint URLs mapped, manual clock. */
function replayScenario(file: ScenarioFile, urls: UrlMap): ScenarioFile {
  const accounts = file.accounts?.map((a, i) => ({
    ...a,
    api_keys: a.api_keys?.map((k, j) => `${k.slice(0, 2)}_test_replay${i}k${j}`),
  }));
  const endpoints = file.webhooks?.endpoints?.map((e) => {
    const kept = { ...e, url: urls.map(e.url) };
    delete kept.secret; // masked in the trace: the replay's is generated
    return kept;
  });
  return {
    ...file,
    ...(accounts ? { accounts } : {}),
    webhooks: { ...file.webhooks, ...(endpoints ? { endpoints } : {}) },
    clock: { ...file.clock, mode: 'manual' },
  };
}

async function replayRequest(
  base: string,
  r: RequestRecord,
  keys: AccountKeys[],
  control: string,
  urls: UrlMap,
): Promise<ReplayedAnswer> {
  const { entry } = r;
  const headers: Record<string, string> = { ...entry.request.headers };
  const key = keyFor(entry.account_id, entry.key_mode, keys);
  if (key) headers.authorization = `Bearer ${key}`;
  else if (entry.account_id === null && entry.reason === 'invalid_api_key')
    headers.authorization = 'Bearer sk_test_replay_unknown_key';
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(entry.query))
    for (const one of Array.isArray(v) ? v : [v]) query.append(k, one);
  const path = r.plane === 'control' ? controlPath(entry.path, control) : entry.path;
  const url = `${base}${path}${query.size > 0 ? `?${query.toString()}` : ''}`;
  let body = entry.request.body.text;
  if (body !== null && r.plane === 'control') body = urls.mapIn(withoutMaskedSecret(body, urls));
  const res = await fetch(url, { method: entry.method, headers, body });
  return { status: res.status, text: await res.text() };
}

/**
 * Where a recorded control-plane request goes in the replay: a named sandbox's own path
 * (`/__sandbox/sandboxes/NAME/…`, as its trace records it) as it is, the sandbox's name being the
 * same; another `/__sandbox/…` path under the replayed sandbox's `control` prefix.
 */
function controlPath(path: string, control: string): string {
  if (path === control || path.startsWith(`${control}/`)) return path;
  return `${control}${path.slice('/__sandbox'.length)}`;
}

/** A control body's masked `secret` left out (the replay's own is generated) and URLs mapped. */
function withoutMaskedSecret(body: string, urls: UrlMap): string {
  try {
    const value = JSON.parse(body) as Record<string, unknown>;
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      if (value.secret === '[redacted]') delete value.secret;
      if (typeof value.url === 'string') urls.map(value.url);
      return JSON.stringify(value);
    }
  } catch {
    // not JSON: sent as recorded
  }
  return body;
}

function keyFor(
  accountId: string | null,
  mode: 'read_write' | 'read_only' | null,
  keys: AccountKeys[],
): string | undefined {
  const account = keys.find((k) => k.account_id === accountId);
  const prefix = mode === 'read_only' ? 'rk_' : 'sk_';
  return account?.api_keys.find((k) => k.startsWith(prefix));
}

async function send(base: string, method: string, path: string, body: unknown): Promise<unknown> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

async function sandboxClock(base: string, control: string): Promise<{ now: string }> {
  const res = await fetch(`${base}${control}/clock`);
  return (await res.json()) as { now: string };
}

// Requests: the request journal (GET /__sandbox/requests), the last /v1 requests with their
// answers, each one's bodies, a HAR download and Clear.
import { useEffect, useState } from 'preact/hooks';
import { api, list } from '../api.js';
import { attempt, prettyJson, time } from '../format.js';
import type { PanelProps } from '../panel.js';
import type { JournalBody, JournalEntry } from '../types.js';

/**
 * A GET answers without any stream message, so the open panel re-reads the newest page this
 * often (never faster: the journal is the sandbox's, the page is a guest).
 */
const REFRESH_MS = 2000;

/** The request a `#requests/req_…` link points at (the Report panel's proofs), or null. */
const requestFromHash = (): string | null =>
  /^#requests\/(req_\w+)$/.exec(location.hash)?.[1] ?? null;

const body = (b: JournalBody): string =>
  b.text === null || b.text === ''
    ? '(no body)'
    : b.truncated
      ? `${b.text}\n… cut: ${b.size} bytes in all`
      : prettyJson(b.text);

const faultText = (f: NonNullable<JournalEntry['fault']>): string =>
  `${f.kind}${f.status === null ? '' : ` ${f.status}`} (${f.source})`;

const headers = (h: Record<string, string>): string =>
  Object.entries(h)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n');

function Detail({ r }: { r: JournalEntry }) {
  const query = new URLSearchParams(
    Object.entries(r.query).flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((x) => [k, x])),
  ).toString();
  return (
    <tr class="attempt-detail" data-testid="request-detail">
      <td colSpan={7}>
        <div class="grid2">
          <div>
            <h4>Request</h4>
            <pre>
              {`${r.method} ${r.path}${query ? `?${query}` : ''}\n${headers(r.request.headers)}`}
              {`\n\n${body(r.request.body)}`}
            </pre>
            <p class="muted small">
              {r.id} · account {r.account_id ?? 'unknown'} · virtual time {r.virtual_time}
            </p>
          </div>
          <div>
            <h4>Response</h4>
            <pre>
              {r.status === null ? 'no answer' : `HTTP ${r.status}`}
              {r.fault ? `\nfault injected: ${faultText(r.fault)}` : ''}
              {`\n${headers(r.response.headers)}\n\n${body(r.response.body)}`}
            </pre>
          </div>
        </div>
      </td>
    </tr>
  );
}

export function RequestsPanel({ state }: PanelProps) {
  const [status, setStatus] = useState('');
  // Oldest first; `older`: the journal holds requests before the first one.
  const [{ entries, older }, setShown] = useState<{ entries: JournalEntry[]; older: boolean }>({
    entries: [],
    older: false,
  });
  const [open, setOpen] = useState<string | null>(requestFromHash());
  const filter = status ? `?status=${status}` : '';
  const load = () =>
    list<JournalEntry>(`/__sandbox/requests${filter}`, 'requests').then((page) => {
      // Keep what Load older brought in, below the newest page.
      setShown((shown) => {
        const first = page.items[0];
        const cut = first ? shown.entries.findIndex((e) => e.id === first.id) : -1;
        return cut > 0
          ? { entries: [...shown.entries.slice(0, cut), ...page.items], older: shown.older }
          : { entries: page.items, older: page.has_more };
      });
    });
  useEffect(() => {
    setShown({ entries: [], older: false });
    void attempt(load);
    const timer = window.setInterval(() => void load().catch(() => undefined), REFRESH_MS);
    return () => clearInterval(timer);
  }, [filter, state.world?.generation]);
  const loadOlder = () =>
    attempt(async () => {
      const page = await list<JournalEntry>(
        `/__sandbox/requests${filter}`,
        'requests',
        entries[0]?.id,
      );
      setShown((shown) => ({ entries: [...page.items, ...shown.entries], older: page.has_more }));
    });
  const har = () =>
    attempt(async () => {
      const doc = await api<unknown>('GET', `/__sandbox/requests.har${filter}`);
      const link = document.createElement('a');
      link.href = URL.createObjectURL(
        new Blob([JSON.stringify(doc, null, 2)], { type: 'application/json' }),
      );
      link.download = 'delivery-sandbox.har';
      link.click();
      URL.revokeObjectURL(link.href);
    });
  const clear = () => {
    if (!window.confirm('Clear the request journal? Every recorded request is dropped.')) return;
    void attempt(async () => {
      await api('DELETE', '/__sandbox/requests');
      setShown({ entries: [], older: false });
    });
  };
  const rows = [...entries].reverse();
  return (
    <section>
      <h2>Requests to /v1 ({rows.length})</h2>
      <div class="filters">
        <select name="status" value={status} onChange={(e) => setStatus(e.currentTarget.value)}>
          <option value="">every status</option>
          {['2xx', '4xx', '5xx'].map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
        <button class="secondary" onClick={() => void har()}>
          Download HAR
        </button>
        <button class="danger" onClick={clear}>
          Clear
        </button>
      </div>
      {rows.length === 0 && (
        <p class="muted">
          No /v1 request yet: what your client sends appears here, with its answer.
        </p>
      )}
      <table data-testid="requests">
        <thead>
          <tr>
            <th>Time</th>
            <th>Method</th>
            <th>Path</th>
            <th>Status</th>
            <th>Reason</th>
            <th>ms</th>
            <th>Fault</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => [
            <tr
              key={r.id}
              data-request={r.id}
              class={open === r.id ? 'selected' : ''}
              onClick={() => setOpen(open === r.id ? null : r.id)}
            >
              <td>{time(r.virtual_time)}</td>
              <td>{r.method}</td>
              <td class="mono">{r.path}</td>
              <td>{r.status ?? 'no answer'}</td>
              <td>{r.reason ?? ''}</td>
              <td>{Math.round(r.duration_ms * 10) / 10}</td>
              <td>
                {r.fault && (
                  <span class="status failed" data-testid="fault">
                    {faultText(r.fault)}
                  </span>
                )}
              </td>
            </tr>,
            open === r.id ? <Detail key={`${r.id}-detail`} r={r} /> : null,
          ])}
        </tbody>
      </table>
      {older && (
        <button class="secondary" onClick={() => void loadOlder()}>
          Load older
        </button>
      )}
    </section>
  );
}

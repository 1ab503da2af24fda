// The webhook delivery log: filters, each attempt's request and response, and Redeliver.
import { useEffect, useState } from 'preact/hooks';
import { api } from '../api.js';
import { attempt, prettyJson, time } from '../format.js';
import type { PanelProps } from '../panel.js';
import type { DeliveryAttempt } from '../types.js';

interface Filters {
  endpoint: string;
  event: string;
  order: string;
  status: string;
  /**
   * An attempt's id, set by a link to `#webhooks/dlv_…` (the Report panel's evidence): the log shows
   * every attempt of its delivery (its event to its endpoint), the linked one marked.
   */
  delivery: string;
}

/** The attempt a `#webhooks/dlv_…` link points at, or ''. */
const deliveryFromHash = (): string => /^#webhooks\/(dlv_\w+)$/.exec(location.hash)?.[1] ?? '';

/**
 * Whether an attempt passes the filters; `linked` is the attempt a `#webhooks/dlv_…` link names
 * (each attempt has its own `delivery_id`; a delivery's attempts share `event_id` and
 * `endpoint_id`).
 */
const matches = (a: DeliveryAttempt, f: Filters, linked: DeliveryAttempt | undefined): boolean =>
  (!f.endpoint || a.endpoint_id === f.endpoint) &&
  (!f.event || a.event === f.event) &&
  (!f.order || (a.order_id ?? '').includes(f.order.trim())) &&
  (!f.status || a.status === f.status) &&
  (!f.delivery ||
    (linked !== undefined &&
      a.event_id === linked.event_id &&
      a.endpoint_id === linked.endpoint_id));

function AttemptDetail({ a }: { a: DeliveryAttempt }) {
  const [note, setNote] = useState('');
  const redeliver = () =>
    attempt(async () => {
      const r = await api<{ deliveries: unknown[] }>(
        'POST',
        `/__sandbox/events/${a.event_id}/redeliver`,
      );
      setNote(`redelivered to ${r.deliveries.length} endpoint(s)`);
    });
  return (
    <tr class="attempt-detail">
      <td colSpan={8}>
        <div class="grid2">
          <div>
            <h4>Request</h4>
            <pre>
              {`POST ${a.url}\n`}
              {Object.entries(a.request.headers)
                .map(([k, v]) => `${k}: ${v}`)
                .join('\n')}
              {`\n\n${prettyJson(a.request.body)}`}
            </pre>
          </div>
          <div>
            <h4>Response</h4>
            <pre>
              {a.response_status === null ? 'no response' : `HTTP ${a.response_status}`}
              {a.error ? `\nerror: ${a.error}` : ''}
              {`\nlatency: ${a.duration_ms} ms`}
              {a.next_attempt_at ? `\nnext retry: ${a.next_attempt_at}` : ''}
              {a.fault ? `\nfault injected: ${a.fault}` : ''}
              {a.response_body ? `\n\n${prettyJson(a.response_body)}` : ''}
            </pre>
            <button onClick={() => void redeliver()}>Redeliver {a.event}</button>
            {note && <span class="muted"> {note}</span>}
          </div>
        </div>
      </td>
    </tr>
  );
}

export function DeliveryLog({ store, state }: PanelProps) {
  const [f, setF] = useState<Filters>({
    endpoint: '',
    event: '',
    order: '',
    status: '',
    delivery: deliveryFromHash(),
  });
  const [open, setOpen] = useState<string | null>(null);
  useEffect(() => {
    const onHash = () => setF((now) => ({ ...now, delivery: deliveryFromHash() }));
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  const linked = state.deliveries.find((a) => a.delivery_id === f.delivery);
  const rows = state.deliveries.filter((a) => matches(a, f, linked)).reverse();
  const events = [...new Set(state.deliveries.map((a) => a.event))].sort();
  const select = (key: keyof Filters, options: string[], label: string) => (
    <select
      name={key}
      value={f[key]}
      onChange={(e) => setF({ ...f, [key]: e.currentTarget.value })}
    >
      <option value="">{label}</option>
      {options.map((o) => (
        <option key={o} value={o}>
          {o}
        </option>
      ))}
    </select>
  );
  return (
    <section>
      <h2>Delivery log ({rows.length})</h2>
      <div class="filters">
        {select(
          'endpoint',
          state.endpoints.map((e) => e.endpoint_id),
          'every endpoint',
        )}
        {select('event', events, 'every event')}
        <input
          name="order"
          placeholder="order id"
          value={f.order}
          onInput={(e) => setF({ ...f, order: e.currentTarget.value })}
        />
        {select('status', ['succeeded', 'retrying', 'failed'], 'every status')}
        {f.delivery && (
          <button
            class="secondary"
            title="Show every delivery"
            onClick={() => (location.hash = '#webhooks')}
          >
            delivery {f.delivery} ×
          </button>
        )}
      </div>
      {f.delivery && rows.length === 0 && (
        <p class="muted">
          Attempt {f.delivery} is not among the attempts loaded: load older ones below.
        </p>
      )}
      <table data-testid="deliveries">
        <thead>
          <tr>
            <th>Time</th>
            <th>Event</th>
            <th>Order</th>
            <th>Endpoint</th>
            <th>#</th>
            <th>Status</th>
            <th>HTTP</th>
            <th>ms</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((a) => {
            const key = a.delivery_id;
            return [
              <tr
                key={key}
                data-attempt={a.attempt}
                data-event={a.event}
                data-linked={a.delivery_id === f.delivery ? 'true' : undefined}
                class={open === key || a.delivery_id === f.delivery ? 'selected' : ''}
                onClick={() => setOpen(open === key ? null : key)}
              >
                <td>{time(a.attempted_at)}</td>
                <td>{a.event}</td>
                <td class="mono">{a.order_id ?? '—'}</td>
                <td class="mono">{a.endpoint_id}</td>
                <td>{a.attempt}</td>
                <td>
                  <span class={`status ${a.status}`}>{a.status}</span>
                </td>
                <td>{a.response_status ?? a.error ?? '—'}</td>
                <td>{a.duration_ms}</td>
              </tr>,
              open === key ? <AttemptDetail key={`${key}-detail`} a={a} /> : null,
            ];
          })}
        </tbody>
      </table>
      {state.older.deliveries && (
        <button class="secondary" onClick={() => void attempt(() => store.loadOlderDeliveries())}>
          Load older
        </button>
      )}
    </section>
  );
}

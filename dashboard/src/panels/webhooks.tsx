// Webhooks: register an endpoint, reveal and copy its secret, send a test event, remove it; and
// under it the delivery log (deliveries.tsx).
import { useState } from 'preact/hooks';
import { api } from '../api.js';
import { attempt } from '../format.js';
import type { PanelProps } from '../panel.js';
import type { Endpoint, EventName } from '../types.js';
import { DeliveryLog } from './deliveries.js';

/**
 * The event filter's choices, in lifecycle order. Keyed by the contract's EventName, so the
 * typecheck fails when openapi/v1.yaml adds an event the form does not offer.
 */
const EVENTS: Record<EventName, true> = {
  'order.created': true,
  'order.driver_assigned': true,
  'order.picked_up': true,
  'order.delivered': true,
  'order.cancelled': true,
  'payment.completed': true,
};
const EVENT_NAMES = Object.keys(EVENTS);

/** Open while there is no endpoint; folded away (one click) once there is one. */
function RegisterForm({ store, open }: Pick<PanelProps, 'store'> & { open: boolean }) {
  const [url, setUrl] = useState('');
  const [secret, setSecret] = useState('');
  const [events, setEvents] = useState<string[]>([]);
  const toggle = (name: string) =>
    setEvents(events.includes(name) ? events.filter((e) => e !== name) : [...events, name]);
  const submit = (e: Event) => {
    e.preventDefault();
    void attempt(async () => {
      const created = await api<Endpoint>('POST', '/__sandbox/webhook-endpoints', {
        url: url.trim(),
        ...(secret.trim() ? { secret: secret.trim() } : {}),
        ...(events.length > 0 ? { events } : {}),
      });
      store.keepSecret(created.endpoint_id, created.secret);
      setUrl('');
      setSecret('');
      setEvents([]);
      await store.reloadEndpoints();
    });
  };
  return (
    <details class="card" open={open}>
      <summary>Register an endpoint</summary>
      <form class="register" onSubmit={submit} data-testid="register-endpoint">
        <label>
          URL{' '}
          <input
            name="url"
            required
            placeholder="http://localhost:3000/webhooks"
            value={url}
            onInput={(e) => setUrl(e.currentTarget.value)}
          />
        </label>
        <fieldset>
          <legend>Events (none ticked: all)</legend>
          {EVENT_NAMES.map((name) => (
            <label key={name} class="check">
              <input
                type="checkbox"
                checked={events.includes(name)}
                onChange={() => toggle(name)}
              />
              {name}
            </label>
          ))}
        </fieldset>
        <label>
          Secret{' '}
          <input
            name="secret"
            placeholder="generated when empty (whsec_…)"
            value={secret}
            onInput={(e) => setSecret(e.currentTarget.value)}
          />
        </label>
        <button type="submit">Register</button>
      </form>
    </details>
  );
}

/** Why a secret cannot be revealed: the control plane showed it once, to whoever registered it. */
const SHOWN_ONCE =
  'The secret was shown once, when the endpoint was registered (the banner shows those given at start); register it again here to see a new one';

function EndpointRow({
  endpoint,
  secret,
  store,
}: Pick<PanelProps, 'store'> & { endpoint: Endpoint; secret: string | undefined }) {
  const [shown, setShown] = useState(false);
  const [note, setNote] = useState('');
  const copy = () =>
    navigator.clipboard.writeText(secret ?? '').then(
      () => setNote('secret copied'),
      () => setNote('copy refused by the browser: reveal and select it'),
    );
  const test = () =>
    attempt(async () => {
      await api('POST', `/__sandbox/webhook-endpoints/${endpoint.endpoint_id}/test`);
      setNote('test event sent: see the delivery log');
    });
  const remove = () =>
    attempt(async () => {
      await api('DELETE', `/__sandbox/webhook-endpoints/${endpoint.endpoint_id}`);
      await store.reloadEndpoints();
    });
  return (
    <tr data-endpoint={endpoint.endpoint_id}>
      <td class="mono nowrap">{endpoint.endpoint_id}</td>
      <td class="mono">{endpoint.url}</td>
      <td>{endpoint.events.join(', ')}</td>
      <td class="mono nowrap" data-testid="secret" title={secret ? '' : SHOWN_ONCE}>
        {shown && secret ? secret : endpoint.secret}
      </td>
      <td>
        <div class="actions">
          <button
            class="secondary"
            disabled={!secret}
            title={secret ? '' : SHOWN_ONCE}
            onClick={() => setShown(!shown)}
          >
            {shown ? 'Hide' : 'Reveal'}
          </button>
          <button
            class="secondary"
            disabled={!secret}
            title={secret ? '' : SHOWN_ONCE}
            onClick={() => void copy()}
          >
            Copy
          </button>
          <button class="secondary" onClick={() => void test()}>
            Send test
          </button>
          <button class="danger" onClick={() => void remove()}>
            Remove
          </button>
          {note && <span class="muted"> {note}</span>}
        </div>
      </td>
    </tr>
  );
}

export function WebhooksPanel({ store, state }: PanelProps) {
  return (
    <div>
      <section>
        <h2>Endpoints ({state.endpoints.length})</h2>
        {state.endpoints.length === 0 && (
          <p class="muted">No endpoint yet: events are recorded but delivered nowhere.</p>
        )}
        <table data-testid="endpoints">
          <tbody>
            {state.endpoints.map((e) => (
              <EndpointRow
                key={e.endpoint_id}
                endpoint={e}
                secret={state.secrets.get(e.endpoint_id)}
                store={store}
              />
            ))}
          </tbody>
        </table>
      </section>
      <RegisterForm store={store} open={state.endpoints.length === 0} />
      <DeliveryLog store={store} state={state} />
    </div>
  );
}

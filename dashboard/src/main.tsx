// The dashboard: a tab bar over one module per panel (dashboard/src/panels/), the admin-token
// gate, and the store that the stream keeps live. Adding a panel is one entry in PANELS.
import { render, type ComponentType } from 'preact';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { api, ApiError, sandboxName, setAdminToken } from './api.js';
import { ClockPanel } from './panels/clock.js';
import { MapPanel } from './panels/map.js';
import { OrdersPanel } from './panels/orders.js';
import { ReportPanel } from './panels/report.js';
import { RequestsPanel } from './panels/requests.js';
import { SandboxPanel } from './panels/sandbox.js';
import { WebhooksPanel } from './panels/webhooks.js';
import type { PanelProps } from './panel.js';
import { SandboxPicker, sandboxHref } from './picker.js';
import { Store, useStore, type State } from './store.js';
import { TraceApp } from './trace/trace-app.js';
import { readTraceRecords, type TraceRecord } from './trace/trace-records.js';
import { useVirtualNow } from './virtual-now.js';
import './styles.css';

const PANELS: { id: string; title: string; component: ComponentType<PanelProps> }[] = [
  { id: 'orders', title: 'Orders', component: OrdersPanel },
  { id: 'map', title: 'Map', component: MapPanel },
  { id: 'webhooks', title: 'Webhooks', component: WebhooksPanel },
  { id: 'requests', title: 'Requests', component: RequestsPanel },
  { id: 'clock', title: 'Clock', component: ClockPanel },
  { id: 'report', title: 'Report', component: ReportPanel },
  { id: 'sandbox', title: 'Sandbox', component: SandboxPanel },
];

/** `#webhooks` or `#webhooks/dlv_…` (a link into a panel) opens that panel. */
const panelFromHash = (): string =>
  PANELS.find((p) => `#${p.id}` === location.hash.split('/')[0])?.id ?? 'orders';

/** Asks for the admin token (a sandbox started with --admin-token); kept for this tab only. */
function TokenGate({ onToken, failed }: { onToken: () => void; failed: boolean }) {
  const [value, setValue] = useState('');
  return (
    <form
      class="gate"
      onSubmit={(e) => {
        e.preventDefault();
        setAdminToken(value.trim());
        onToken();
      }}
    >
      <h1>delivery-sandbox</h1>
      <p>This sandbox was started with an admin token. Enter it to open the dashboard.</p>
      <p class="muted">It is kept for this tab only (sessionStorage) and sent to this sandbox.</p>
      <label>
        Admin token{' '}
        <input
          name="token"
          type="password"
          autocomplete="off"
          value={value}
          onInput={(e) => setValue(e.currentTarget.value)}
        />
      </label>
      <button type="submit">Open</button>
      {failed && <p class="error">That token was refused; check --admin-token.</p>}
    </form>
  );
}

/** The virtual time in the header, ticking in realtime mode (its own component: only it re-renders). */
function HeaderClock({ state }: { state: State }) {
  const now = useVirtualNow(state);
  return (
    <span class="clock-mini" data-testid="header-clock">
      {now ? `${now.replace('T', ' ').slice(0, 19)} UTC` : ''}
    </span>
  );
}

function Dashboard({ store }: { store: Store }) {
  const state = useStore(store);
  const [panel, setPanel] = useState(panelFromHash());
  useEffect(() => {
    const onHash = () => setPanel(panelFromHash());
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  const Current = (PANELS.find((p) => p.id === panel) ?? PANELS[0]!).component;
  return (
    <div class="shell">
      <header>
        <strong>delivery-sandbox</strong>
        <SandboxPicker />
        <span class="muted">
          {state.world ? `${state.world.scenario} · seed ${state.world.seed}` : 'connecting…'}
        </span>
        <HeaderClock state={state} />
        <span class={state.live ? 'live on' : 'live'}>{state.live ? 'live' : 'offline'}</span>
        {state.error && <span class="error">{state.error}</span>}
      </header>
      <nav>
        {PANELS.map((p) => (
          <a key={p.id} href={`#${p.id}`} class={p.id === panel ? 'active' : ''}>
            {p.title}
          </a>
        ))}
      </nav>
      <main>
        <Current store={store} state={state} />
      </main>
    </div>
  );
}

/** `/?sandbox=NAME` names no sandbox (never made, deleted, expired, or no sandbox name at all). */
function NoSandbox({ message }: { message: string }) {
  return (
    <div class="gate" data-testid="no-sandbox">
      <h1>delivery-sandbox</h1>
      <p class="error">{message}</p>
      <p>
        <a href={sandboxHref('default')}>Back to the default sandbox</a>, or pick another:{' '}
        <SandboxPicker />
      </p>
    </div>
  );
}

/** Checks access once (the control plane answers 401 without the right token), then opens. */
function App() {
  const store = useMemo(() => new Store(), []);
  const [access, setAccess] = useState<'checking' | 'ok' | 'token' | 'refused' | 'gone'>(
    'checking',
  );
  const [gone, setGone] = useState('');
  const check = () => {
    api('GET', '/__sandbox/clock')
      .then(() => setAccess('ok'))
      .catch((e: unknown) => {
        // The page's sandbox (the only thing the URL names) is not there: say so, offer the way back.
        if (sandboxName() !== null && e instanceof ApiError && e.param === 'name') {
          setGone(e.message);
          setAccess('gone');
        } else if (e instanceof ApiError && e.status === 401) {
          setAccess((prev) => (prev === 'checking' ? 'token' : 'refused'));
          setAdminToken(null);
        } else setAccess('ok'); // the header shows what went wrong
      });
  };
  useEffect(check, []);
  useEffect(() => {
    if (access !== 'ok') return;
    store.start();
    return () => store.stop();
  }, [access, store]);
  if (access === 'checking') return <p class="muted">Connecting…</p>;
  if (access === 'gone') return <NoSandbox message={gone} />;
  if (access !== 'ok') return <TokenGate onToken={check} failed={access === 'refused'} />;
  return <Dashboard store={store} />;
}

/** A trace to show: `?trace=URL` (what `delivery-sandbox show-trace` opens), or a dropped file. */
function useTrace(): { trace: { records: TraceRecord[]; name: string } | null; error: string } {
  const [trace, setTrace] = useState<{ records: TraceRecord[]; name: string } | null>(null);
  const [error, setError] = useState('');
  const open = (bytes: Promise<ArrayBuffer>, name: string) =>
    bytes
      .then(readTraceRecords)
      .then((records) => setTrace({ records, name }))
      .catch((e: unknown) => setError(`${name}: ${(e as Error).message}`));
  useEffect(() => {
    const url = new URLSearchParams(location.search).get('trace');
    if (url)
      void open(
        fetch(url).then((r) => r.arrayBuffer()),
        url,
      );
    const over = (e: DragEvent) => e.preventDefault();
    const drop = (e: DragEvent) => {
      const file = e.dataTransfer?.files[0];
      if (!file) return;
      e.preventDefault();
      void open(file.arrayBuffer(), file.name);
    };
    window.addEventListener('dragover', over);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragover', over);
      window.removeEventListener('drop', drop);
    };
  }, []);
  return { trace, error };
}

/** The live dashboard, or the trace viewer once a trace is opened (read-only, offline). */
function Root() {
  const { trace, error } = useTrace();
  const store = useMemo(() => new Store(), [trace]);
  if (error)
    return (
      <p class="error" data-testid="trace-error">
        {error}
      </p>
    );
  if (trace)
    return <TraceApp records={trace.records} name={trace.name} store={store} Shell={Dashboard} />;
  if (new URLSearchParams(location.search).has('trace')) return <p class="muted">Opening…</p>;
  return <App />;
}

render(<Root />, document.getElementById('app')!);

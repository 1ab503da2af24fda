// The integration report (GET /__sandbox/report): coverage by area, client contract violations,
// the receivers' scorecards and signature probes, and "Start a fresh report".
import { useEffect, useRef, useState } from 'preact/hooks';
import { api } from '../api.js';
import { attempt, time } from '../format.js';
import type { PanelProps } from '../panel.js';
import type { CoverageEntry, IntegrationReport } from '../types.js';
import { Scorecard } from './receivers.js';

/** The report is re-read at most this often, however busy the stream is. */
const MIN_INTERVAL_MS = 2000;

/**
 * The report, re-read when `changed` changes (the stream brought events or attempts), at most
 * once per MIN_INTERVAL_MS: one read for a burst, never a poll.
 */
function useReport(
  changed: unknown,
  store: PanelProps['store'],
): { report: IntegrationReport | null; load: () => void } {
  const [report, setReport] = useState<IntegrationReport | null>(null);
  const last = useRef(-Infinity);
  const timer = useRef<number | undefined>(undefined);
  const load = () => {
    last.current = performance.now();
    // The endpoints too: one registered by a script since the page loaded can be probed at once.
    Promise.all([api<IntegrationReport>('GET', '/__sandbox/report'), store.reloadEndpoints()]).then(
      ([r]) => setReport(r),
      (e: Error) => window.alert(e.message),
    );
  };
  useEffect(() => {
    if (timer.current !== undefined) return;
    const wait = Math.max(0, last.current + MIN_INTERVAL_MS - performance.now());
    timer.current = window.setTimeout(() => {
      timer.current = undefined;
      load();
    }, wait);
  }, [changed]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return { report, load };
}

/** A delivery id links to its attempts in the Webhooks log, a request id to the Requests panel. */
function Evidence({ id }: { id: string }) {
  const panel = id.startsWith('dlv_') ? 'webhooks' : id.startsWith('req_') ? 'requests' : null;
  return panel ? (
    <a class="mono" href={`#${panel}/${id}`}>
      {id}
    </a>
  ) : (
    <span class="mono">{id}</span>
  );
}

function CoverageArea({ area, entries }: { area: string; entries: CoverageEntry[] }) {
  const covered = entries.filter((e) => e.status === 'covered').length;
  return (
    <tbody data-area={area}>
      <tr class="group">
        <th colSpan={3}>
          <span class="area">{area}</span>{' '}
          <span class="muted">{`${covered} of ${entries.length} covered`}</span>
        </th>
      </tr>
      {entries.map((e) => (
        <tr key={e.id} data-coverage={e.id} data-status={e.status}>
          <td>
            <span class={`status ${e.status}`}>{e.status.replace('_', ' ')}</span>
          </td>
          <td>
            <span class="mono">{e.id}</span>
            <div class="muted small">{e.description}</div>
          </td>
          <td class="small">
            {/* Two proofs are enough to follow; the count says how many more there are. */}
            {e.evidence.slice(0, 2).map((id, i) => [i > 0 && ' ', <Evidence key={id} id={id} />])}
            {e.count > 2 && <span class="muted"> +{e.count - 2}</span>}
          </td>
        </tr>
      ))}
    </tbody>
  );
}

const noData = (e: CoverageEntry): boolean => e.status === 'no_data';

function Violations({ report }: { report: IntegrationReport }) {
  const { available, note, items } = report.violations;
  if (!available) return <p class="muted">{note ?? 'No request data yet.'}</p>;
  if (items.length === 0) return <p>No client contract violation found.</p>;
  return (
    <table data-testid="violations">
      <thead>
        <tr>
          <th>Rule</th>
          <th>Operation</th>
          <th>Param</th>
          <th>Count</th>
          <th>Example</th>
        </tr>
      </thead>
      <tbody>
        {items.map((v) => (
          <tr key={`${v.operation}:${v.param}:${v.rule}`} data-violation={v.rule}>
            <td class="mono nowrap">{v.rule}</td>
            <td class="mono nowrap">{v.operation}</td>
            <td class="mono">{v.param ?? '—'}</td>
            <td>{v.count}</td>
            <td>
              {v.message}
              <div class="mono small">
                {v.example.method} {v.example.path} → {v.example.status ?? 'no answer'}{' '}
                <Evidence id={v.example.request_id} />
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ReportPanel({ store, state }: PanelProps) {
  const { report, load } = useReport(`${state.world?.generation}:${state.activity}`, store);
  if (!report) return <p class="muted">Loading the report…</p>;
  const areas = new Map<string, CoverageEntry[]>();
  for (const e of report.coverage) {
    const area = e.id.split('.')[0] ?? e.id;
    areas.set(area, [...(areas.get(area) ?? []), e]);
  }
  const { coverage: c, probes: p } = report.summary;
  const reset = () => {
    if (!window.confirm('Start a fresh report? Everything it has observed so far is forgotten.'))
      return;
    void attempt(async () => {
      await api('POST', '/__sandbox/report/reset');
      load();
    });
  };
  const registered = new Set(state.endpoints.map((e) => e.endpoint_id));
  return (
    <div>
      <section data-testid="report-summary">
        <h2>Integration report</h2>
        <p>
          Since {time(report.since)}: <strong>{c.covered}</strong> of {c.total} situations covered (
          {c.not_covered} not covered, {c.no_data} without data) ·{' '}
          {report.summary.violations === null
            ? 'violations: no request data yet'
            : `${report.summary.violations} violations`}{' '}
          · probes: {p.passed} passed, {p.failed} failed, {p.inconclusive} inconclusive,{' '}
          {p.not_probed} not probed.
        </p>
        <div class="actions">
          <button class="secondary" onClick={reset}>
            Start a fresh report
          </button>
          <span class="muted">The same report: npx delivery-sandbox report (docs/report.md).</span>
        </div>
      </section>
      {/* The whole width: its messages and examples are long, and they are what to fix first. */}
      <section>
        <h2>Client contract violations</h2>
        <Violations report={report} />
      </section>
      <div class="split">
        <section>
          <h2>Coverage</h2>
          <table data-testid="coverage">
            {/* Areas with data first: request situations have none until the journal feeds them. */}
            {[...areas]
              .sort(([, a], [, b]) => Number(a.every(noData)) - Number(b.every(noData)))
              .map(([area, entries]) => (
                <CoverageArea key={area} area={area} entries={entries} />
              ))}
          </table>
        </section>
        <section>
          <h2>Webhook receivers ({report.receivers.length})</h2>
          {report.receivers.length === 0 && (
            <p class="muted">No endpoint yet: register one in the Webhooks panel.</p>
          )}
          {report.receivers.map((r) => (
            <Scorecard
              key={r.endpoint_id}
              r={r}
              registered={registered.has(r.endpoint_id)}
              onChange={load}
            />
          ))}
        </section>
      </div>
    </div>
  );
}

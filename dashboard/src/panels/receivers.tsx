// The Report panel's receiver scorecards: how each webhook endpoint answered, and its signature
// probe with "Probe now".
import { useState } from 'preact/hooks';
import { api } from '../api.js';
import type { ProbeResult, ReceiverScorecard } from '../types.js';

const ms = (n: number | null): string => (n === null ? '—' : `${Math.round(n)} ms`);

const percent = (rate: number | null): string =>
  rate === null ? '—' : `${Math.round(rate * 1000) / 10} %`;

function Probe({ probe }: { probe: ProbeResult | null }) {
  if (!probe)
    return <p class="muted">Not probed yet: Probe now checks that forgeries are refused.</p>;
  return (
    <div data-testid="probe" data-status={probe.status}>
      <p>
        <span class={`status ${probe.status}`}>{probe.status}</span> {probe.message}
      </p>
      <div class="actions">
        {probe.cases.map((c) => (
          <span
            key={c.case}
            class={`status ${c.verdict}`}
            data-case={c.case}
            data-verdict={c.verdict}
            title={`expected: ${c.expected}`}
          >
            {c.case} → {c.response_status ?? c.error ?? 'no answer'}
          </span>
        ))}
      </div>
    </div>
  );
}

/**
 * One receiver: its numbers beside what a good receiver shows (200 at the first try, well within
 * the time-out, duplicates acknowledged), and its probe. `registered`: it can still be probed.
 */
export function Scorecard({
  r,
  registered,
  onChange,
}: {
  r: ReceiverScorecard;
  registered: boolean;
  onChange: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const probe = () => {
    setBusy(true);
    setError('');
    api('POST', `/__sandbox/webhook-endpoints/${r.endpoint_id}/probe`)
      .then(onChange, (e: Error) => setError(e.message))
      .finally(() => setBusy(false));
  };
  const non200 = Object.entries(r.non_200_by_status);
  const slow = r.latency_ms.p95 !== null && r.latency_ms.p95 > r.latency_ms.timeout_ms / 2;
  return (
    <div class="card" data-receiver={r.endpoint_id}>
      <h3>
        <span class="mono">{r.url}</span> <span class="muted mono">{r.endpoint_id}</span>
      </h3>
      <table class="facts">
        <tbody>
          <tr>
            <th>Deliveries</th>
            <td>
              {r.deliveries} ({r.attempts} requests sent)
            </td>
          </tr>
          <tr>
            <th>First-attempt success</th>
            <td data-testid="first-attempt-rate">
              {percent(r.first_attempt_success_rate)} ({r.first_attempt_successes} of{' '}
              {r.first_attempts})
            </td>
          </tr>
          <tr>
            <th>Other than 200</th>
            <td class={non200.length > 0 ? 'error' : ''}>
              {non200.length === 0 ? 'none' : non200.map(([s, n]) => `${s} ×${n}`).join(', ')}
              {r.no_answer.timeout > 0 && ` · ${r.no_answer.timeout} timed out`}
              {r.no_answer.connection > 0 && ` · ${r.no_answer.connection} refused or reset`}
            </td>
          </tr>
          <tr>
            <th>Latency</th>
            <td class={slow ? 'error' : ''}>
              p50 {ms(r.latency_ms.p50)} · p95 {ms(r.latency_ms.p95)} · max {ms(r.latency_ms.max)}{' '}
              <span class="muted">(time-out {r.latency_ms.timeout_ms / 1000} s)</span>
            </td>
          </tr>
          <tr>
            <th>Duplicates</th>
            <td class={r.duplicates.answered_200 < r.duplicates.sent ? 'error' : ''}>
              {r.duplicates.sent === 0
                ? 'none sent (webhook faults: duplicate_rate)'
                : `${r.duplicates.answered_200} of ${r.duplicates.sent} answered 200`}
            </td>
          </tr>
        </tbody>
      </table>
      <h4>Signature probe</h4>
      <Probe probe={r.probe} />
      <div class="actions">
        <button disabled={!registered || busy} onClick={probe}>
          {busy ? 'Probing…' : 'Probe now'}
        </button>
        {!registered && <span class="muted">This endpoint was removed.</span>}
        {error && <span class="error">{error}</span>}
      </div>
    </div>
  );
}

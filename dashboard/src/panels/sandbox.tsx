// Sandbox: what runs (scenario, seed, every account's keys), reset with a scenario picker, and
// the state exported to a file or imported from one.
import { useEffect, useState } from 'preact/hooks';
import { api } from '../api.js';
import { attempt } from '../format.js';
import type { PanelProps } from '../panel.js';

interface ScenarioInfo {
  name: string;
  description: string;
  current: boolean;
}

export function SandboxPanel({ state }: PanelProps) {
  const [scenarios, setScenarios] = useState<ScenarioInfo[]>([]);
  const [scenario, setScenario] = useState('');
  const [seed, setSeed] = useState('');
  const [note, setNote] = useState('');
  useEffect(() => {
    api<{ scenarios: ScenarioInfo[] }>('GET', '/__sandbox/scenarios')
      .then((r) => {
        setScenarios(r.scenarios);
        setScenario(r.scenarios.find((s) => s.current)?.name ?? r.scenarios[0]?.name ?? '');
      })
      .catch((e: Error) => setNote(e.message));
  }, [state.world?.generation]);

  const reset = () =>
    attempt(async () => {
      const body = { scenario, ...(seed.trim() ? { seed: seed.trim() } : {}) };
      await api('POST', '/__sandbox/reset', body);
      setNote(`reset to ${scenario}`);
    });
  const exportState = () =>
    attempt(async () => {
      const data = await api<unknown>('GET', '/__sandbox/state');
      const link = document.createElement('a');
      link.href = URL.createObjectURL(
        new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }),
      );
      link.download = `delivery-sandbox-${state.world?.scenario ?? 'state'}.json`;
      link.click();
      URL.revokeObjectURL(link.href);
    });
  const importState = (file: File) =>
    attempt(async () => {
      await api('PUT', '/__sandbox/state', JSON.parse(await file.text()) as unknown);
      setNote(`imported ${file.name}`);
    });

  return (
    <div class="split">
      <section>
        <h2>Running</h2>
        <p data-testid="scenario">
          Scenario <strong>{state.world?.scenario ?? '—'}</strong>, seed{' '}
          <strong>{state.world?.seed ?? '—'}</strong>
        </p>
        <h3>Accounts and keys</h3>
        <table data-testid="keys">
          <thead>
            <tr>
              <th>Account</th>
              <th>Name</th>
              <th>API keys (sk_ read-write, rk_ read-only)</th>
            </tr>
          </thead>
          <tbody>
            {state.keys.map((a) => (
              <tr key={a.account_id}>
                <td class="mono nowrap">{a.account_id}</td>
                <td>{a.name}</td>
                {/* A key a line: a long one (a named sandbox's) wraps between keys, not in one. */}
                <td class="mono">
                  {a.api_keys.map((k) => (
                    <div key={k}>{k}</div>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section>
        <h2>Reset</h2>
        <div class="actions">
          <select
            name="scenario"
            value={scenario}
            onChange={(e) => setScenario(e.currentTarget.value)}
          >
            {scenarios.map((s) => (
              <option key={s.name} value={s.name} title={s.description}>
                {s.name}
                {s.current ? ' (running)' : ''}
              </option>
            ))}
          </select>
          <input
            name="seed"
            placeholder="seed (the scenario's)"
            value={seed}
            onInput={(e) => setSeed(e.currentTarget.value)}
          />
          <button class="danger" onClick={() => void reset()}>
            Reset
          </button>
        </div>
        <p class="muted">{scenarios.find((s) => s.name === scenario)?.description}</p>
        <h2>State</h2>
        <div class="actions">
          <button class="secondary" onClick={() => void exportState()}>
            Export to a file
          </button>
          <label class="button secondary">
            Import a file
            <input
              type="file"
              accept="application/json,.json"
              hidden
              onChange={(e) => {
                const file = e.currentTarget.files?.[0];
                if (file) void importState(file);
                e.currentTarget.value = '';
              }}
            />
          </label>
        </div>
        {note && <p class="muted">{note}</p>}
      </section>
    </div>
  );
}

// Clock: virtual time ticking (between the stream's clock messages the page counts on at the
// clock's speed, virtual-now.ts), its mode and speed, the advance buttons, and what each advance
// fired.
import { useState } from 'preact/hooks';
import { api } from '../api.js';
import { attempt, time } from '../format.js';
import type { PanelProps } from '../panel.js';
import type { ClockState, SandboxEvent } from '../types.js';
import { useVirtualNow } from '../virtual-now.js';

export function ClockPanel({ store, state }: PanelProps) {
  const now = useVirtualNow(state);
  const [fired, setFired] = useState<SandboxEvent[] | null>(null);
  const [custom, setCustom] = useState('10m');
  const [speed, setSpeed] = useState('');
  const advance = (by: string) =>
    attempt(async () => {
      const r = await api<{ now: string; fired: SandboxEvent[] }>(
        'POST',
        '/__sandbox/clock/advance',
        { by },
      );
      setFired(r.fired);
    });
  const configure = (settings: { mode?: string; speed?: number }) =>
    attempt(async () => store.setClock(await api<ClockState>('PUT', '/__sandbox/clock', settings)));
  const clock = state.clock;
  return (
    <div class="split">
      <section>
        <h2>Virtual clock</h2>
        <p class="big" data-testid="clock-now">
          {now ? `${now.slice(0, 10)} ${now.slice(11, 19)}` : '—'} <small>UTC</small>
        </p>
        <p data-testid="clock-mode">
          {clock ? `${clock.mode}${clock.mode === 'realtime' ? `, ${clock.speed}x` : ''}` : ''}
        </p>
        <div class="actions">
          <button onClick={() => void advance('30s')}>+30 s</button>
          <button onClick={() => void advance('5m')}>+5 m</button>
          <button onClick={() => void advance('1h')}>+1 h</button>
        </div>
        <form
          class="actions"
          onSubmit={(e) => {
            e.preventDefault();
            void advance(custom.trim());
          }}
        >
          <input name="by" value={custom} onInput={(e) => setCustom(e.currentTarget.value)} />
          <button type="submit">Advance</button>
          <span class="muted">90s, 10m, 1h30m…</span>
        </form>
        <h3>Mode</h3>
        <div class="actions">
          <button
            class="secondary"
            disabled={clock?.mode === 'manual'}
            onClick={() => void configure({ mode: 'manual' })}
          >
            Manual
          </button>
          <button
            class="secondary"
            disabled={clock?.mode === 'realtime'}
            onClick={() => void configure({ mode: 'realtime' })}
          >
            Realtime
          </button>
          <form
            class="actions"
            onSubmit={(e) => {
              e.preventDefault();
              void configure({ speed: Number(speed) });
            }}
          >
            <input
              name="speed"
              type="number"
              min="0.1"
              step="any"
              placeholder={String(clock?.speed ?? 1)}
              value={speed}
              onInput={(e) => setSpeed(e.currentTarget.value)}
            />
            <button type="submit" class="secondary">
              Set speed
            </button>
          </form>
        </div>
      </section>
      <section data-testid="fired">
        <h2>What fired</h2>
        {fired === null && <p class="muted">Advance the clock to see what falls due.</p>}
        {fired?.length === 0 && <p class="muted">Nothing fell due.</p>}
        <table>
          <tbody>
            {(fired ?? []).map((e) => (
              <tr key={e.event_id}>
                <td>{time(e.created_at)}</td>
                <td>{e.event}</td>
                <td class="mono">{e.data.order.order_id}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}

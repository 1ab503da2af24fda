// The trace viewer (`delivery-sandbox show-trace FILE`, or a trace file dropped on the page): the
// dashboard's panels, read-only, over one instant of a recorded run, chosen on a timeline of
// virtual or real time. Every panel works unchanged: the page's control-plane calls are answered
// from the trace (trace-answers.ts) and the store shows the instant's clock and drivers.
import type { ComponentType } from 'preact';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { answerLocally } from '../api.js';
import type { Store } from '../store.js';
import { traceAnswer } from './trace-answers.js';
import type { TraceRecord } from './trace-records.js';
import { instantAt, stamps } from './trace-view.js';

type Axis = 'virtual' | 'real';

/** The last record at or before `value` on `axis`: every record up to it happened by then. */
function indexAt(times: { real: number; virtual: number }[], axis: Axis, value: number): number {
  const after = times.findIndex((t) => t[axis] > value);
  return after === -1 ? times.length - 1 : Math.max(0, after - 1);
}

const iso = (ms: number): string => new Date(ms).toISOString().replace('T', ' ').slice(0, 23);

export function TraceApp({
  records,
  name,
  store,
  Shell,
}: {
  records: TraceRecord[];
  name: string;
  store: Store;
  Shell: ComponentType<{ store: Store }>;
}) {
  const times = useMemo(() => stamps(records), [records]);
  const [index, setIndex] = useState(records.length - 1);
  const [axis, setAxis] = useState<Axis>('virtual');
  const header = records[0] as Extract<TraceRecord, { type: 'header' }>;
  const instant = useMemo(() => instantAt(records, index), [records, index]);
  // Set while rendering, before any panel's effect asks: children's effects run before ours.
  answerLocally((method, path) => traceAnswer(instant, header.city, method, path));
  useEffect(() => {
    store.show({
      world: instant.world,
      clock: instant.clock,
      live: false,
      drivers: new Map(instant.drivers.map((d) => [d.driver_id, d])),
      activity: index,
    });
    void store.reload();
  }, [instant]);
  useEffect(() => () => answerLocally(null), []);
  const at = times[index] ?? { real: 0, virtual: 0 };
  const first = times[0] ?? at;
  const last = times.at(-1) ?? at;
  const record = records[index];
  const dropped = records.find((r) => r.type === 'dropped');
  return (
    <div class="trace-viewer">
      <section class="trace-timeline" data-testid="timeline">
        <strong>Trace</strong> <span class="muted">{name}</span>{' '}
        <label>
          time{' '}
          <select
            data-testid="trace-axis"
            value={axis}
            onChange={(e) => setAxis(e.currentTarget.value as Axis)}
          >
            <option value="virtual">virtual</option>
            <option value="real">real</option>
          </select>
        </label>
        <input
          type="range"
          data-testid="scrubber"
          min={first[axis]}
          max={last[axis]}
          step={1}
          value={at[axis]}
          onInput={(e) => setIndex(indexAt(times, axis, Number(e.currentTarget.value)))}
        />
        <button type="button" onClick={() => setIndex(Math.max(0, index - 1))}>
          ◀
        </button>
        <button type="button" onClick={() => setIndex(Math.min(records.length - 1, index + 1))}>
          ▶
        </button>
        <label>
          record{' '}
          <input
            type="number"
            data-testid="trace-index"
            min={0}
            max={records.length - 1}
            value={index}
            onChange={(e) => setIndex(Number(e.currentTarget.value))}
          />{' '}
          of {records.length - 1}
        </label>
        <span data-testid="trace-virtual">virtual {iso(at.virtual)}</span>{' '}
        <span data-testid="trace-real">real {iso(at.real)}</span>{' '}
        <span class="muted">{record?.type}</span>
        {dropped && <span class="error"> {dropped.message}</span>}
      </section>
      <Shell store={store} />
    </div>
  );
}

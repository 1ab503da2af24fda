// One order's timeline with the trouble on its road: who took it and who dropped it (a
// reassignment shows as pending again, then a second driver), the wait at the pickup and the
// stretch when the driver's position stopped updating.
import { time } from '../format.js';
import type { Order, OrderRoute, SandboxEvent } from '../types.js';

const minutes = (from: string, until: string): string =>
  `${Math.round((Date.parse(until) - Date.parse(from)) / 6000) / 10} min`;

export function OrderTimeline({
  order,
  route,
  events,
}: {
  order: Order;
  route: OrderRoute | undefined;
  events: SandboxEvent[];
}) {
  // The drivers in the order they were assigned: the k-th assignment is theirs, and the k-th
  // return to pending is that driver dropping the order.
  const drivers = events
    .filter((e) => e.event === 'order.driver_assigned')
    .map((e) => ('order' in e.data ? (e.data.order.driver?.name ?? '') : ''));
  let assigned = 0;
  let dropped = 0;
  const rows = order.timeline.map((t, i) => {
    let note = '';
    if (t.status === 'driver_assigned') {
      const name = drivers[assigned] ?? order.driver?.name ?? '';
      note = assigned > 0 ? `reassigned to ${name}` : name;
      assigned++;
    } else if (t.status === 'pending' && i > 0) {
      note = `${drivers[dropped] ?? 'the driver'} dropped the order; looking for another driver`;
      dropped++;
    }
    return (
      <li key={t.status + t.at} class={note.includes('dropped') ? 'dropped' : undefined}>
        <span class={`status ${t.status}`}>{t.status}</span> {time(t.at)}
        {note && <span class="note"> {note}</span>}
      </li>
    );
  });
  const stretches = [
    route?.wait && route.wait.until > route.wait.from
      ? {
          kind: 'wait',
          text: `waiting at the pickup ${time(route.wait.from)}–${time(route.wait.until)} (${minutes(route.wait.from, route.wait.until)})`,
        }
      : null,
    route?.stale
      ? {
          kind: 'stale',
          text: `location stale ${time(route.stale.from)}–${time(route.stale.until)} (${minutes(route.stale.from, route.stale.until)}): reads answer the last report`,
        }
      : null,
  ].filter((s) => s !== null);
  return (
    <>
      <ol class="timeline">{rows}</ol>
      {stretches.length > 0 && (
        <ul class="stretches" data-testid="stretches">
          {stretches.map((s) => (
            <li key={s.kind} class={s.kind}>
              {s.text}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

// Orders: the live list, one order's timeline and events, and the lifecycle buttons.
import { useState } from 'preact/hooks';
import { api } from '../api.js';
import { attempt, money, time } from '../format.js';
import type { PanelProps } from '../panel.js';
import type { Order, OrderStatus } from '../types.js';
import { OrderTimeline } from './order-timeline.js';

function OrderDetail({ order, store, state }: PanelProps & { order: Order }) {
  const events = state.events.filter((e) => e.data.order.order_id === order.order_id);
  // What the server says this status allows: advance to the next status or further, cancel.
  const actions = state.allowedActions[order.status];
  const [next, ...further] = actions?.advance_to ?? [];
  const advance = (to?: OrderStatus) =>
    attempt(async () =>
      store.putOrder(
        await api<Order>(
          'POST',
          `/__sandbox/orders/${order.order_id}/advance`,
          to ? { to } : undefined,
        ),
      ),
    );
  const cancel = (by: 'restaurant' | 'system') =>
    attempt(async () =>
      store.putOrder(
        await api<Order>('POST', `/__sandbox/orders/${order.order_id}/cancel`, {
          by,
          reason: `cancelled from the dashboard (${by})`,
        }),
      ),
    );
  const cancellable = actions?.cancel === true;
  return (
    <section class="detail" data-testid="order-detail">
      <h2>
        {order.order_id} <span class={`status ${order.status}`}>{order.status}</span>
      </h2>
      <p>
        {order.pickup.address} → {order.dropoff.address}
      </p>
      <div class="actions">
        <button disabled={!next} onClick={() => void advance()}>
          Advance{next ? ` to ${next}` : ''}
        </button>
        {further.map((s) => (
          <button key={s} class="secondary" onClick={() => void advance(s)}>
            → {s}
          </button>
        ))}
        <button class="danger" disabled={!cancellable} onClick={() => void cancel('restaurant')}>
          Cancel as restaurant
        </button>
        <button class="danger" disabled={!cancellable} onClick={() => void cancel('system')}>
          Cancel as system
        </button>
      </div>
      <h3>Timeline</h3>
      <OrderTimeline order={order} route={state.routes.get(order.order_id)} events={events} />
      {order.cancellation && (
        <p>
          Cancelled by {order.cancellation.cancelled_by}: {order.cancellation.reason ?? ''}
        </p>
      )}
      <h3>Events</h3>
      <table>
        <tbody>
          {events.map((e) => (
            <tr key={e.event_id}>
              <td>{time(e.created_at)}</td>
              <td>{e.event}</td>
              <td class="mono">{e.event_id}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export function OrdersPanel({ store, state }: PanelProps) {
  const [selected, setSelected] = useState<string | null>(null);
  // Newest first on screen; the store keeps the newest ones.
  const orders = [...state.orders.values()].reverse();
  const order = selected ? state.orders.get(selected) : undefined;
  return (
    <div class="split">
      <section>
        <h2>Orders ({orders.length})</h2>
        {orders.length === 0 && (
          <p class="muted">No orders yet: create one with POST /v1/orders and it appears here.</p>
        )}
        <table data-testid="orders">
          <thead>
            <tr>
              <th>Order</th>
              <th>Status</th>
              <th>Driver</th>
              <th>ETA dropoff</th>
              <th>Total</th>
              <th>Payment</th>
            </tr>
          </thead>
          <tbody>
            {orders.map((o) => (
              <tr
                key={o.order_id}
                data-order={o.order_id}
                class={o.order_id === selected ? 'selected' : ''}
                onClick={() => setSelected(o.order_id)}
              >
                {/* Whole ids, statuses, times and amounts: a long driver name wraps instead. */}
                <td class="mono nowrap">{o.order_id}</td>
                <td class="nowrap">
                  <span class={`status ${o.status}`}>{o.status}</span>
                </td>
                <td>{o.driver?.name ?? '—'}</td>
                <td class="nowrap">{time(o.eta.dropoff_at)}</td>
                <td class="nowrap">{money(o.pricing.total, o.pricing.currency)}</td>
                <td class="nowrap">{o.payment.status}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {state.older.orders && (
          <button class="secondary" onClick={() => void attempt(() => store.loadOlderOrders())}>
            Load older
          </button>
        )}
      </section>
      {order ? (
        <OrderDetail order={order} store={store} state={state} />
      ) : (
        <section class="detail muted">Pick an order to see its timeline and move it.</section>
      )}
    </div>
  );
}

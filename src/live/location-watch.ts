import { orderLocation, type DriverLocation } from '../commands/order-location.js';
import type { Order } from '../domain/api-types.js';
import type { AccountRecord } from '../store/state.js';
import type { World } from '../world/world.js';
import type { LocationStreamMessage } from './messages.js';
import { CLOSE, type StreamSocket } from './stream-socket.js';

/** Virtual milliseconds between two `location` messages at least. */
const VIRTUAL_INTERVAL_MS = 1000;

const send = (socket: StreamSocket, message: LocationStreamMessage): void =>
  void socket.send(JSON.stringify(message));

/**
 * One client of `GET /v1/orders/{id}/location/stream`: the order's status on open and at every
 * change, and the driver's position at each new report (so at the scenario's
 * `location.update_interval`, never during a stale stretch), at most once per virtual second and once per
 * `intervalMs` of real time (a real timer sends the last position owed, so a fast clock cannot
 * flood the client and a quiet one still gets the final position). Closes with 1000 when the
 * order is delivered or cancelled.
 */
export class LocationWatch {
  private lastKey: string | undefined;
  private lastVirtual = -Infinity;
  private lastReal = -Infinity;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly world: World,
    private readonly account: AccountRecord,
    readonly orderId: string,
    readonly socket: StreamSocket,
    private readonly intervalMs: number,
  ) {}

  /** The state at once: the order, then where its driver is (if it has one). */
  start(order: Order): void {
    this.onStatus(order);
  }

  /** A status change of the order (an event's `data.order`). */
  onStatus(order: Order): void {
    send(this.socket, { type: 'status', data: order });
    if (order.status === 'delivered' || order.status === 'cancelled') {
      this.close(CLOSE.normal, `order ${order.status}`);
      return;
    }
    this.check();
  }

  /** Sends the position if it moved and the throttle allows; else arms the trailing send. */
  check(): void {
    if (!this.socket.open || this.timer) return;
    const location = this.locate();
    if (!location) return;
    // A new report (drivers report every location.update_interval), or a new phase or driver.
    const key = `${location.updated_at},${location.phase},${location.driver_id}`;
    if (key === this.lastKey) return;
    const virtualNow = this.world.clock.now();
    // In manual mode time stands still until the next advance, which checks again.
    if (virtualNow - this.lastVirtual < VIRTUAL_INTERVAL_MS) return;
    const wait = this.lastReal + this.intervalMs - this.world.clock.wallNow();
    if (wait > 0) {
      // Real time only: a throttle for the client's sake, not domain timing.
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.check();
      }, wait);
      this.timer.unref();
      return;
    }
    this.lastKey = key;
    this.lastVirtual = virtualNow;
    this.lastReal = this.world.clock.wallNow();
    send(this.socket, { type: 'location', data: location });
    // The integration report counts a streamed position as a tracked location.
    this.world.activity.emit({ type: 'location_streamed', data: { order_id: this.orderId } });
  }

  /** Closes the socket (the order finished, the world was replaced, the sandbox stops). */
  close(code: number, reason: string): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.socket.close(code, reason);
  }

  /** Where the driver is now, or nothing while the order has none or is finished. */
  private locate(): DriverLocation | undefined {
    try {
      return orderLocation(this.world, this.account, this.orderId);
    } catch {
      return undefined; // pending (no driver yet) or finished: nothing to show
    }
  }
}

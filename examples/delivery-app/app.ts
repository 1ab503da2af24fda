/**
 * A small app-style client of the delivery API, written the way the docs teach: every write
 * carries an `Idempotency-Key` and is retried with the same key after a 429, a 503 or a dropped
 * connection, waiting for `Retry-After`; errors are read from the error body's `code` and
 * `reason`; the location is polled at most once a second. `mistakes` switches on the errors
 * integrators really make, so the integration report can be shown catching them.
 */
import { randomUUID } from 'node:crypto';
import type {
  CreateOrderRequest,
  ErrorBody,
  Location,
  Order,
  Payment,
  AvailableDrivers,
} from 'delivery-sandbox';

/** The deliberate mistakes the app can make. */
export interface AppMistakes {
  /** Send a field the API does not know in `POST /v1/orders`. */
  unknownField?: boolean;
  /** Retry a failed `POST` with a new `Idempotency-Key` (a duplicate order waiting to happen). */
  newKeyOnRetry?: boolean;
  /** Retry at once, ignoring `Retry-After`. */
  ignoreRetryAfter?: boolean;
  /** Poll the location as fast as the code asks, not at most once a second. */
  pollTooOften?: boolean;
}

/** A failed call: the status and the error body the API answered. */
export class DeliveryApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
    /** `Retry-After` in milliseconds, when the answer had one. */
    readonly retryAfterMs?: number,
  ) {
    super(`${status} ${body.error.code} (${body.error.reason ?? '-'}): ${body.error.message}`);
  }
  get reason(): string | null {
    return this.body.error.reason;
  }
}

export interface AppOptions {
  apiUrl: string;
  apiKey: string;
  mistakes?: AppMistakes;
  /** Retries of a write after a 429, a 503 or a dropped connection (default 3). */
  retries?: number;
  /** Sleeps `ms` of real time (injectable so a test can count the waits). */
  sleep?: (ms: number) => Promise<void>;
}

const RETRYABLE = new Set([429, 503]);

/** The app's delivery service client. */
export class DeliveryApp {
  private readonly lastPoll = new Map<string, number>();
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly options: AppOptions) {
    this.sleep = options.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
  }

  /**
   * Places an order: `POST /v1/orders`, idempotent and retried. Pass your own `Idempotency-Key`
   * in `headers` (e.g. derived from your cart id) to make a repeated checkout the same order.
   */
  placeOrder(order: CreateOrderRequest, headers: Record<string, string> = {}): Promise<Order> {
    const body = this.options.mistakes?.unknownField ? { ...order, notes: 'ring twice' } : order;
    return this.write<Order>('POST', '/v1/orders', body, headers);
  }

  /** Pays for an order with a payment method: `POST /v1/orders/{id}/payment`. */
  pay(orderId: string, paymentMethod: string): Promise<Payment> {
    return this.write<Payment>('POST', `/v1/orders/${orderId}/payment`, {
      payment_method: paymentMethod,
    });
  }

  /** Cancels as the customer: `DELETE /v1/orders/{id}`. */
  cancel(orderId: string): Promise<Order> {
    return this.call<Order>('DELETE', `/v1/orders/${orderId}`);
  }

  getOrder(orderId: string): Promise<Order> {
    return this.call<Order>('GET', `/v1/orders/${orderId}`);
  }

  /** Where the driver is; polled at most once a second per order, as the docs ask. */
  async track(orderId: string): Promise<Location> {
    const last = this.lastPoll.get(orderId);
    const now = performance.now();
    if (last !== undefined && now - last < 1000 && !this.options.mistakes?.pollTooOften)
      await this.sleep(1000 - (now - last));
    this.lastPoll.set(orderId, performance.now());
    return this.call<Location>('GET', `/v1/orders/${orderId}/location`);
  }

  driversNear(lat: number, lng: number, radius?: number): Promise<AvailableDrivers> {
    const query = new URLSearchParams({ lat: String(lat), lng: String(lng) });
    if (radius !== undefined) query.set('radius', String(radius));
    return this.call<AvailableDrivers>('GET', `/v1/drivers/available?${query.toString()}`);
  }

  /** A write with an idempotency key, retried (with the same key) when the service says so. */
  private async write<T>(
    method: string,
    path: string,
    body: unknown,
    { 'Idempotency-Key': given, ...headers }: Record<string, string> = {},
  ): Promise<T> {
    let key = given ?? randomUUID();
    const retries = this.options.retries ?? 3;
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.call<T>(method, path, body, { ...headers, 'Idempotency-Key': key });
      } catch (err) {
        const retryable =
          err instanceof DeliveryApiError ? RETRYABLE.has(err.status) : err instanceof TypeError;
        if (!retryable || attempt >= retries) throw err;
        if (this.options.mistakes?.newKeyOnRetry) key = randomUUID();
        const wait = err instanceof DeliveryApiError ? err.retryAfterMs : 200;
        if (!this.options.mistakes?.ignoreRetryAfter) await this.sleep(wait ?? 200);
      }
    }
  }

  private async call<T>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<T> {
    const res = await fetch(`${this.options.apiUrl}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${this.options.apiKey}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer: unknown = await res.json();
    if (!res.ok) {
      const after = Number(res.headers.get('retry-after'));
      const retryAfterMs = Number.isFinite(after) && after > 0 ? after * 1000 : undefined;
      throw new DeliveryApiError(res.status, answer as ErrorBody, retryAfterMs);
    }
    return answer as T;
  }
}

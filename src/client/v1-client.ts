import type {
  AvailableDrivers,
  CreateOrderRequest,
  ErrorBody,
  Location,
  Order,
  Payment,
  PaymentRequest,
} from '../domain/api-types.js';

/**
 * A small typed client for the six `/v1` endpoints, for tests that would otherwise hand-write
 * fetch calls: each method answers the typed body, and any answer other than 2xx throws an
 * `ApiError` carrying the error body. It speaks to the sandbox or to the real service alike
 * (only `url` and `apiKey` differ); it is not a production SDK (no retries, no timeouts of its own).
 */

/** Options of `createClient`. */
export interface ClientOptions {
  /** The base URL, e.g. `sandbox.url` (no trailing `/v1`). */
  url: string;
  /** The API key sent as `Authorization: Bearer`. */
  apiKey: string;
  /** Headers added to every request (e.g. `{ 'Sandbox-Fault': '503' }` for one client). */
  headers?: Record<string, string>;
  /** The fetch to use (default: the global one). */
  fetch?: typeof fetch;
}

/** Per-call options of the writes that take an idempotency key. */
export interface WriteOptions {
  idempotencyKey?: string;
  /** Headers for this call only. */
  headers?: Record<string, string>;
}

/** A non-2xx answer: the status, the parsed error body and its request id. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
  ) {
    super(
      `${status} ${body.error.code}${body.error.reason ? ` (${body.error.reason})` : ''}: ${body.error.message}`,
    );
  }
  get code(): ErrorBody['error']['code'] {
    return this.body.error.code;
  }
  get reason(): ErrorBody['error']['reason'] {
    return this.body.error.reason;
  }
  get requestId(): string {
    return this.body.error.request_id;
  }
}

/** The client `createClient` returns. */
export interface V1Client {
  createOrder(body: CreateOrderRequest, options?: WriteOptions): Promise<Order>;
  getOrder(orderId: string): Promise<Order>;
  cancelOrder(orderId: string): Promise<Order>;
  getLocation(orderId: string): Promise<Location>;
  payOrder(orderId: string, body: PaymentRequest, options?: WriteOptions): Promise<Payment>;
  availableDrivers(near: { lat: number; lng: number; radius?: number }): Promise<AvailableDrivers>;
}

/** A typed client of the `/v1` API at `options.url`. */
export function createClient(options: ClientOptions): V1Client {
  const base = options.url.replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const call = async <T>(
    method: string,
    path: string,
    body?: unknown,
    write?: WriteOptions,
  ): Promise<T> => {
    const headers: Record<string, string> = {
      ...options.headers,
      ...write?.headers,
      Authorization: `Bearer ${options.apiKey}`,
    };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (write?.idempotencyKey) headers['Idempotency-Key'] = write.idempotencyKey;
    const res = await doFetch(`${base}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = await res.json();
    if (!res.ok) throw new ApiError(res.status, answer as ErrorBody);
    return answer as T;
  };
  const order = (id: string): string => `/v1/orders/${encodeURIComponent(id)}`;
  return {
    createOrder: (body, write) => call('POST', '/v1/orders', body, write ?? {}),
    getOrder: (id) => call('GET', order(id)),
    cancelOrder: (id) => call('DELETE', order(id)),
    getLocation: (id) => call('GET', `${order(id)}/location`),
    payOrder: (id, body, write) => call('POST', `${order(id)}/payment`, body, write ?? {}),
    availableDrivers: ({ lat, lng, radius }) => {
      const query = new URLSearchParams({ lat: String(lat), lng: String(lng) });
      if (radius !== undefined) query.set('radius', String(radius));
      return call('GET', `/v1/drivers/available?${query.toString()}`);
    },
  };
}

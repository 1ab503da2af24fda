import { expect } from 'vitest';
import { loadOpenApiDocument } from '../../src/http/openapi-document.js';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../src/index.js';
import { loadContract, loadContractFromDocument, type ContractChecker } from './contract.js';

/** The scenarios the package bundles, in the order the sandbox lists them. */
export const BUNDLED_SCENARIOS = [
  'ci',
  'default',
  'flaky-webhooks',
  'lunch-rush',
  'no-drivers',
  'two-accounts',
];

/** The keys of the `ci` scenario. */
export const KEYS = {
  acme: 'sk_test_ci_acme',
  acmeReadOnly: 'rk_test_ci_acme',
  globex: 'sk_test_ci_globex',
  delinquent: 'sk_test_ci_initech',
} as const;

export interface Reply<T = unknown> {
  status: number;
  headers: Record<string, string>;
  body: T;
  text: string;
}

export interface RequestOptions {
  /** A JSON body (serialised), unless `raw` is given. */
  body?: unknown;
  /** A raw body sent as is (for malformed JSON, huge bodies, other content types). */
  raw?: string | Uint8Array;
  /** The API key; `null` sends no Authorization header. Default: the acme key. */
  key?: string | null;
  headers?: Record<string, string>;
}

let contracts: Promise<{ v1: ContractChecker; sandbox: ContractChecker }> | undefined;

export function loadContracts(): Promise<{ v1: ContractChecker; sandbox: ContractChecker }> {
  contracts ??= Promise.all([
    loadContract('openapi/v1.yaml'),
    loadContractFromDocument('sandbox', loadOpenApiDocument('sandbox')),
  ]).then(([v1, sandbox]) => ({ v1, sandbox }));
  return contracts;
}

const isControlPlane = (path: string): boolean =>
  path.startsWith('/__sandbox') || path === '/' || path.startsWith('/openapi.json');

/**
 * A sandbox on port 0 and a client for it. Every response the client receives is checked against
 * the OpenAPI documents with Prism's validator; a violation fails the test that made the request.
 */
export class TestSandbox {
  private constructor(
    readonly sandbox: Sandbox,
    private readonly contract: { v1: ContractChecker; sandbox: ContractChecker },
  ) {}

  static async start(options: SandboxOptions = {}): Promise<TestSandbox> {
    const [sandbox, contract] = await Promise.all([
      startSandbox({ scenario: 'ci', ...options }),
      loadContracts(),
    ]);
    return new TestSandbox(sandbox, contract);
  }

  get url(): string {
    return this.sandbox.url;
  }

  /** Moves the virtual clock forward `ms` through the public handle, running what falls due. */
  async advanceClock(ms: number): Promise<void> {
    await this.sandbox.clock.advance(`${ms}ms`);
  }

  /** Virtual time now, as the API writes it. */
  nowIso(): string {
    return new Date(this.sandbox.clock.now()).toISOString();
  }

  close(): Promise<void> {
    return this.sandbox.close();
  }

  async request<T = any>(
    method: string,
    path: string,
    opts: RequestOptions = {},
  ): Promise<Reply<T>> {
    const headers: Record<string, string> = { ...opts.headers };
    const key = opts.key === undefined ? KEYS.acme : opts.key;
    if (key !== null && headers.Authorization === undefined)
      headers.Authorization = `Bearer ${key}`;
    let body: string | Uint8Array | undefined;
    if (opts.raw !== undefined) {
      body = opts.raw;
    } else if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['Content-Type'] ??= 'application/json';
    }
    return contractFetch<T>(this.url + path, { method, headers, body });
  }

  get<T = any>(path: string, opts?: RequestOptions): Promise<Reply<T>> {
    return this.request<T>('GET', path, opts);
  }

  post<T = any>(path: string, body?: unknown, opts?: RequestOptions): Promise<Reply<T>> {
    return this.request<T>('POST', path, { ...opts, body });
  }

  delete<T = any>(path: string, opts?: RequestOptions): Promise<Reply<T>> {
    return this.request<T>('DELETE', path, opts);
  }

  /** Creates an order as acme (or `key`) and returns it; fails the test unless it answers 201. */
  async createOrder(
    overrides: Record<string, unknown> = {},
    key: string = KEYS.acme,
  ): Promise<any> {
    const res = await this.post('/v1/orders', { ...SAMPLE_ORDER, ...overrides }, { key });
    if (res.status !== 201)
      throw new Error(`creating an order answered ${res.status}: ${res.text}`);
    return res.body;
  }

  /** Moves an order through the control plane; fails the test unless it answers 200. */
  async advance(orderId: string, to?: string): Promise<any> {
    const res = await this.post(
      `/__sandbox/orders/${orderId}/advance`,
      to === undefined ? undefined : { to },
    );
    if (res.status !== 200)
      throw new Error(`advancing ${orderId} answered ${res.status}: ${res.text}`);
    return res.body;
  }
}

function queryObject(query: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of new URLSearchParams(query)) {
    const prev = out[k];
    out[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  return out;
}

/** A valid order body: two points 2–3 km apart in the ci scenario's city. */
export const SAMPLE_ORDER = {
  pickup: {
    address: '1 Ferry Building, San Francisco',
    location: { lat: 37.7955, lng: -122.3937 },
    name: 'Golden Noodle',
    phone: '+1 415 555 0100',
    instructions: 'Ask at the counter',
  },
  dropoff: {
    address: '600 Montgomery St, San Francisco',
    location: { lat: 37.7952, lng: -122.4028 },
    name: 'Ada Lovelace',
    phone: '+1 415 555 0199',
  },
  items: [{ name: 'Pad thai', quantity: 2, unit_price: 1299 }],
  tip: 200,
};

/** Asserts the JSON error envelope, its code and fields, and that it echoes `X-Request-Id`. */
export function expectError(
  res: Reply<any>,
  status: number,
  code: string,
  fields: { reason?: string | null; param?: string | null } = {},
): void {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.body.error).toMatchObject({ code, ...fields });
  expect(res.headers['x-request-id']).toMatch(/^req_/);
  expect(res.body.error.request_id).toBe(res.headers['x-request-id']);
}

/**
 * `fetch` whose response is checked against the OpenAPI documents: what the TestSandbox client
 * uses, and what tests that talk to a sandbox in another process (the CLI) use directly.
 */
export async function contractFetch<T = any>(
  url: string,
  init: RequestInit = {},
): Promise<Reply<T>> {
  const contract = await loadContracts();
  const method = (init.method ?? 'GET').toUpperCase();
  const res = await fetch(url, init);
  const text = await res.text();
  const headers = Object.fromEntries(res.headers.entries());
  const { pathname, searchParams } = new URL(url);
  let body: unknown = undefined;
  // A documented text answer (the Prometheus metrics) is checked as text; anything else is JSON.
  if (text !== '' && (headers['content-type'] ?? '').startsWith('text/plain')) body = text;
  else if (text !== '') {
    try {
      body = JSON.parse(text);
    } catch {
      throw new Error(
        `${method} ${pathname} answered ${res.status} with a body that is not JSON: ${text.slice(0, 300)}`,
      );
    }
  }
  checkExchange(contract, { method, pathname, searchParams, status: res.status, headers, body });
  return { status: res.status, headers, body: body as T, text };
}

/**
 * Checks one exchange some other client made (the dashboard's requests, seen by the browser)
 * against the OpenAPI documents; throws on a violation.
 */
export async function assertContract(
  method: string,
  url: string,
  status: number,
  headers: Record<string, string>,
  body: unknown,
): Promise<void> {
  const { pathname, searchParams } = new URL(url);
  checkExchange(await loadContracts(), { method, pathname, searchParams, status, headers, body });
}

function checkExchange(
  contract: { v1: ContractChecker; sandbox: ContractChecker },
  x: {
    method: string;
    pathname: string;
    searchParams: URLSearchParams;
    status: number;
    headers: Record<string, string>;
    body: unknown;
  },
): void {
  // A named sandbox's control routes (`/__sandbox/sandboxes/{name}/…`) are paths of the document
  // (generated, openapi/sandbox.yaml's `x-sandbox-routes`): checked as they were sent.
  const { method, pathname, searchParams, status, headers, body } = x;
  (isControlPlane(pathname) ? contract.sandbox : contract.v1).assert({
    method,
    path: pathname,
    query: searchParams.size > 0 ? queryObject(searchParams.toString()) : undefined,
    status,
    headers,
    body,
  });
}

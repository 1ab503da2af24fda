import type { Order } from '../domain/api-types.js';
import type { DeliveryAttempt, SandboxSchemas } from '../domain/sandbox-types.js';
import type { IntegrationReport } from '../report/integration-report.js';

/** An error the control plane answered, or a sandbox that could not be reached; one line. */
export class ClientError extends Error {
  override name = 'ClientError';
}

/** An error answer (`ErrorResponse`), any part of which a proxy in between may have left out. */
interface ErrorBody {
  error?: Partial<SandboxSchemas['ErrorResponse']['error']>;
}

/** A sandbox as `PUT` and `GET /__sandbox/sandboxes/{name}` answer it. */
export type NamedSandbox = SandboxSchemas['Sandbox'];

/**
 * A small client for a running sandbox's control plane, used by the CLI's subcommands
 * (`advance`, `trigger`, `cancel`, `reset`, `deliveries`, `scenarios`, `report`, `sandboxes`).
 * Its answers are typed with the schemas of openapi/sandbox.yaml and v1.yaml (generated), so a
 * contract change fails the typecheck here.
 */
export class ControlClient {
  /** Where the control routes of the sandbox addressed live: `/__sandbox/` or a named one's. */
  private readonly root: string;

  /**
   * `sandbox`: a named sandbox's routes (`/__sandbox/sandboxes/{name}/…`) instead of the
   * default's; `pageSize`: how many items each page of a list asks for.
   */
  constructor(
    private readonly baseUrl: string,
    private readonly adminToken?: string,
    sandbox?: string,
    private readonly pageSize = 1000,
  ) {
    this.root = sandbox === undefined ? '/__sandbox/' : `${sandboxPath(sandbox)}/`;
  }

  /** `POST /__sandbox/clock/advance`: `by` is seconds (`90`) or a duration (`90s`, `1h30m`). */
  advance(by: string): Promise<SandboxSchemas['AdvanceClockResult']> {
    return this.control('POST', 'clock/advance', {
      by: /^\d+(\.\d+)?$/.test(by) ? Number(by) : by,
    });
  }

  /** `POST /__sandbox/orders/{id}/advance`: the next status, or straight `to` one. */
  trigger(orderId: string, to?: string): Promise<Order> {
    return this.control(
      'POST',
      `orders/${encodeURIComponent(orderId)}/advance`,
      to === undefined ? {} : { to },
    );
  }

  /** `POST /__sandbox/orders/{id}/cancel`, as the restaurant or the system. */
  cancel(orderId: string, by: string, reason?: string): Promise<Order> {
    return this.control(
      'POST',
      `orders/${encodeURIComponent(orderId)}/cancel`,
      reason === undefined ? { by } : { by, reason },
    );
  }

  /** `POST /__sandbox/reset`: a fresh state, optionally of another scenario or seed. */
  reset(opts: {
    scenario?: string | object | undefined;
    seed?: string | undefined;
  }): Promise<SandboxSchemas['ResetResult']> {
    return this.control('POST', 'reset', opts);
  }

  /**
   * `GET /__sandbox/webhook-deliveries`, filtered (undefined filters are left out): every attempt
   * the log keeps, oldest first, read page by page (1000 at a time, paging back with
   * `ending_before`).
   */
  async deliveries(
    filter: Record<string, string | undefined>,
  ): Promise<{ deliveries: DeliveryAttempt[] }> {
    const deliveries = await this.allPages<DeliveryAttempt, SandboxSchemas['DeliveryList']>(
      `${this.root}webhook-deliveries`,
      filter,
      (page) => page.deliveries,
      (d) => d.delivery_id,
    );
    return { deliveries };
  }

  /** `PUT /__sandbox/sandboxes/{name}`: creates the named sandbox, or replaces it with a fresh one. */
  putSandbox(name: string, body: SandboxSchemas['SandboxRequest']): Promise<NamedSandbox> {
    return this.call('PUT', sandboxPath(name), body);
  }

  /** `GET /__sandbox/sandboxes/{name}`. */
  getSandbox(name: string): Promise<NamedSandbox> {
    return this.call('GET', sandboxPath(name));
  }

  /** `DELETE /__sandbox/sandboxes/{name}` (204, no body). */
  async deleteSandbox(name: string): Promise<void> {
    await this.call('DELETE', sandboxPath(name));
  }

  /** `GET /__sandbox/sandboxes`: every named sandbox, oldest first, all pages. */
  listSandboxes(): Promise<NamedSandbox[]> {
    return this.allPages<NamedSandbox, SandboxSchemas['SandboxList']>(
      '/__sandbox/sandboxes',
      {},
      (page) => page.sandboxes,
      (s) => s.name,
    );
  }

  /** `GET /__sandbox/report`: the integration report. */
  report(): Promise<IntegrationReport> {
    return this.control('GET', 'report');
  }

  /** `GET /__sandbox/world`: what runs now, with every account's keys. */
  world(): Promise<SandboxSchemas['ResetResult']> {
    return this.control('GET', 'world');
  }

  /** `GET /__sandbox/scenarios`: the bundled scenarios; `current` marks the running one. */
  scenarios(): Promise<SandboxSchemas['ScenarioList']> {
    return this.control('GET', 'scenarios');
  }

  /**
   * Every item of a paged list (filtered; undefined filters are left out), oldest first: read
   * a page at a time from the newest page back, with `ending_before` the oldest item read so far.
   */
  private async allPages<T, P extends { has_more?: boolean }>(
    path: string,
    filter: Record<string, string | undefined>,
    items: (page: P) => T[],
    id: (item: T) => string,
  ): Promise<T[]> {
    const pages: T[][] = [];
    let before: string | undefined;
    for (;;) {
      const query = new URLSearchParams(
        Object.entries({ ...filter, limit: String(this.pageSize), ending_before: before }).filter(
          (e): e is [string, string] => e[1] !== undefined,
        ),
      );
      const page = await this.call<P>('GET', `${path}?${query.toString()}`);
      const got = items(page);
      pages.unshift(got);
      before = got[0] === undefined ? undefined : id(got[0]);
      if (!page.has_more || before === undefined) return pages.flat();
    }
  }

  /** A control route (`clock/advance`, `reset`…) of the sandbox this client addresses. */
  private control<T>(method: string, route: string, body?: unknown): Promise<T> {
    return this.call(method, `${this.root}${route}`, body);
  }

  /** `GET /__sandbox/trace`: the trace recorded so far, as its gzip bytes (docs/traces.md). */
  async trace(): Promise<Uint8Array> {
    const res = await this.send('GET', `${this.root}trace`);
    return new Uint8Array(await res.arrayBuffer());
  }

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await this.send(method, path, body);
    return (await res.json().catch(() => ({}))) as T;
  }

  /** Sends the request; an error answer or no answer is a ClientError of one line. */
  private async send(method: string, path: string, body?: unknown): Promise<Response> {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (this.adminToken) headers.Authorization = `Bearer ${this.adminToken}`;
    let res: Response;
    try {
      res = await fetch(new URL(path, this.baseUrl), {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (err) {
      throw new ClientError(unreachable(err, `${method} ${path.split('?')[0]}`, this.baseUrl));
    }
    if (res.ok) return res;
    const parsed = (await res.json().catch(() => ({}))) as ErrorBody;
    throw new ClientError(
      `${res.status} ${parsed.error?.code ?? ''}: ${parsed.error?.message ?? res.statusText}${ADMIN_TOKEN_HINTS[parsed.error?.reason ?? ''] ?? ''}`,
    );
  }
}

/** `/__sandbox/sandboxes/{name}`, the name encoded: a bad one is the sandbox's to refuse. */
const sandboxPath = (name: string): string => `/__sandbox/sandboxes/${encodeURIComponent(name)}`;

/** What to do about a refused admin token, in the CLI's words (its flag and variable). */
const ADMIN_TOKEN_HINTS: Record<string, string> = {
  missing_admin_token:
    ' (this sandbox has an admin token and none was sent: pass --admin-token or set DELIVERY_SANDBOX_ADMIN_TOKEN)',
  invalid_admin_token:
    ' (the --admin-token or DELIVERY_SANDBOX_ADMIN_TOKEN given is not the one this sandbox was started with)',
};

/** Connection failures that happen before a request is sent: nothing listens there. */
const NEVER_CONNECTED = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/**
 * Why fetch failed, in one line: no sandbox at the URL, or one that went away mid-request (it
 * was stopped or crashed), when the request may or may not have taken effect.
 */
function unreachable(err: unknown, request: string, baseUrl: string): string {
  const code = (err as { cause?: { code?: string } }).cause?.code;
  if (code === undefined || NEVER_CONNECTED.has(code))
    return `cannot reach a sandbox at ${baseUrl}${code ? ` (${code})` : ''}; start one, or pass --url`;
  return `the connection to the sandbox at ${baseUrl} was lost during ${request} (${code}): it was stopped or crashed before answering, so the request may or may not have taken effect; check its terminal, then retry`;
}

/** One line per delivery attempt, for a terminal. */
export function formatDeliveries(deliveries: DeliveryAttempt[]): string {
  if (deliveries.length === 0) return 'no deliveries';
  return deliveries
    .map((d) =>
      [
        d.attempted_at,
        d.status.padEnd(9),
        `#${d.attempt}`,
        d.event.padEnd(21),
        d.order_id ?? '-',
        String(d.response_status ?? '-'),
        d.error ?? '',
        d.url,
      ]
        .filter((x) => x !== '')
        .join('  '),
    )
    .join('\n');
}

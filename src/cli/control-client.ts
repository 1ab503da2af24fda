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

/**
 * A small client for a running sandbox's control plane, used by the CLI's subcommands
 * (`advance`, `trigger`, `cancel`, `reset`, `deliveries`, `scenarios`). Its answers are typed
 * with the schemas of openapi/sandbox.yaml and v1.yaml (generated), so a contract change fails
 * the typecheck here.
 */
export class ControlClient {
  constructor(
    private readonly baseUrl: string,
    private readonly adminToken?: string,
  ) {}

  /** `POST /__sandbox/clock/advance`: `by` is seconds (`90`) or a duration (`90s`, `1h30m`). */
  advance(by: string): Promise<SandboxSchemas['AdvanceClockResult']> {
    return this.call('POST', '/__sandbox/clock/advance', {
      by: /^\d+(\.\d+)?$/.test(by) ? Number(by) : by,
    });
  }

  /** `POST /__sandbox/orders/{id}/advance`: the next status, or straight `to` one. */
  trigger(orderId: string, to?: string): Promise<Order> {
    return this.call(
      'POST',
      `/__sandbox/orders/${encodeURIComponent(orderId)}/advance`,
      to === undefined ? {} : { to },
    );
  }

  /** `POST /__sandbox/orders/{id}/cancel`, as the restaurant or the system. */
  cancel(orderId: string, by: string, reason?: string): Promise<Order> {
    return this.call(
      'POST',
      `/__sandbox/orders/${encodeURIComponent(orderId)}/cancel`,
      reason === undefined ? { by } : { by, reason },
    );
  }

  /** `POST /__sandbox/reset`: a fresh state, optionally of another scenario or seed. */
  reset(opts: {
    scenario?: string | object | undefined;
    seed?: string | undefined;
  }): Promise<SandboxSchemas['ResetResult']> {
    return this.call('POST', '/__sandbox/reset', opts);
  }

  /**
   * `GET /__sandbox/webhook-deliveries`, filtered (undefined filters are left out): every attempt
   * the log keeps, oldest first, read page by page (1000 at a time, paging back with
   * `ending_before`).
   */
  async deliveries(
    filter: Record<string, string | undefined>,
  ): Promise<{ deliveries: DeliveryAttempt[] }> {
    const pages: DeliveryAttempt[][] = [];
    let before: string | undefined;
    for (;;) {
      const query = new URLSearchParams(
        Object.entries({ ...filter, limit: '1000', ending_before: before }).filter(
          (e): e is [string, string] => e[1] !== undefined,
        ),
      );
      const page = await this.call<SandboxSchemas['DeliveryList']>(
        'GET',
        `/__sandbox/webhook-deliveries?${query.toString()}`,
      );
      pages.unshift(page.deliveries);
      before = page.deliveries[0]?.delivery_id;
      if (!page.has_more || before === undefined) return { deliveries: pages.flat() };
    }
  }

  /** `GET /__sandbox/report`: the integration report. */
  report(): Promise<IntegrationReport> {
    return this.call('GET', '/__sandbox/report');
  }

  /** `GET /__sandbox/scenarios`: the bundled scenarios; `current` marks the running one. */
  scenarios(): Promise<SandboxSchemas['ScenarioList']> {
    return this.call('GET', '/__sandbox/scenarios');
  }

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
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
    const parsed = (await res.json().catch(() => ({}))) as T & ErrorBody;
    if (!res.ok)
      throw new ClientError(
        `${res.status} ${parsed.error?.code ?? ''}: ${parsed.error?.message ?? res.statusText}${ADMIN_TOKEN_HINTS[parsed.error?.reason ?? ''] ?? ''}`,
      );
    return parsed;
  }
}

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

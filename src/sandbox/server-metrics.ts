import type * as PromClientModule from 'prom-client';
import type { Registry } from 'prom-client';
import { TRANSITIONS } from '../domain/order-status.js';
import type { OrderStatus } from '../domain/api-types.js';
import type { MetricsSource } from '../http/app-host.js';
import type { RequestTally } from '../http/request-tally.js';
import type { SandboxHost } from './sandbox-host.js';
import type { SandboxRegistry } from './sandbox-registry.js';

const STATUSES = Object.keys(TRANSITIONS) as OrderStatus[];

type PromClient = typeof PromClientModule;

let processMetrics: Registry | undefined;

/**
 * The process's own metrics (event-loop lag, heap, CPU, handles: prom-client's default set), in
 * one registry per process, made at the first scrape: the process is one, however many servers
 * it runs, and its collectors (an event-loop delay histogram, a GC observer) are never undone.
 */
function processRegistry({ Registry, collectDefaultMetrics }: PromClient): Registry {
  if (!processMetrics) {
    processMetrics = new Registry();
    collectDefaultMetrics({ register: processMetrics });
  }
  return processMetrics;
}

/**
 * A server's Prometheus metrics (`GET /__sandbox/metrics`, docs/observability.md), in a registry
 * of its own (two servers in one process never share a series). Everything is read at the scrape
 * from what the server keeps anyway: the requests it counted (`RequestTally`), each sandbox's
 * attempt tally, pending retries and orders. Per-sandbox series carry `sandbox` (`default` or
 * the name; at most `--max-sandboxes` + 1 values) and are rebuilt at every scrape, so a deleted
 * or expired sandbox's series are gone from the next one. prom-client (and the Node modules it
 * loads: cluster, v8, perf_hooks) is imported at the first scrape, not at start-up (decision 19).
 */
export class ServerMetrics implements MetricsSource {
  private loaded: Promise<{ client: PromClient; registry: Registry }> | undefined;
  private type: string | undefined;

  constructor(
    private readonly host: SandboxHost,
    private readonly named: SandboxRegistry,
    private readonly requests: RequestTally,
    private readonly maxSandboxes: number,
  ) {}

  /** The registry's Content-Type; before the first scrape loads it, prom-client's default. */
  get contentType(): string {
    return this.type ?? 'text/plain; version=0.0.4; charset=utf-8';
  }

  async text(): Promise<string> {
    this.loaded ??= import('prom-client').then((module) => {
      // prom-client is CommonJS: Node's import gives its exports as `default` and by name, the
      // CLI bundle's chunk only as `default` (by name they were undefined: every scrape of the
      // built CLI and the image answered 500).
      const client = (module as { default?: PromClient }).default ?? module;
      return { client, registry: this.build(client) };
    });
    const { client, registry } = await this.loaded;
    this.type = registry.contentType;
    return client.Registry.merge([processRegistry(client), registry]).metrics();
  }

  private build({ Counter, Gauge, Registry }: PromClient): Registry {
    const registry = new Registry();
    const { requests, maxSandboxes } = this;
    const registers = [registry];
    const sandboxes = (): [string, SandboxHost][] => [
      ['default', this.host],
      ...this.named.list().map((e): [string, SandboxHost] => [e.name, e.host]),
    ];
    new Counter({
      name: 'delivery_sandbox_http_requests_total',
      help: 'Requests answered, by method, OpenAPI route template and status (none: unanswered).',
      labelNames: ['method', 'route', 'status'],
      registers,
      collect() {
        this.reset();
        for (const r of requests.entries())
          this.inc({ method: r.method, route: r.route, status: r.status }, r.count);
      },
    });
    new Counter({
      name: 'delivery_sandbox_webhook_attempts_total',
      help: 'Webhook attempts by outcome (succeeded, retrying, failed), per sandbox, across resets.',
      labelNames: ['sandbox', 'outcome'],
      registers,
      collect() {
        this.reset();
        for (const [sandbox, host] of sandboxes())
          for (const [outcome, n] of host.attempts.entries()) this.inc({ sandbox, outcome }, n);
      },
    });
    new Gauge({
      name: 'delivery_sandbox_webhook_retries_pending',
      help: 'Webhook retries scheduled and not yet due, per sandbox.',
      labelNames: ['sandbox'],
      registers,
      collect() {
        this.reset();
        for (const [sandbox, host] of sandboxes())
          this.set({ sandbox }, host.current.webhooks.pendingRetries);
      },
    });
    new Gauge({
      name: 'delivery_sandbox_orders',
      help: 'Orders stored, by status, per sandbox.',
      labelNames: ['sandbox', 'status'],
      registers,
      collect() {
        this.reset();
        for (const [sandbox, host] of sandboxes()) {
          const counts = new Map<string, number>(STATUSES.map((s) => [s, 0]));
          for (const o of host.current.store.orders.all())
            counts.set(o.order.status, (counts.get(o.order.status) ?? 0) + 1);
          for (const [status, n] of counts) this.set({ sandbox, status }, n);
        }
      },
    });
    const directory = this.named;
    new Gauge({
      name: 'delivery_sandbox_sandboxes',
      help: 'Named sandboxes alive (the default one not counted).',
      registers,
      collect() {
        this.set(directory.list().length);
      },
    });
    new Gauge({
      name: 'delivery_sandbox_sandboxes_limit',
      help: 'The most named sandboxes at once (--max-sandboxes).',
      registers,
    }).set(maxSandboxes);
    return registry;
  }
}

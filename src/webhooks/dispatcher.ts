import { sleep, stopwatch } from '../clock/real-time.js';
import type { SandboxEvent } from '../events/event-bus.js';
import type { WebhookFaults } from '../scenarios/scenario.js';
import type { SandboxContext } from '../service/context.js';
import type {
  DeliveryAttempt,
  DeliveryRecord,
  EventRecord,
  WebhookEndpointRecord,
} from '../store/state.js';
import { logAttempt } from './delivery-log.js';
import { subscribes } from './endpoints.js';
import { Semaphore } from './semaphore.js';
import { send, type SendResult } from './send.js';
import { signPayload } from './signature.js';

/** At most this many deliveries are in flight at once, over all endpoints. */
export const GLOBAL_CONCURRENCY = 64;
/** A held-back (reordered) event goes out after the order's next one, or after this long at most. */
const REORDER_HOLD_MS = 60_000;

type Fault = 'delayed' | 'reordered' | 'dropped' | 'duplicate' | null;

/**
 * Delivers every event to the endpoints that subscribe to it: signed, retried on the virtual clock
 * on the scenario's schedule, every attempt logged. Concurrency is bounded overall and per endpoint,
 * so a slow or hanging receiver only ever holds its own lane, never the API or other endpoints.
 * Per order and endpoint, first attempts go out in lifecycle order.
 */
export class WebhookDispatcher {
  private readonly inflight = new Set<Promise<void>>();
  private readonly chains = new Map<string, Promise<void>>();
  private readonly lanes = new Map<string, Semaphore>();
  private readonly retries = new Map<string, number>();
  private readonly held = new Map<string, { eventId: string; start: () => void }[]>();
  private readonly pool = new Semaphore(GLOBAL_CONCURRENCY);
  private faultSettings: WebhookFaults;

  constructor(private readonly ctx: SandboxContext) {
    this.faultSettings = { ...ctx.scenario.faults.webhooks };
  }

  /** Subscribes to the event bus; returns the unsubscribe function. */
  attach(): () => void {
    return this.ctx.bus.subscribe((event) => this.onEvent(event));
  }

  get faults(): WebhookFaults {
    return this.faultSettings;
  }

  set faults(faults: WebhookFaults) {
    this.faultSettings = { ...faults };
  }

  /** Forgets pending retries and held events (a reset); attempts in flight finish into nothing. */
  clear(): void {
    this.chains.clear();
    this.retries.clear();
    this.held.clear();
    this.faultSettings = { ...this.ctx.scenario.faults.webhooks };
  }

  /**
   * Waits until no attempt is in flight (including first attempts that others in their order's
   * queue were waiting for), or `boundMs` of real time at most.
   */
  async settle(boundMs = this.ctx.scenario.webhooks.timeout_ms + 5000): Promise<void> {
    const elapsed = stopwatch();
    while (this.inflight.size > 0 && elapsed() < boundMs) {
      await Promise.race([Promise.allSettled([...this.inflight]), sleep(boundMs - elapsed())]);
    }
  }

  /** Sends an event again, now, to every endpoint that subscribes to it; resolves with the attempts. */
  async redeliver(event: EventRecord): Promise<DeliveryAttempt[]> {
    const attempts = this.ctx.store.webhookEndpoints
      .all()
      .filter((endpoint) => subscribes(endpoint, event.event))
      .map((endpoint) => {
        const delivery = this.deliveryFor(event, endpoint);
        this.ctx.scheduler.cancel(this.retries.get(delivery.key));
        this.retries.delete(delivery.key);
        return this.attempt(delivery, event, { manual: true });
      });
    return (await Promise.all(attempts)).flat();
  }

  /** Sends `event` (a synthetic test event) once to `endpoint`, without retries. */
  async test(endpoint: WebhookEndpointRecord, event: EventRecord): Promise<DeliveryAttempt> {
    const delivery: DeliveryRecord = {
      key: `${event.event_id}:${endpoint.endpoint_id}`,
      event_id: event.event_id,
      endpoint_id: endpoint.endpoint_id,
      status: 'pending',
      attempts: 0,
      next_attempt_at: null,
    };
    const [attempt] = await this.attempt(delivery, event, { manual: true });
    return attempt!;
  }

  /** Schedules what the state says is owed (after a restart or an import): retries, and unsent first attempts. */
  rebuild(): void {
    for (const delivery of this.ctx.store.deliveries.all()) {
      const event = this.ctx.store.events.get(delivery.event_id);
      if (!event) continue;
      if (delivery.status === 'retrying' && delivery.next_attempt_at !== null) {
        this.scheduleRetry(delivery, event, delivery.next_attempt_at);
      } else if (delivery.status === 'pending') {
        this.track(this.attempt(delivery, event, {}).then(() => undefined));
      }
    }
  }

  private onEvent(event: SandboxEvent): void {
    for (const endpoint of this.ctx.store.webhookEndpoints.all()) {
      if (!subscribes(endpoint, event.event)) continue;
      const delivery = this.deliveryFor(event, endpoint);
      const delay = this.drawDelay();
      if (delay > 0) {
        this.ctx.scheduler.schedule(this.ctx.clock.now() + delay, () =>
          this.startFirst(delivery, event, 'delayed'),
        );
      } else if (this.draw(this.faultSettings.reorder_rate)) {
        this.hold(delivery, event);
      } else {
        this.startFirst(delivery, event, null);
      }
    }
  }

  private deliveryFor(event: EventRecord, endpoint: WebhookEndpointRecord): DeliveryRecord {
    const key = `${event.event_id}:${endpoint.endpoint_id}`;
    return (
      this.ctx.store.deliveries.get(key) ??
      this.ctx.store.deliveries.insert({
        key,
        event_id: event.event_id,
        endpoint_id: endpoint.endpoint_id,
        status: 'pending',
        attempts: 0,
        next_attempt_at: null,
      })
    );
  }

  /** First attempts of one order to one endpoint go out one after the other, in lifecycle order. */
  private startFirst(delivery: DeliveryRecord, event: EventRecord, fault: Fault): void {
    const lane = `${delivery.endpoint_id}:${event.data.order.order_id}`;
    const previous = this.chains.get(lane) ?? Promise.resolve();
    const next = previous.then(async () => {
      await this.attempt(delivery, event, { fault });
      this.releaseHeld(lane, event.event_id);
    });
    this.chains.set(lane, next);
    this.track(next);
    void next.finally(() => {
      if (this.chains.get(lane) === next) this.chains.delete(lane);
    });
  }

  /** Out-of-order fault: the event waits until the order's next event has gone out (60 s at most). */
  private hold(delivery: DeliveryRecord, event: EventRecord): void {
    const lane = `${delivery.endpoint_id}:${event.data.order.order_id}`;
    let started = false;
    const start = (): void => {
      if (started) return;
      started = true;
      this.track(this.attempt(delivery, event, { fault: 'reordered' }).then(() => undefined));
    };
    this.held.set(lane, [...(this.held.get(lane) ?? []), { eventId: event.event_id, start }]);
    this.ctx.scheduler.schedule(this.ctx.clock.now() + REORDER_HOLD_MS, start);
  }

  private releaseHeld(lane: string, sentEventId: string): void {
    const waiting = this.held.get(lane);
    if (!waiting) return;
    const release = waiting.filter((h) => h.eventId !== sentEventId);
    this.held.set(
      lane,
      waiting.filter((h) => h.eventId === sentEventId),
    );
    if (this.held.get(lane)?.length === 0) this.held.delete(lane);
    for (const h of release) h.start();
  }

  private scheduleRetry(delivery: DeliveryRecord, event: EventRecord, at: number): void {
    this.retries.set(
      delivery.key,
      this.ctx.scheduler.schedule(at, () => {
        this.retries.delete(delivery.key);
        this.track(this.attempt(delivery, event, {}).then(() => undefined));
      }),
    );
  }

  private track(work: Promise<void>): void {
    this.inflight.add(work);
    void work.finally(() => this.inflight.delete(work));
  }

  /**
   * One attempt (and, with the duplicate fault, its twin). A failure schedules the next retry on
   * the virtual clock, until the schedule runs out and the delivery is `failed`. A manual attempt
   * (redeliver, test) is a single try.
   */
  private async attempt(
    delivery: DeliveryRecord,
    event: EventRecord,
    opts: { fault?: Fault; manual?: boolean },
  ): Promise<DeliveryAttempt[]> {
    const { ctx } = this;
    const store = ctx.store;
    const settings = ctx.scenario.webhooks;
    const endpoint = store.webhookEndpoints.get(delivery.endpoint_id);
    if (!endpoint) {
      delivery.status = delivery.status === 'succeeded' ? 'succeeded' : 'failed';
      delivery.next_attempt_at = null;
      return [];
    }
    const n = ++delivery.attempts;
    const attemptedAt = ctx.clock.now();
    const body = JSON.stringify(event);
    const headers = {
      'Content-Type': 'application/json',
      'User-Agent': 'Service-Webhooks/1.0',
      'X-Service-Signature': signPayload(endpoint.secret, body),
      'X-Service-Event': event.event,
      'X-Service-Delivery-Attempt': String(n),
    };
    let fault = opts.fault ?? null;
    let result: SendResult;
    if (n === 1 && !opts.manual && this.draw(this.faultSettings.drop_first_attempt_rate)) {
      fault = 'dropped';
      result = {
        status: null,
        body: null,
        error: 'dropped by fault injection (faults.webhooks.drop_first_attempt_rate): never sent',
        durationMs: 0,
      };
    } else {
      result = await this.deliver(endpoint, headers, body);
    }
    if (ctx.store !== store) return []; // the sandbox was reset meanwhile
    const accepted =
      result.status !== null &&
      (settings.accept === '2xx'
        ? result.status >= 200 && result.status < 300
        : result.status === 200);
    const error = accepted
      ? null
      : (result.error ??
        `answered ${result.status}; the service expects ${settings.accept === '2xx' ? 'a 2xx status' : '200'}`);
    const retryIn = settings.retry_schedule[n - 1];
    const nextAt =
      !accepted && !opts.manual && retryIn !== undefined ? attemptedAt + retryIn : null;
    const status: DeliveryAttempt['status'] = accepted
      ? 'succeeded'
      : nextAt !== null
        ? 'retrying'
        : 'failed';
    delivery.status = status;
    delivery.next_attempt_at = nextAt;
    if (nextAt !== null) this.scheduleRetry(delivery, event, nextAt);

    const row = (r: SendResult, f: Fault, status: DeliveryAttempt['status']): DeliveryAttempt => ({
      delivery_id: ctx.ids.next('dlv'),
      event_id: event.event_id,
      event: event.event,
      order_id: event.data.order.order_id,
      endpoint_id: endpoint.endpoint_id,
      url: endpoint.url,
      attempt: n,
      status,
      response_status: r.status,
      error: status === 'succeeded' ? null : (r.error ?? error),
      duration_ms: r.durationMs,
      request: { headers, body },
      response_body: r.body,
      attempted_at: new Date(attemptedAt).toISOString(),
      next_attempt_at:
        status === 'retrying' && nextAt !== null ? new Date(nextAt).toISOString() : null,
      fault: f,
    });
    const rows = [row(result, fault, status)];
    logAttempt(store, rows[0]!);
    if (accepted && !opts.manual && this.draw(this.faultSettings.duplicate_rate)) {
      const twin = await this.deliver(endpoint, headers, body);
      if (ctx.store === store) {
        const ok = twin.status === result.status;
        rows.push(row(twin, 'duplicate', ok ? 'succeeded' : 'failed'));
        logAttempt(store, rows[1]!);
      }
    }
    await store.commit();
    return rows;
  }

  private deliver(
    endpoint: WebhookEndpointRecord,
    headers: Record<string, string>,
    body: string,
  ): Promise<SendResult> {
    let lane = this.lanes.get(endpoint.endpoint_id);
    if (!lane) {
      lane = new Semaphore(this.ctx.scenario.webhooks.max_concurrent_per_endpoint);
      this.lanes.set(endpoint.endpoint_id, lane);
    }
    const timeout = this.ctx.scenario.webhooks.timeout_ms;
    return lane.run(() => this.pool.run(() => send(endpoint.url, headers, body, timeout)));
  }

  private draw(rate: number | undefined): boolean {
    return rate !== undefined && rate > 0 && this.ctx.random.next() < rate;
  }

  private drawDelay(): number {
    const d = this.faultSettings.delay_ms;
    if (d === undefined) return 0;
    if (typeof d === 'number') return d;
    return Math.round(d.min + (d.max - d.min) * this.ctx.random.next());
  }
}

// Near 380 lines: the orchestration of delivery in one place (fan-out, ordering, retries, one attempt); its pure parts (retry policy, faults, the start queue, the retry backlog) are the files beside it.
import { realTimer, stopwatch } from '../clock/real-time.js';
import type { ProbeCase, ProbeResult } from '../domain/sandbox-types.js';
import type { WebhookFaults } from '../domain/scenario.js';
import { subscribes } from '../domain/webhook-subscription.js';
import type { SandboxEvent } from '../events/event-bus.js';
import { currentCause } from '../events/request-cause.js';
import { childTraceparent, type TraceParent } from '../domain/traceparent.js';
import { Listeners } from '../listeners.js';
import type { DeliveryRecord, WebhookEndpointRecord } from '../store/state.js';
import type { DeliveryAttempt } from '../domain/sandbox-types.js';
import type { EventRecord } from '../events/event-record.js';
import type { WebhookPort, WorldCore } from '../world/world.js';
import { buildRequest } from './build-request.js';
import { attemptRow, logAttempt } from './delivery-log.js';
import { FaultInjector, type Fault } from './faults.js';
import { OrderLanes } from './order-lanes.js';
import { attemptOutcome } from './retry-policy.js';
import { EndpointLanes } from './endpoint-lanes.js';
import { send, type SendResult, type Transport } from './send.js';
import { RetryBacklog } from './retry-backlog.js';
import { StartQueue } from './start-queue.js';
import { runSignatureProbe } from './signature-probe.js';

/** A held-back (reordered) event goes out after the order's next one, or after this long at most. */
const REORDER_HOLD_MS = 60_000;

const DROPPED: SendResult = {
  status: null,
  body: null,
  error: 'dropped by fault injection (faults.webhooks.drop_first_attempt_rate): never sent',
  durationMs: 0,
};
/** What a delivery still waiting when its world was disposed "answers": it is never sent or logged. */
const NOT_SENT: SendResult = {
  status: null,
  body: null,
  error: 'not sent: disposed',
  durationMs: 0,
};

/** The delivery of one event to one endpoint, before its first attempt. */
function newDelivery(event: EventRecord, endpoint: WebhookEndpointRecord): DeliveryRecord {
  return {
    key: `${event.event_id}:${endpoint.endpoint_id}`,
    event_id: event.event_id,
    endpoint_id: endpoint.endpoint_id,
    status: 'pending',
    attempts: 0,
    next_attempt_at: null,
  };
}

/**
 * Delivers every event of one world to the endpoints that subscribe to it: signed
 * (`build-request`), retried on the virtual clock (`retry-policy`), shaped by fault injection
 * (`faults`), every attempt logged. It owns the orchestration: fan-out, per-order ordering (first
 * attempts of one order to one endpoint go out in lifecycle order) and concurrency, bounded per
 * endpoint with nothing shared between endpoints (`endpoint-lanes`). The transport is injected
 * (`send` by default; a fake in unit tests).
 */
export class WebhookDispatcher implements WebhookPort {
  private readonly inflight = new Set<Promise<void>>();
  private readonly order = new OrderLanes();
  /** Deliveries whose success is to be sent twice (decided when their event was published). */
  private readonly twins = new Set<string>();
  /** How many events were published: an event's number orders it within its order. */
  private published = 0;
  private readonly lanes: EndpointLanes;
  private readonly injector: FaultInjector;
  private readonly probeListeners: Listeners<ProbeResult>;
  /** First attempts and retries wait here to start, in slices off the request's path. */
  private readonly starts = new StartQueue((drain) => this.track(drain));
  private readonly backlog = new RetryBacklog();
  /**
   * The trace context of the request that published each delivery's event (by delivery key),
   * while the delivery has attempts to come: every automatic attempt is a child span of it.
   */
  private readonly causes = new Map<string, TraceParent>();
  private disposed = false;

  constructor(
    private readonly world: WorldCore,
    private readonly transport: Transport = send,
  ) {
    this.injector = new FaultInjector(world.scenario.faults.webhooks, () => world.random.next());
    this.lanes = new EndpointLanes(world.scenario.webhooks.max_concurrent_per_endpoint);
    this.probeListeners = new Listeners((err) =>
      world.logger.error({ err }, 'a listener of the signature probe failed'),
    );
  }

  listen(): void {
    this.world.bus.subscribe((event) => this.onEvent(event));
  }

  get faults(): WebhookFaults {
    return this.injector.current;
  }

  set faults(faults: WebhookFaults) {
    this.injector.current = faults;
  }

  dispose(): void {
    this.disposed = true;
  }

  get pendingRetries(): number {
    return this.backlog.total;
  }

  /**
   * Waits until no attempt is in flight (including first attempts that others in their order's
   * queue were waiting for), or `boundMs` of real time at most.
   */
  async settle(boundMs = this.world.scenario.webhooks.timeout_ms + 5000): Promise<void> {
    const elapsed = stopwatch();
    while (this.inflight.size > 0 && elapsed() < boundMs) {
      // The bound's timer is cleared once the attempts settle: an advance settles after every
      // instant, and 15 s timers left behind each held their closure (seen in the soak's heap).
      let cancel: (() => void) | undefined;
      const bound = new Promise<void>(
        (resolve) => (cancel = realTimer(boundMs - elapsed(), resolve)),
      );
      await Promise.race([Promise.allSettled([...this.inflight]), bound]);
      cancel?.();
    }
  }

  async redeliver(event: EventRecord): Promise<DeliveryAttempt[]> {
    const attempts = this.world.store.webhookEndpoints
      .all()
      .filter((endpoint) => subscribes(endpoint, event.event))
      .map((endpoint) => {
        const delivery = this.deliveryFor(event, endpoint);
        // A manual attempt replaces the pending retry: the retry schedule is not run twice.
        delivery.next_attempt_at = null;
        this.world.store.deliveries.touch(delivery.key);
        return this.attempt(delivery, event, { manual: true });
      });
    return (await Promise.all(attempts)).flat();
  }

  async test(endpoint: WebhookEndpointRecord, event: EventRecord): Promise<DeliveryAttempt> {
    const [attempt] = await this.attempt(newDelivery(event, endpoint), event, { manual: true });
    return attempt!;
  }

  async probe(
    endpoint: WebhookEndpointRecord,
    sample: (kind: ProbeCase) => EventRecord,
  ): Promise<ProbeResult> {
    const work = runSignatureProbe({
      endpoint,
      events: {
        valid: sample('valid'),
        wrong_signature: sample('wrong_signature'),
        altered_body: sample('altered_body'),
        unsigned: sample('unsigned'),
      },
      transport: (url, headers, body, timeout) =>
        this.lanes.run(endpoint.endpoint_id, () => this.transport(url, headers, body, timeout)),
      timeoutMs: this.world.scenario.webhooks.timeout_ms,
      probedAt: this.world.clock.iso(),
    });
    // Tracked like a delivery, so settle() (and an advance, a reset) waits for it.
    this.track(work.then(() => undefined));
    const result = await work;
    if (!this.disposed) this.probeListeners.emit(result);
    return result;
  }

  onProbe(listener: (result: ProbeResult) => void): () => void {
    return this.probeListeners.subscribe(listener);
  }

  /** Schedules what the state says is owed (after a restart or an import): retries, and unsent first attempts. */
  rebuild(): void {
    for (const delivery of this.world.store.deliveries.all()) {
      const event = this.world.store.events.get(delivery.event_id);
      if (!event) continue;
      if (delivery.status === 'retrying' && delivery.next_attempt_at !== null) {
        this.decideFaults(delivery);
        this.scheduleRetry(delivery, event, delivery.next_attempt_at);
      } else if (delivery.status === 'pending') {
        const drop = this.decideFaults(delivery);
        this.starts.push(() =>
          this.track(this.attempt(delivery, event, { drop }).then(() => undefined)),
        );
      }
    }
  }

  private onEvent(event: SandboxEvent): void {
    const seq = ++this.published;
    const cause = currentCause();
    for (const endpoint of this.world.store.webhookEndpoints.all()) {
      if (!subscribes(endpoint, event.event)) continue;
      const delivery = this.deliveryFor(event, endpoint);
      if (cause) this.causes.set(delivery.key, cause);
      const plan = this.injector.planFirstAttempt();
      const drop = this.decideFaults(delivery);
      if (plan.kind === 'delayed') {
        this.world.scheduler.schedule(this.world.clock.now() + plan.delayMs, () =>
          this.startFirst(delivery, event, 'delayed', seq, drop),
        );
      } else if (plan.kind === 'reordered') {
        this.hold(delivery, event, seq, drop);
      } else {
        this.startFirst(delivery, event, null, seq, drop);
      }
    }
  }

  /**
   * Draws a delivery's drop and duplicate decisions now, in publication order, rather than when
   * its attempts start or are answered: network timing must not reorder the seeded draws. Returns
   * whether the first attempt is dropped; records whether the success is sent twice.
   */
  private decideFaults(delivery: DeliveryRecord): boolean {
    const drop = this.injector.dropsFirstAttempt();
    if (this.injector.duplicates()) this.twins.add(delivery.key);
    return drop;
  }

  private deliveryFor(event: EventRecord, endpoint: WebhookEndpointRecord): DeliveryRecord {
    const { deliveries } = this.world.store;
    return (
      deliveries.get(`${event.event_id}:${endpoint.endpoint_id}`) ??
      deliveries.insert(newDelivery(event, endpoint))
    );
  }

  /** First attempts of one order to one endpoint go out one after the other, in lifecycle order. */
  private startFirst(
    delivery: DeliveryRecord,
    event: EventRecord,
    fault: Fault,
    seq: number,
    drop: boolean,
  ): void {
    const lane = `${delivery.endpoint_id}:${event.data.order.order_id}`;
    this.starts.push(() =>
      this.track(
        this.order.enqueue(lane, seq, () => this.attempt(delivery, event, { fault, drop })),
      ),
    );
  }

  /** Out-of-order fault: the event waits until the order's next event has gone out (60 s at most). */
  private hold(delivery: DeliveryRecord, event: EventRecord, seq: number, drop: boolean): void {
    const lane = `${delivery.endpoint_id}:${event.data.order.order_id}`;
    const start = this.order.hold(lane, seq, () =>
      this.track(this.attempt(delivery, event, { fault: 'reordered', drop }).then(() => undefined)),
    );
    this.world.scheduler.schedule(this.world.clock.now() + REORDER_HOLD_MS, start);
  }

  /**
   * A retry due at `at`. It runs only if the delivery still waits for exactly that attempt: a
   * manual redelivery in between clears `next_attempt_at`, which cancels it.
   */
  private scheduleRetry(delivery: DeliveryRecord, event: EventRecord, at: number): void {
    const endpointId = delivery.endpoint_id;
    this.backlog.add(endpointId);
    this.world.scheduler.schedule(at, () =>
      this.starts.push(() => {
        this.backlog.due(endpointId);
        if (delivery.status !== 'retrying' || delivery.next_attempt_at !== at) return;
        this.track(this.attempt(delivery, event, {}).then(() => undefined));
      }),
    );
  }

  private track(work: Promise<void>): void {
    // An attempt whose storing failed (a full disk) is logged, never an unhandled rejection: the
    // process must not stop because one delivery could not be written.
    const tracked = work.catch((err: unknown) =>
      this.world.logger.error({ err }, 'a webhook attempt could not be completed'),
    );
    this.inflight.add(tracked);
    void tracked.finally(() => this.inflight.delete(tracked));
  }

  /**
   * One attempt (and, with the duplicate fault, its twin): sent, judged by the retry policy, logged
   * and stored. A failure schedules the next retry on the virtual clock.
   */
  private async attempt(
    delivery: DeliveryRecord,
    event: EventRecord,
    opts: { fault?: Fault; manual?: boolean; drop?: boolean },
  ): Promise<DeliveryAttempt[]> {
    const { world } = this;
    if (this.disposed) return []; // the world is gone: nothing more is sent
    const endpoint = world.store.webhookEndpoints.get(delivery.endpoint_id);
    if (!endpoint) {
      delivery.status = delivery.status === 'succeeded' ? 'succeeded' : 'failed';
      delivery.next_attempt_at = null;
      world.store.deliveries.touch(delivery.key);
      this.causes.delete(delivery.key);
      return [];
    }
    const manual = opts.manual ?? false;
    const n = ++delivery.attempts;
    const attemptedAt = world.clock.now();
    // A manual attempt (redeliver, test) is caused by the request that asked for it.
    const cause = manual ? currentCause() : this.causes.get(delivery.key);
    const request = buildRequest(
      endpoint,
      event,
      n,
      cause && childTraceparent(cause, `${delivery.key}:${n}`),
    );
    let fault = opts.fault ?? null;
    let result: SendResult;
    if (n === 1 && !manual && opts.drop === true) {
      fault = 'dropped';
      result = DROPPED;
    } else {
      result = await this.deliver(endpoint, request.headers, request.body);
    }
    if (this.disposed) return []; // the sandbox was reset meanwhile: this world is gone
    const outcome = this.backlog.limit(
      delivery.endpoint_id,
      attemptOutcome(n, attemptedAt, result, world.scenario.webhooks, manual),
    );
    delivery.status = outcome.status;
    delivery.next_attempt_at = outcome.nextAt;
    world.store.deliveries.touch(delivery.key);
    if (outcome.nextAt === null && !manual) this.causes.delete(delivery.key);
    if (outcome.nextAt !== null) this.scheduleRetry(delivery, event, outcome.nextAt);

    const row = (r: SendResult, f: Fault, status: DeliveryAttempt['status']): DeliveryAttempt =>
      attemptRow({
        deliveryId: world.ids.next('dlv'),
        event,
        endpoint,
        attempt: n,
        attemptedAt,
        request,
        result: r,
        fault: f,
        status,
        outcome,
      });
    const rows = [row(result, fault, outcome.status)];
    logAttempt(world, rows[0]!);
    const twinned = outcome.status !== 'retrying' && this.twins.delete(delivery.key);
    if (outcome.status === 'succeeded' && !manual && twinned) {
      const twin = await this.deliver(endpoint, request.headers, request.body);
      if (!this.disposed) {
        const same = twin.error === null && twin.status === result.status;
        rows.push(row(twin, 'duplicate', same ? 'succeeded' : 'failed'));
        logAttempt(world, rows[1]!);
      }
    }
    // A world replaced meanwhile keeps nothing: its store refuses the commit.
    if (!this.disposed) await world.store.commit();
    return rows;
  }

  private deliver(
    endpoint: WebhookEndpointRecord,
    headers: Record<string, string>,
    body: string,
  ): Promise<SendResult> {
    const timeout = this.world.scenario.webhooks.timeout_ms;
    return this.lanes.run(endpoint.endpoint_id, () =>
      this.disposed
        ? Promise.resolve(NOT_SENT)
        : this.transport(endpoint.url, headers, body, timeout),
    );
  }
}

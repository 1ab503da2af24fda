import { realNow } from '../clock/real-time.js';
import { describeCity } from '../commands/describe-city.js';
import { listDrivers } from '../commands/list-drivers.js';
import { maskSecrets } from '../domain/mask-secrets.js';
import { maskUrlCredentials } from '../domain/mask-url-credentials.js';
import type { ScenarioFile } from '../domain/scenario.js';
import type { SandboxSchemas, TripRecord } from '../domain/sandbox-types.js';
import type { Activity } from '../events/activity-feed.js';
import type { SandboxEvent } from '../events/event-bus.js';
import { entryOf, type JournalEntry, type RequestFacts } from '../journal/journal-entry.js';
import type { JournalBody, RequestJournal } from '../journal/request-journal.js';
import type { World } from '../world/world.js';
import { TRACE_FORMAT, TRACE_VERSION, type WorldStart } from './trace-record.js';
import type { TraceWriter } from './trace-writer.js';

/** The report is recorded this long after activity, once per burst: a trailing throttle. */
export const REPORT_EVERY_MS = 1000;

/** What the recorder follows: a sandbox host (src/sandbox/sandbox-host.ts). */
export interface TracedHost {
  readonly current: World;
  /** The integration report now (the viewer shows it as it stood). */
  report(): SandboxSchemas['IntegrationReport'];
  readonly journal: RequestJournal;
  readonly version: string;
  onReplace(listener: (next: World) => void): () => void;
}

/**
 * Records one sandbox's run into a trace (docs/traces.md) by listening, never by hooks inside the
 * routes: the request journal's observers (every `/v1` request's facts, its entry built as the
 * journal builds it, redacted as the journal keeps it, unless it repeats), the `control` sink the
 * journal step feeds for the control plane, each world's event bus (events, and the trips they
 * bring) and activity feed (webhook attempts, clock changes), and the host's next world (resets
 * and imports).
 */
export class TraceRecorder {
  private readonly offs: (() => void)[] = [];
  private offWorld: () => void = () => undefined;
  /** The last trip recorded of each order: a trip is recorded again only when it is replaced. */
  private trips = new Map<string, TripRecord>();
  private reportTimer: NodeJS.Timeout | undefined;

  /**
   * The control-plane requests' sink (the journal step's `x.host.trace.control`): secrets masked,
   * bodies cut as the journal cuts them, each entry built in the writer's turn, off the request's
   * path.
   */
  readonly control: { record(facts: RequestFacts): void };

  constructor(
    private readonly host: TracedHost,
    private readonly writer: TraceWriter,
    /** The scenario as a file (its source's content), for the header and each next world. */
    private readonly scenarioFile: () => ScenarioFile,
    sandbox: string,
  ) {
    const world = host.current;
    writer.write({
      type: 'header',
      format: TRACE_FORMAT,
      version: TRACE_VERSION,
      sandbox,
      sandbox_version: host.version,
      city: describeCity(world),
      ...this.worldStart(world),
    });
    this.follow(world);
    this.offs.push(
      host.journal.observe((facts) => this.requestFacts(facts)),
      host.onReplace((next) => {
        this.trips = new Map();
        writer.write({ type: 'world', ...this.worldStart(next) });
        this.follow(next);
      }),
    );
    const masked = (text: string | null): JournalBody =>
      host.journal.body(text === null ? null : maskSecrets(text));
    this.control = {
      record: (facts) => {
        const world = this.host.current;
        const virtual = world.clock.now();
        const real = realNow();
        writer.write(() => ({
          type: 'request',
          plane: 'control',
          real,
          virtual,
          entry: entryOf(facts, masked),
        }));
        this.reportSoon();
      },
    };
  }

  /** What is recorded so far, as a gzip stream (`GET /__sandbox/trace`). */
  snapshot(): Promise<Buffer> {
    return this.writer.snapshot();
  }

  /** Stops listening and closes the trace (its `end` record, the gzip trailer). */
  async close(): Promise<void> {
    this.offWorld();
    for (const off of this.offs) off();
    if (this.reportTimer) this.recordReport();
    await this.writer.close();
  }

  /** A `/v1` request, from the journal's facts: its entry, as the journal builds it, when no repeat. */
  private requestFacts(facts: RequestFacts): void {
    // whole milliseconds, as the entry's virtual_time reads (a realtime clock's may have a fraction)
    this.writer.writeRequest('v1', realNow(), Math.trunc(facts.virtual_ms), facts, this.v1Entry);
    this.reportSoon();
  }

  private readonly v1Entry = (facts: RequestFacts): JournalEntry =>
    entryOf(facts, this.host.journal.body);

  /** Records the report REPORT_EVERY_MS after the activity that changed it (once per burst). */
  private reportSoon(): void {
    if (this.reportTimer) return;
    this.reportTimer = setTimeout(() => this.recordReport(), REPORT_EVERY_MS);
    this.reportTimer.unref();
  }

  private recordReport(): void {
    clearTimeout(this.reportTimer);
    this.reportTimer = undefined;
    const virtual = this.host.current.clock.now();
    this.writer.write({ type: 'report', real: realNow(), virtual, report: this.host.report() });
  }

  private follow(world: World): void {
    this.offWorld();
    const offEvents = world.bus.subscribe((event) => this.event(world, event));
    const offActivity = world.activity.subscribe((activity) => this.activity(world, activity));
    this.offWorld = () => {
      offEvents();
      offActivity();
    };
  }

  private event(world: World, event: SandboxEvent): void {
    const virtual = world.clock.now();
    const real = realNow();
    this.writer.write({ type: 'event', real, virtual, event });
    this.reportSoon();
    const orderId = event.data.order.order_id;
    const trip = world.store.orders.get(orderId)?.trip;
    if (trip && this.trips.get(orderId) !== trip) {
      this.trips.set(orderId, trip);
      this.writer.write({ type: 'trip', real, virtual, order_id: orderId, trip });
    }
  }

  private activity(world: World, activity: Activity): void {
    const virtual = world.clock.now();
    if (activity.type === 'delivery') {
      this.writer.write({ type: 'webhook', real: realNow(), virtual, attempt: activity.data });
      this.reportSoon();
    } else if (activity.type === 'clock')
      this.writer.write({ type: 'clock', real: realNow(), virtual, clock: activity.data });
  }

  private worldStart(world: World): WorldStart {
    const file = this.scenarioFile();
    const clock = world.clock.state();
    return {
      real: realNow(),
      virtual: world.clock.now(),
      generation: world.generation,
      scenario: {
        ...file,
        seed: world.scenario.seed,
        clock: { ...file.clock, mode: clock.mode, speed: clock.speed, start: clock.now },
      },
      seed: world.scenario.seed,
      clock,
      drivers: listDrivers(world),
      endpoints: world.store.webhookEndpoints.all().map((e) => ({
        endpoint_id: e.endpoint_id,
        url: maskUrlCredentials(e.url),
        events: [...e.events],
      })),
    };
  }
}

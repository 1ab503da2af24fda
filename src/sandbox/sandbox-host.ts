// Near 270 lines: one class, the host of a sandbox's worlds (install, replace, drain, the trace and
// what the app reads of it); building the next world is world-factory.ts, choosing its scenario
// choose-scenario.ts.
import { checkBundledOnly } from './bundled-only.js';
import { chooseScenario } from './choose-scenario.js';
import type { SandboxConfig } from './config.js';
import type { IntegrationReport } from '../report/integration-report.js';
import type { AppHost, MetricsSource, SandboxLookup } from '../http/app-host.js';
import { AttemptTally } from './attempt-tally.js';
import type { SandboxDirectory } from '../http/sandbox-directory.js';
import { fail } from '../errors/service-error.js';
import { ReportCollector } from '../report/report-collector.js';
import { RequestJournal } from '../journal/request-journal.js';
import { Listeners } from '../listeners.js';
import { readStateFile } from './read-state-file.js';
import { savedScenario } from './saved-scenario.js';
import { stateChunks } from '../store/state-chunks.js';
import { StateFile } from '../store/state-file.js';
import { bundledScenarioNames, loadBundledScenario } from '../scenarios/load-scenario.js';
import type { ScenarioFile } from '../scenarios/scenario.js';
import { seedStateInSlices } from '../scenarios/seed-state.js';
import { indexStateInSlices } from '../store/state-index.js';
import type { SandboxState } from '../store/state.js';
import { VERSION } from '../version.js';
import type { World } from '../world/world.js';
import { WorldFactory } from './world-factory.js';
import { TraceRecorder } from '../trace/trace-recorder.js';
import { TraceWriter } from '../trace/trace-writer.js';
import { scenarioAsFile } from './scenario-as-file.js';

/** A scenario by bundled name or path, or a scenario object. */
type ScenarioSource = string | ScenarioFile;

/**
 * The host of a sandbox's worlds: it holds the current one and replaces it whole. A reset or an
 * import disposes the current world and creates the next generation; nothing is changed in place,
 * so whatever still holds the old world (a request in flight, a late delivery) cannot touch the new.
 */
export class SandboxHost implements AppHost {
  private world!: World;
  private stopping = false;
  /** The scenario a reset without a choice returns to: the last one chosen. */
  private source: ScenarioSource;
  private readonly replaced: Listeners<World>;
  /** The integration report: it follows every world, so a reset keeps one report for the run. */
  private reporter!: ReportCollector;
  readonly version = VERSION;
  readonly nodeName: string;
  /** The last `/v1` requests, across resets (each entry names its world's generation). */
  readonly journal: RequestJournal;

  /** The `--data` file, shared by the successive worlds so their writes stay in order. */
  private file: StateFile | undefined;
  /** Builds each next world (src/sandbox/world-factory.ts). */
  private worlds!: WorldFactory;
  /** The server's named sandboxes, on the default sandbox's host only (set by `startSandbox`). */
  sandboxes: (SandboxDirectory & SandboxLookup) | undefined;
  /** The server's metrics, on the default sandbox's host only (set by `startSandbox`). */
  metrics: MetricsSource | undefined;
  /** This sandbox's webhook attempts by outcome, across resets (for the metrics). */
  attempts!: AttemptTally;
  /** The trace being recorded (`--trace`, a named sandbox's `trace: true`), if any. */
  trace: TraceRecorder | undefined;
  /** The running scenario as a file, for the trace's header and each next world's record. */
  private traceScenario: ScenarioFile | undefined;

  private constructor(private readonly config: SandboxConfig) {
    this.source = config.scenario;
    this.nodeName = config.nodeName;
    this.journal = new RequestJournal(config.journal, (err) =>
      config.logger.error({ err }, 'an observer of the request journal failed'),
    );
    this.replaced = new Listeners((err) =>
      config.logger.error({ err }, 'a listener of the next world failed'),
    );
  }

  /** Opens the first world: the data file's state when there is one, else the scenario's start. */
  static async open(config: SandboxConfig): Promise<SandboxHost> {
    const host = new SandboxHost(config);
    const chosen = await chooseScenario(config);
    const read = config.dataFile ? await readStateFile(config.dataFile) : undefined;
    const saved = read?.state;
    const scenario =
      saved && config.dataFile
        ? await savedScenario(config, chosen, saved, config.dataFile)
        : chosen;
    // A reset without a choice returns to the scenario running, the file's when it was not named.
    if (scenario.name !== chosen.name) host.source = scenario.name;
    if (config.dataFile) {
      const { logger } = config;
      for (const torn of read?.replay.discarded ?? [])
        logger.warn(torn, 'discarded the unfinished end of the journal (a write cut by a crash)');
      host.file = new StateFile(
        config.dataFile,
        {
          compactBytes: scenario.retention.journal_bytes,
          onError: (err) => logger.error({ err }, 'storing the state failed'),
        },
        read?.replay.lastSeq,
        read?.replay.bytes,
      );
    }
    host.worlds = new WorldFactory(config, host.file, () => host.world);
    // Counting on from the file's generation: the ids its last world issued (request ids too,
    // which are not all stored before a stop) are in that generation's space, not the next one's.
    if (saved)
      host.world = host.worlds.resume(scenario, saved, (saved.generation ?? 0) + 1, {
        continuesFile: true,
        indexes: await indexStateInSlices(saved),
      });
    else {
      const state = await seedStateInSlices(scenario);
      host.world = host.worlds.begin(scenario, state, [], 1, await indexStateInSlices(state));
    }
    void host.world.drivers.warm();
    host.reporter = new ReportCollector(host.world);
    host.onReplace((next) => host.reporter.attach(next));
    host.attempts = new AttemptTally(host.world);
    host.onReplace((next) => host.attempts.attach(next));
    // The report hears every request, so it covers the whole run whatever the journal keeps.
    host.journal.observe((facts) => host.reporter.observeRequest(facts));
    if (config.trace) {
      host.traceScenario = await scenarioAsFile(host.source);
      const writer = await TraceWriter.open(config.trace, config.traceMaxBytes);
      host.trace = new TraceRecorder(
        host,
        writer,
        () => host.traceScenario as ScenarioFile,
        config.orderLimit?.sandbox ?? 'default',
      );
    }
    await host.world.store.commit();
    return host;
  }

  get current(): World {
    return this.world;
  }

  /** Calls `listener` with each next world, once it is current (the live streams follow it). */
  onReplace(listener: (next: World) => void): () => void {
    return this.replaced.subscribe(listener);
  }

  get adminToken(): string | undefined {
    return this.config.adminToken;
  }

  /**
   * Back to a fresh scenario state; webhook endpoints (configuration, not data) stay. A scenario
   * named by a string must be a bundled one unless `opts.files` (the programmatic API, whose
   * caller may name a file; the control plane may not: it reads no path sent over HTTP).
   */
  async reset(
    choice: { scenario?: ScenarioSource | undefined; seed?: string | number | undefined } = {},
    opts: { files?: boolean } = {},
  ): Promise<World> {
    const source = choice.scenario ?? this.source;
    if (!opts.files) checkBundledOnly(choice.scenario);
    const next = await chooseScenario(this.config, { scenario: source, seed: choice.seed });
    // Built in slices while the current world serves; it is installed whole once ready.
    const state = await seedStateInSlices(next);
    const indexes = await indexStateInSlices(state);
    if (this.trace) this.traceScenario = await scenarioAsFile(source);
    const world = await this.replace(() => {
      const endpoints = this.world.store.webhookEndpoints.all().map((e) => ({ ...e }));
      return this.worlds.begin(next, state, endpoints, this.world.generation + 1, indexes);
    });
    this.source = source;
    return world;
  }

  /**
   * Replaces the whole state with an exported one (validated against the control-plane schema by
   * the caller): orders resume where they were, pending retries are rescheduled. The running
   * scenario's settings (timing, fees, rules) stay; its script does not run again. The state is
   * handed over: it becomes the next world's (not copied: a copy of 100 MB would hold the event
   * loop for a second), so the caller must not keep using it.
   */
  async importState(state: SandboxState): Promise<World> {
    const scenario = { ...this.world.scenario, seed: state.seed };
    // The running scenario's settings go on, so the state names it: a --data restart with the
    // same command line resumes it (the seed stays the imported one's).
    state.scenario = scenario.name;
    // Above both this sandbox's worlds and the state's: its next ids repeat neither the ones this
    // sandbox issued since the export nor the ones the exporter did.
    const generation = Math.max(this.world.generation, state.generation ?? 0) + 1;
    delete state.journal_seq; // a --data file's bookkeeping, not this one's
    const indexes = await indexStateInSlices(state);
    return this.replace(() => this.worlds.resume(scenario, state, generation, { indexes }));
  }

  /** The whole state, as `GET /__sandbox/state` exports it. */
  exportState(): SandboxState {
    const { store } = this.world;
    store.beforeCommit?.(); // records the clock
    return structuredClone(store.state);
  }

  report(): IntegrationReport {
    return this.reporter.report();
  }

  resetReport(): IntegrationReport {
    this.reporter.reset();
    return this.report();
  }

  /** The whole state as JSON text, in chunks, serialised without holding the event loop. */
  exportStateChunks(): AsyncIterable<string> {
    const { store } = this.world;
    store.beforeCommit?.(); // records the clock
    return stateChunks(store.state);
  }

  /** The bundled scenarios, with which one is running. */
  scenarios(): { name: string; description: string; current: boolean }[] {
    return bundledScenarioNames().map((name) => ({
      name,
      description: loadBundledScenario(name).description,
      current: name === this.world.scenario.name,
    }));
  }

  /**
   * Stops for good: the clock's wake-ups and deliveries (waiting a little for those in flight),
   * then writes what was committed and closes the store. Call it once no request is in flight: a
   * write still running after it fails (`shutting_down`) instead of being acknowledged.
   * `'deleted'` (a named sandbox deleted, replaced or expired): its world is disposed at once, so
   * a write still running fails `world_replaced` (its key answers 401 when it is sent again).
   */
  async close(why: 'stopped' | 'deleted' = 'stopped'): Promise<void> {
    this.stopping = true;
    if (why === 'deleted') {
      this.world.dispose('replaced');
      await this.file?.close();
      await this.trace?.close();
      return;
    }
    this.world.scheduler.stop();
    await this.world.webhooks.settle(1000);
    // The clock as it stands now, so a restart resumes it here, not at the last write.
    const { clock, store } = this.world;
    const saved = store.state.clock;
    if (saved?.now !== clock.now() || saved.mode !== clock.mode || saved.speed !== clock.speed)
      await store.commit();
    await this.file?.flush(); // what was committed before the stop is written before it
    this.world.dispose('stopped');
    await this.file?.close();
    await this.trace?.close();
  }

  /**
   * Lets the current world's deliveries in flight finish, creates the next world, and only then
   * disposes the current one: a next world that fails to start (a scenario whose orders cannot be
   * set up) leaves the sandbox running as it was.
   */
  private async replace(create: () => World): Promise<World> {
    await this.world.webhooks.settle();
    // A reset or an import that outlasted the stop (a big world built in slices, a long parse)
    // must not install a live world over the closed data file.
    if (this.stopping) throw fail('shutting_down');
    const next = create();
    this.world.dispose();
    this.world = next;
    void next.drivers.warm();
    this.replaced.emit(next);
    await next.store.commit();
    return next;
  }
}

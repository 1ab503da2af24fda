import type { SandboxSchemas } from '../domain/sandbox-types.js';
import type { ScenarioFile } from '../domain/scenario-file.generated.js';
import type { JournalSink, RequestJournal } from '../journal/request-journal.js';
import type { SandboxDirectory } from './sandbox-directory.js';
import type { SandboxState } from '../store/state.js';
import type { World } from '../world/world.js';

/**
 * What the HTTP app is served by: the host's current world (each request reads it once, at its
 * start, and works on that world to the end), and the operations that replace the world.
 */
export interface AppHost {
  readonly current: World;
  /**
   * Starts again from a fresh scenario state (`POST /__sandbox/reset`): `scenario` is a bundled
   * name or a scenario object, never a path. Throws a ScenarioError for a bad scenario.
   */
  reset(opts: {
    scenario?: string | ScenarioFile | undefined;
    seed?: string | number | undefined;
  }): Promise<World>;
  /** Replaces the whole state (`PUT /__sandbox/state`), taking `state` over (not copied). */
  importState(state: SandboxState): Promise<World>;
  /** The whole state. */
  exportState(): SandboxState;
  /** The integration report since the start or the last `resetReport` (across world resets). */
  report(): SandboxSchemas['IntegrationReport'];
  /** Starts a fresh integration report, leaving the world as it is; answers the empty report. */
  resetReport(): SandboxSchemas['IntegrationReport'];
  /** The whole state as JSON text, a chunk at a time, without holding the event loop (`GET /__sandbox/state`). */
  exportStateChunks(): AsyncIterable<string>;
  /** The bundled scenarios, with which one is running. */
  scenarios(): { name: string; description: string; current: boolean }[];
  /** The package version, shown by `/__sandbox/health`. */
  readonly version: string;
  /** This process's name (`--node-name`, default the host name), shown by `/__sandbox/health`. */
  readonly nodeName: string;
  /** The last `/v1` requests: the host's, so that it outlives resets. */
  readonly journal: RequestJournal;
  /**
   * The trace being recorded (docs/traces.md), if any: the journal step feeds its `control` sink
   * with the control-plane requests, `GET /__sandbox/trace` answers its `snapshot`.
   */
  readonly trace?: TraceAccess | undefined;
  /** When set, `/__sandbox` requires `Authorization: Bearer <adminToken>`. */
  readonly adminToken: string | undefined;
  /**
   * The server's named sandboxes (`/__sandbox/sandboxes`, and where a request finds its own), on
   * the default sandbox's host; absent on a named sandbox's own host.
   */
  readonly sandboxes?: (SandboxDirectory & SandboxLookup) | undefined;
  /**
   * The server's metrics in the Prometheus text format (`GET /__sandbox/metrics`), on the
   * default sandbox's host; absent on a named sandbox's own host.
   */
  readonly metrics?: MetricsSource | undefined;
}

/** A trace as the HTTP app reaches it. */
export interface TraceAccess {
  readonly control: JournalSink;
  /** What is recorded so far, as a gzip stream. */
  snapshot(): Promise<Buffer>;
}

/** Where `GET /__sandbox/metrics` reads the server's metrics. */
export interface MetricsSource {
  /** The exposition's Content-Type (`text/plain; version=0.0.4; charset=utf-8`). */
  readonly contentType: string;
  /** Every metric, collected now. */
  text(): Promise<string>;
}

/** How a request finds a named sandbox's host (the `world` step, src/http/middleware/choose-sandbox.ts). */
export interface SandboxLookup {
  /** The named sandbox's host (a use); `undefined` when there is none (or it expired). */
  get(name: string): AppHost | undefined;
  /**
   * The sandbox a bearer token names: `undefined` for a token that names none (the default
   * sandbox's), its host, or `'gone'` when that sandbox was deleted or expired (a use).
   */
  resolveKey(token: string): AppHost | 'gone' | undefined;
}

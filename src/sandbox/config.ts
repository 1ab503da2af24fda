// Near 300 lines: every option of the sandbox in one place (SandboxOptions with each default documented on it, DEFAULTS, and resolveConfig's checks), so that the CLI, the image and startSandbox() read one source.
import { hostname } from 'node:os';
import pino, { type Logger } from 'pino';
import { ADMIN_TOKEN_RULE, ADMIN_TOKEN_SHAPE } from '../domain/api-key.js';
import type { Retention } from '../domain/retention.js';
import type { ClockMode } from '../domain/scenario.js';
import type { Scenario, ScenarioFile } from '../scenarios/scenario.js';
import { checkScenarioOptions } from '../scenarios/start-option-rules.js';
import { checkLocationInterval } from '../scenarios/check-trouble.js';
import { parseDuration } from '../domain/duration.js';
import type { OrderLimit } from '../world/world.js';
import type { TraceTarget } from '../trace/trace-writer.js';

/** A webhook endpoint to register at start (`--webhook-url`, `webhooks`). */
export interface EndpointOption {
  url: string;
  secret?: string | undefined;
  events?: string[] | undefined;
}

/**
 * How to start a sandbox, from `startSandbox(options)` or the command line (which maps its flags
 * and `DELIVERY_SANDBOX_*` variables onto these). Every field is optional; its default is noted.
 */
export interface SandboxOptions {
  /**
   * A bundled scenario name (`ci`), a path to a .yaml/.json file, or a scenario object. Default
   * `default`, or with `data`, the scenario the data file holds (another one named here is refused).
   */
  scenario?: string | ScenarioFile | undefined;
  /** Overrides the scenario's seed. Default: the scenario's own. */
  seed?: string | number | undefined;
  /** Port to listen on; 0 picks a free one. Default 0 from `startSandbox`, 4242 from the CLI (`CLI_PORT`). */
  port?: number | undefined;
  /** Interface to listen on. Default `127.0.0.1`. */
  host?: string | undefined;
  /** Overrides the scenario's clock mode (`realtime` or `manual`). */
  clock?: ClockMode | undefined;
  /** Overrides the scenario's clock speed (virtual seconds per real second). */
  speed?: number | undefined;
  /**
   * Overrides the scenario's `location.update_interval`: how often drivers report their position
   * (a duration, `"10s"`, 1s to 10m). Default: the scenario's own (10 s unless it says otherwise).
   */
  locationInterval?: string | number | undefined;
  /**
   * Require `Authorization: Bearer <adminToken>` on `/__sandbox`: 1 to 200 printable ASCII
   * characters, no spaces (anything else could never be sent back). Default: none.
   */
  adminToken?: string | undefined;
  /** Where logs go. Default: silent (the CLI logs to stderr at `info`). */
  logger?: Logger | undefined;
  /**
   * Keep the whole state in this JSON file (`--data`): every write is on disk before it is
   * acknowledged, and a restart resumes orders, deliveries and the clock. Default: memory only.
   */
  data?: string | undefined;
  /**
   * Record a trace of the run into this file (`--trace`, docs/traces.md): a gzipped JSON-lines
   * stream of every request and answer, event, webhook attempt and clock change. Default: none.
   */
  trace?: string | undefined;
  /** Bytes of JSON a trace holds at most; past them a `dropped` record says so. Default 1 GiB. */
  traceMaxBytes?: number | undefined;
  /** Webhook endpoints to register at start, besides the scenario's (`--webhook-url`). Default none. */
  webhooks?: EndpointOption[] | undefined;
  /**
   * `Host` names (`name` or `name:port`) answered besides localhost, 127.0.0.1, [::1] and `host`
   * (`--allowed-host`); `*` allows any (the Docker image sets it). Any other Host is refused with
   * 403 `host_not_allowed`, which defeats DNS rebinding. Default none. See docs/security.md.
   */
  allowedHosts?: string[] | undefined;
  /**
   * Web origins (`http://localhost:5173`) whose pages may call `/v1` from a browser
   * (`--cors-origin`): preflights answer 204 and responses carry `Access-Control-Allow-Origin`.
   * Default none: no CORS headers at all.
   */
  corsOrigins?: string[] | undefined;
  /** Open connections at most; the next ones get a JSON 503 and are closed. Default 256. */
  maxConnections?: number | undefined;
  /** Milliseconds a client has to send the request headers (a JSON 408 after). Default 10 000. */
  headersTimeoutMs?: number | undefined;
  /** Milliseconds a client has to send the whole request (a JSON 408 after). Default 30 000. */
  requestTimeoutMs?: number | undefined;
  /** The WebSocket streams' limits (README, "Live streams"); each field defaults as noted. */
  streams?: StreamOptions | undefined;
  /**
   * How much history to keep, over the scenario's `retention` (docs/persistence.md): each field
   * defaults to the scenario's, whose own defaults are the `default` keywords of
   * scenarios/schema.json's `retention` (the one statement of them; `start --help` shows them).
   */
  retention?: Partial<Retention> | undefined;
  /** The request journal's bounds (docs/requests-and-faults.md); each field defaults as noted. */
  journal?: JournalOptions | undefined;
  /**
   * Named sandboxes held at once (`--max-sandboxes`, docs/sandboxes.md); creating one more is
   * refused with 409 `too_many_sandboxes`. Default 200.
   */
  maxSandboxes?: number | undefined;
  /**
   * Orders each named sandbox holds at most (`--sandbox-max-orders`, docs/sandboxes.md); creating
   * one more there is refused with 409 `sandbox_full`. The default sandbox has no such cap.
   * Default 10 000.
   */
  sandboxMaxOrders?: number | undefined;
  /**
   * This process's name, answered by `GET /__sandbox/health` as `node` (`--node-name`): behind a
   * load balancer it tells the processes apart (docs/cli.md). NODE_NAME_RULE. Default: the
   * machine's host name (`os.hostname()`), which processes on one machine share.
   */
  nodeName?: string | undefined;
}

/** What a node name may be: a host name's characters, so that logs and headers carry it as is. */
export const NODE_NAME_SHAPE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,252}$/;

/** NODE_NAME_SHAPE in words, for error messages. */
export const NODE_NAME_RULE =
  '1 to 253 letters, digits, dots, hyphens or underscores, starting with a letter or digit';

/** The bounds of the request journal (`GET /__sandbox/requests`); the oldest entries go first. */
export interface JournalOptions {
  /** `/v1` requests kept at most (`--journal-size`). Default 1 000. */
  maxEntries?: number | undefined;
  /** Bytes of all entries together at most. Default 16 MiB. */
  maxBytes?: number | undefined;
  /** Bytes kept of each request and response body (the rest is cut, and flagged). Default 8 KiB. */
  maxBodyBytes?: number | undefined;
}

/** The limits of the WebSocket streams. Stream sockets count towards `maxConnections` too. */
export interface StreamOptions {
  /** Open streams at most, both paths together; the next upgrade gets a JSON 503. Default 128. */
  maxClients?: number | undefined;
  /** Unsent bytes a stream may queue before the client is closed as too slow (1013). Default 1 MiB. */
  maxBufferedBytes?: number | undefined;
  /** Real milliseconds between pings; a peer that missed one is dropped. Default 30 000. */
  heartbeatMs?: number | undefined;
  /** Real milliseconds between two `location` or `drivers` messages at least. Default 250. */
  intervalMs?: number | undefined;
}

/** The defaults of `SandboxOptions`, in one place (the CLI shows them in its help). */
export const DEFAULTS = {
  scenario: 'default',
  port: 0,
  host: '127.0.0.1',
  // Well under the usual 1 024 descriptors per process, leaving room for webhooks and files.
  maxConnections: 256,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  // On stop, how long requests in flight may take to finish: well inside the 10 s a container
  // runtime waits between SIGTERM and SIGKILL.
  shutdownDrainMs: 5_000,
  // Half the connections: REST calls still get through when every stream is open.
  streams: { maxClients: 128, maxBufferedBytes: 1024 * 1024, heartbeatMs: 30_000, intervalMs: 250 },
  // 1 000 entries with both bodies at the 8 KiB cut would be 16 MiB: the byte bound never bites
  // before the count does unless bodies are that large.
  journal: { maxEntries: 1000, maxBytes: 16 * 1024 * 1024, maxBodyBytes: 8 * 1024 },
  maxSandboxes: 200,
  // A 10-minute lunch rush at 60x under the soak's load is ~170 MB of JSON (BENCHMARKS.md#traces).
  traceMaxBytes: 1024 * 1024 * 1024,
  // A named sandbox's trace is held in memory (compressed): its JSON is bounded lower.
  namedTraceMaxBytes: 64 * 1024 * 1024,
  // Ten times a busy test's orders, and well under what a 1 h advance handles in a few seconds.
  sandboxMaxOrders: 10_000,
} as const;

/** The CLI's default port: a fixed one, so that scripts and the README can name it. */
export const CLI_PORT = 4242;

/** The options with every default applied. */
export interface SandboxConfig {
  scenario: string | ScenarioFile;
  /** `scenario` was named, not defaulted: a data file of another scenario is then refused. */
  scenarioNamed: boolean;
  seed: string | number | undefined;
  port: number;
  host: string;
  clock: ClockMode | undefined;
  speed: number | undefined;
  /** `location.update_interval` over the scenario's, in ms; undefined: the scenario's own. */
  locationIntervalMs: number | undefined;
  adminToken: string | undefined;
  logger: Logger;
  dataFile: string | undefined;
  /** Where the trace goes, if one is recorded. */
  trace: TraceTarget | undefined;
  traceMaxBytes: number;
  webhooks: EndpointOption[];
  allowedHosts: string[];
  corsOrigins: string[];
  maxConnections: number;
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  streams: Required<{ [K in keyof StreamOptions]: number }>;
  /** Applied over the scenario's `retention` by `chooseScenario`. */
  retention: Partial<Retention>;
  journal: Required<{ [K in keyof JournalOptions]: number }>;
  maxSandboxes: number;
  sandboxMaxOrders: number;
  /**
   * The cap on this sandbox's orders: a named sandbox's is `sandboxMaxOrders` under its name; the
   * default sandbox has none. Default: none.
   */
  orderLimit?: OrderLimit | undefined;
  /**
   * Applied last to every scenario the sandbox runs (at start and on each reset): a named
   * sandbox gives its accounts its own keys and pins its clock's start. Default: none.
   */
  shapeScenario?: ((scenario: Scenario) => Scenario) | undefined;
  /**
   * Mixed into every id the sandbox's worlds issue: a named sandbox's name and how many times it
   * was created, so that no two sandboxes of a process share an id. Default: none.
   */
  idSpace?: string | undefined;
  nodeName: string;
}

/**
 * Resolves the options once: every default applied, in one visible step. Throws one Error
 * naming every bad option, its value and the fix: an admin token that no client could send back
 * (see ADMIN_TOKEN_SHAPE), a node name off NODE_NAME_SHAPE, a clock mode, speed or webhook the scenario schema refuses (the CLI's
 * flags are checked by the same rules).
 */
export function resolveConfig(options: SandboxOptions = {}): SandboxConfig {
  if (options.adminToken !== undefined && !ADMIN_TOKEN_SHAPE.test(options.adminToken))
    throw new Error(
      `adminToken must be ${ADMIN_TOKEN_RULE}, or no Bearer header could carry it; check for spaces or line breaks around it`,
    );
  if (options.nodeName !== undefined && !NODE_NAME_SHAPE.test(options.nodeName))
    throw new Error(`nodeName must be ${NODE_NAME_RULE}; got ${JSON.stringify(options.nodeName)}`);
  const problems = checkScenarioOptions(options);
  const max = options.maxSandboxes;
  if (max !== undefined && !(Number.isInteger(max) && max >= 0 && max <= 100_000))
    problems.push(
      `maxSandboxes: expected a whole number from 0 to 100000; got ${JSON.stringify(max)}`,
    );
  const interval = options.locationInterval;
  const intervalProblem = interval === undefined ? undefined : checkLocationInterval(interval);
  if (intervalProblem !== undefined) problems.push(`locationInterval: ${intervalProblem}`);
  const orders = options.sandboxMaxOrders;
  if (orders !== undefined && !(Number.isInteger(orders) && orders >= 1 && orders <= 10_000_000))
    problems.push(
      `sandboxMaxOrders: expected a whole number from 1 to 10000000; got ${JSON.stringify(orders)}`,
    );
  const trace: unknown = options.trace;
  if (trace !== undefined && (typeof trace !== 'string' || trace === ''))
    problems.push(
      `trace: expected the path of the file to record the trace into, such as "run.jsonl.gz"; got ${JSON.stringify(trace)} (a named sandbox records into memory with { trace: true } on PUT /__sandbox/sandboxes/{name})`,
    );
  if (problems.length > 0)
    throw new Error(
      problems.length === 1
        ? `startSandbox option ${problems[0]}`
        : `startSandbox options:${problems.map((p) => `\n  ${p}`).join('')}`,
    );
  return {
    scenario: options.scenario ?? DEFAULTS.scenario,
    scenarioNamed: options.scenario !== undefined,
    seed: options.seed,
    port: options.port ?? DEFAULTS.port,
    host: options.host ?? DEFAULTS.host,
    clock: options.clock,
    speed: options.speed,
    locationIntervalMs: interval === undefined ? undefined : parseDuration(interval),
    adminToken: options.adminToken,
    logger: options.logger ?? pino({ level: 'silent' }),
    dataFile: options.data,
    trace: options.trace === undefined ? undefined : { file: options.trace },
    traceMaxBytes: options.traceMaxBytes ?? DEFAULTS.traceMaxBytes,
    webhooks: options.webhooks ?? [],
    allowedHosts: options.allowedHosts ?? [],
    corsOrigins: options.corsOrigins ?? [],
    maxConnections: options.maxConnections ?? DEFAULTS.maxConnections,
    headersTimeoutMs: options.headersTimeoutMs ?? DEFAULTS.headersTimeoutMs,
    // Node requires the whole request's limit to be at least the headers' one.
    requestTimeoutMs: Math.max(
      options.requestTimeoutMs ?? DEFAULTS.requestTimeoutMs,
      options.headersTimeoutMs ?? DEFAULTS.headersTimeoutMs,
    ),
    streams: {
      maxClients: options.streams?.maxClients ?? DEFAULTS.streams.maxClients,
      maxBufferedBytes: options.streams?.maxBufferedBytes ?? DEFAULTS.streams.maxBufferedBytes,
      heartbeatMs: options.streams?.heartbeatMs ?? DEFAULTS.streams.heartbeatMs,
      intervalMs: options.streams?.intervalMs ?? DEFAULTS.streams.intervalMs,
    },
    // Unset fields are left out: `{ ...scenario.retention, ...config.retention }` keeps the file's.
    retention: Object.fromEntries(
      Object.entries(options.retention ?? {}).filter(([, v]) => v !== undefined),
    ),
    journal: {
      maxEntries: options.journal?.maxEntries ?? DEFAULTS.journal.maxEntries,
      maxBytes: options.journal?.maxBytes ?? DEFAULTS.journal.maxBytes,
      maxBodyBytes: options.journal?.maxBodyBytes ?? DEFAULTS.journal.maxBodyBytes,
    },
    maxSandboxes: options.maxSandboxes ?? DEFAULTS.maxSandboxes,
    sandboxMaxOrders: options.sandboxMaxOrders ?? DEFAULTS.sandboxMaxOrders,
    nodeName: options.nodeName ?? hostname(),
  };
}

import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULTS, resolveConfig, type SandboxOptions } from './config.js';
import { createApp } from '../http/create-app.js';
import { createHttpServer } from '../http/http-server.js';
import { hostChecker } from '../edge/host-check.js';
import { answerOnSocket } from '../edge/raw-answer.js';
import { RequestDrain } from '../http/request-drain.js';
import { LiveStreams } from '../live/live-streams.js';
import type { SandboxStreamMessage } from '../live/messages.js';
import { withCallerStacks } from './caller-stack.js';
import { hostCommands, type HostCommands } from './host-commands.js';
import { namedSandboxes, type NamedSandboxes } from './named-sandboxes.js';
import { streamHosts } from './stream-hosts.js';
import { SandboxHost } from './sandbox-host.js';
import { SandboxRegistry } from './sandbox-registry.js';
import { ServerMetrics } from './server-metrics.js';

export type { SandboxOptions, StreamOptions } from './config.js';
export type { LocationStreamMessage, SandboxStreamMessage } from '../live/messages.js';

export type { AccountKeys } from '../domain/sandbox-types.js';
export type {
  NamedSandboxes,
  NamedSandboxHandle,
  NamedSandboxOptions,
  SandboxSummary,
} from './named-sandboxes.js';

/**
 * A running sandbox. `apiKey`, `keys`, `scenario` and the webhook fields always describe the
 * scenario running now, after any `reset`.
 */
export interface Sandbox extends HostCommands {
  /** Base URL, e.g. `http://127.0.0.1:4242`. */
  readonly url: string;
  readonly port: number;
  /** This process's name (`nodeName`, default the host name), as `GET /__sandbox/health` answers it. */
  readonly nodeName: string;
  /**
   * The messages of `GET /__sandbox/stream` (`hello`, `event`, `delivery`, `clock`, `drivers`,
   * `reset`), from now on, as an async iterator; `break` out of the loop to stop.
   *
   * @example
   * for await (const m of sandbox.stream()) if (m.type === 'event' && m.data.event === 'order.delivered') break;
   */
  stream(): AsyncIterableIterator<SandboxStreamMessage>;
  /**
   * The named sandboxes of this server, each a whole world of its own with its own keys and
   * clock (docs/sandboxes.md); `close()` closes them all.
   */
  readonly sandboxes: NamedSandboxes;
  /**
   * Stops gracefully: stops listening, answers new requests `503 shutting_down`, lets the requests
   * in flight finish (5 s at most), stores the state (the clock too) and closes the connections.
   * A write that could not be stored before the stop fails rather than being acknowledged.
   * Calling it again returns the same promise.
   */
  close(): Promise<void>;
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException): void => {
      server.off('listening', onListening);
      reject(
        err.code === 'EADDRINUSE'
          ? new Error(
              `port ${port} on ${host} is already in use; choose another with --port, or --port 0 for any free port`,
            )
          : err,
      );
    };
    const onListening = (): void => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

/**
 * Starts a sandbox: loads the scenario, seeds its world and serves the API.
 *
 * @example
 * const sandbox = await startSandbox({ scenario: 'ci' });
 * await fetch(`${sandbox.url}/v1/orders`, { headers: { Authorization: `Bearer ${sandbox.apiKey}` } });
 * await sandbox.close();
 */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const config = resolveConfig(options);
  const host = await SandboxHost.open(config);
  const registry = new SandboxRegistry(config, host);
  host.sandboxes = registry;
  await registry.restore();
  const app = createApp(
    host,
    config.logger,
    {
      boundHost: config.host,
      allowedHosts: config.allowedHosts,
      corsOrigins: config.corsOrigins,
    },
    { holdMs: config.requestTimeoutMs },
  );
  host.metrics = new ServerMetrics(host, registry, app.requests, config.maxSandboxes);
  const nextRequestId = (): string => host.current.ids.next('req');
  const drain = new RequestDrain(nextRequestId);
  const streams = new LiveStreams({
    hosts: streamHosts(registry),
    adminToken: config.adminToken,
    corsOrigins: config.corsOrigins,
    limits: config.streams,
    checkHost: hostChecker({ boundHost: config.host, allowedHosts: config.allowedHosts }),
    answer: answerOnSocket,
  });
  const server = createHttpServer(
    drain.wrap(app),
    config,
    nextRequestId,
    (req, socket, head) => streams.handleUpgrade(req, socket, head),
    app.messageClasses,
  );
  await listen(server, config.port, config.host);
  const port = (server.address() as AddressInfo).port;
  const urlHost = config.host.includes(':')
    ? `[${config.host}]`
    : config.host === '0.0.0.0'
      ? '127.0.0.1'
      : config.host;
  // Stop taking connections and requests, let those in flight finish (bounded), then store and
  // close: a write acknowledged is on disk; one that comes too late fails with a 503.
  const stop = async (): Promise<void> => {
    const closed = new Promise<void>((resolve, reject) => {
      server.close((err) => (err ? reject(err) : resolve()));
    });
    await drain.stop(DEFAULTS.shutdownDrainMs);
    await streams.close();
    await registry.close();
    await host.close();
    server.closeAllConnections();
    await closed;
  };
  let closing: Promise<void> | undefined;
  const url = `http://${urlHost}:${port}`;

  return withCallerStacks(
    Object.assign(
      hostCommands(() => host),
      {
        url,
        port,
        nodeName: config.nodeName,
        sandboxes: namedSandboxes(registry, url, (named) => streams.stream(named)),
        stream: () => streams.stream(host),
        close: () => (closing ??= stop()),
      },
    ),
  );
}

import type { ContainerRuntimeClient, ImageName, StartedTestContainer } from 'testcontainers';
import { bridgeGateways } from './bridge-gateway.js';
import { testcontainers } from './load-testcontainers.js';
import { readStartLine } from './read-start-line.js';
import { StartedDeliverySandboxContainer } from './started-delivery-sandbox-container.js';

/**
 * The image started when none is named: the one docs/docker.md builds
 * (`docker build -t delivery-sandbox .`). Pass `ghcr.io/delivery-sandbox/delivery-sandbox:<version>`
 * to use a published one.
 */
export const DEFAULT_IMAGE = 'delivery-sandbox:latest';

/** The port the image listens on (its `DELIVERY_SANDBOX_PORT`). */
export const SANDBOX_PORT = 4242;

/**
 * The sandbox's image as a Testcontainers container: the image's own `DELIVERY_SANDBOX_*`
 * variables behind typed `with…` methods, port 4242 exposed, and ready once
 * `GET /__sandbox/health` answers 200. Everything `GenericContainer` offers (`withNetwork`,
 * `withEnvironment` for the other variables, `withReuse`…) works too.
 *
 * @example
 * const sandbox = await new DeliverySandboxContainer().withScenario('ci').start();
 * // sandbox.url, sandbox.apiKey, sandbox.sandboxes.create('worker-1')…
 * await sandbox.stop();
 */
export class DeliverySandboxContainer extends testcontainers.GenericContainer {
  private adminToken: string | undefined;
  private readonly webhookUrls: string[] = [];

  constructor(image: string = DEFAULT_IMAGE) {
    super(image);
    this.withExposedPorts(SANDBOX_PORT).withWaitStrategy(
      testcontainers.Wait.forHttp('/__sandbox/health', SANDBOX_PORT).forStatusCode(200),
    );
  }

  /** A bundled scenario (`ci`, `lunch-rush`…): `DELIVERY_SANDBOX_SCENARIO`. */
  withScenario(name: string): this {
    return this.withEnvironment({ DELIVERY_SANDBOX_SCENARIO: name });
  }

  /** Overrides the scenario's seed: `DELIVERY_SANDBOX_SEED`. */
  withSeed(seed: string | number): this {
    return this.withEnvironment({ DELIVERY_SANDBOX_SEED: String(seed) });
  }

  /** The clock's mode and, in realtime, its speed: `DELIVERY_SANDBOX_CLOCK` and `…_SPEED`. */
  withClock(mode: 'realtime' | 'manual', speed?: number): this {
    this.withEnvironment({ DELIVERY_SANDBOX_CLOCK: mode });
    return speed === undefined
      ? this
      : this.withEnvironment({ DELIVERY_SANDBOX_SPEED: String(speed) });
  }

  /** Guards the control plane (`DELIVERY_SANDBOX_ADMIN_TOKEN`); the started handle sends it. */
  withAdminToken(token: string): this {
    this.adminToken = token;
    return this.withEnvironment({ DELIVERY_SANDBOX_ADMIN_TOKEN: token });
  }

  /**
   * Delivers webhooks to `url` as reached from inside the container (for a receiver on the host,
   * `http://host.docker.internal:<port>/…` with `withExtraHosts`, see docs/docker.md); repeatable.
   * `secret` signs them (`DELIVERY_SANDBOX_WEBHOOK_SECRET`), else the sandbox derives one from the
   * seed; either way the started handle's `webhookSecret` has it.
   */
  withWebhook(url: string, secret?: string): this {
    this.webhookUrls.push(url);
    this.withEnvironment({ DELIVERY_SANDBOX_WEBHOOK_URL: this.webhookUrls.join(',') });
    return secret === undefined
      ? this
      : this.withEnvironment({ DELIVERY_SANDBOX_WEBHOOK_SECRET: secret });
  }

  /**
   * Publishes the ports only on the address the tests reach the engine by, when that is on this
   * machine: the loopback interface, or the default bridge's gateway for tests that run in a
   * container beside the engine (where Testcontainers connects through it). The image answers any
   * Host without a token, so a port on every interface would hand its state and secrets to the
   * network (docs/docker.md asks the same of every `docker run`). An engine elsewhere
   * (`DOCKER_HOST=tcp://…`) keeps Testcontainers' own binding, which the tests need to reach.
   */
  protected override async beforeContainerCreated(): Promise<void> {
    const address = await localAddress(await testcontainers.getContainerRuntimeClient());
    if (address === undefined) return;
    const bindings = this.hostConfig.PortBindings as Record<string, { HostPort?: string }[]>;
    for (const [port, binding] of Object.entries(bindings))
      bindings[port] = binding.map((b) => ({ ...b, HostIp: address }));
  }

  /**
   * Starts the container and waits for its health endpoint; then reads its start line (webhook
   * secrets) and the running scenario's keys. An image neither on the machine nor pullable is
   * explained.
   */
  override async start(): Promise<StartedDeliverySandboxContainer> {
    let started: StartedTestContainer;
    try {
      started = await super.start();
    } catch (err) {
      throw await explainStartFailure(err, this.imageName);
    }
    try {
      const startLine = await readStartLine(await started.logs());
      const url = `http://${started.getHost()}:${started.getMappedPort(SANDBOX_PORT)}`;
      return await StartedDeliverySandboxContainer.connect(
        started,
        url,
        startLine,
        this.adminToken,
      );
    } catch (err) {
      await started.stop().catch(() => {});
      throw err;
    }
  }
}

/** The engine's address to publish on, when it is this machine's (see beforeContainerCreated). */
async function localAddress(client: ContainerRuntimeClient): Promise<string | undefined> {
  const addresses = client.info.containerRuntime.hostIps.map((ip) => ip.address);
  if (addresses.every((a) => a === '127.0.0.1' || a === '::1')) return '127.0.0.1';
  const [address] = addresses;
  if (addresses.length !== 1 || address === undefined) return undefined;
  const bridge = await client.network
    .getById('bridge')
    .inspect()
    .catch(() => undefined);
  const gateways = bridgeGateways(bridge?.IPAM?.Config);
  return gateways.includes(address) ? address : undefined;
}

/**
 * A failed start, explained when the image is not on the machine (Testcontainers then tried to
 * pull it, from Docker Hub for a bare name such as the default): how to build it or name another.
 */
async function explainStartFailure(err: unknown, image: ImageName): Promise<unknown> {
  const client = await testcontainers.getContainerRuntimeClient().catch(() => undefined);
  if (!(err instanceof Error) || !client || (await client.image.exists(image).catch(() => true)))
    return err;
  return new Error(
    `${err.message}\nThe image ${image.string} is not on this machine, and pulling it failed. Build it from the delivery-sandbox repository (docker build -t delivery-sandbox .) or name a published one: new DeliverySandboxContainer('ghcr.io/delivery-sandbox/delivery-sandbox:<version>').`,
    { cause: err },
  );
}

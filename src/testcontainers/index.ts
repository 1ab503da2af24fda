/**
 * delivery-sandbox/testcontainers: the sandbox's Docker image as a Testcontainers container
 * (docs/docker.md, "Testcontainers"). It needs the `testcontainers` package (an optional peer
 * dependency, loaded only by this entry point) and the image on the machine or in a registry.
 *
 * @example
 * import { DeliverySandboxContainer } from 'delivery-sandbox/testcontainers';
 * const sandbox = await new DeliverySandboxContainer().withScenario('ci').start();
 * const mine = await sandbox.sandboxes.create('worker-1', { scenario: 'ci' });
 * // ... point a client at sandbox.url with sandbox.apiKey, or with mine.apiKey ...
 * await sandbox.stop();
 */
export {
  DEFAULT_IMAGE,
  SANDBOX_PORT,
  DeliverySandboxContainer,
} from './delivery-sandbox-container.js';
export { StartedDeliverySandboxContainer } from './started-delivery-sandbox-container.js';
export type {
  ContainerSandbox,
  ContainerSandboxOptions,
  ContainerSandboxes,
} from './container-sandboxes.js';
export type { AccountKeys } from '../domain/sandbox-types.js';
export type { StartLineFields } from '../cli/start-line.js';

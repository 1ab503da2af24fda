/**
 * delivery-sandbox's programmatic API.
 *
 * @example
 * import { startSandbox } from 'delivery-sandbox';
 * const sandbox = await startSandbox({ scenario: 'ci' });
 * // ... point your client at sandbox.url with sandbox.apiKey ...
 * await sandbox.close();
 */
export { startSandbox, type AccountKeys, type Sandbox, type SandboxOptions } from './sandbox.js';
export type { DeliveryAttempt, WebhookEndpointRecord } from './store/state.js';
export type { DeliveryFilter } from './commands/list-deliveries.js';
export type { EventFilter } from './commands/list-events.js';
export type { ClockState } from './commands/set-clock.js';
export type { Scenario, ScenarioFile } from './scenarios/scenario.js';
export { ScenarioError, bundledScenarioNames } from './scenarios/load-scenario.js';
export type { Order, OrderStatus, Payment } from './domain/order.js';
export type { SandboxEvent, EventName } from './events/event-bus.js';
export { EVENT_NAMES } from './events/event-bus.js';
export { signPayload, verifySignature } from './webhooks/signature.js';

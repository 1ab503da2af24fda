/**
 * delivery-sandbox's programmatic API, and the `/v1` types (generated from openapi/v1.yaml).
 *
 * @example
 * import { startSandbox } from 'delivery-sandbox';
 * const sandbox = await startSandbox({ scenario: 'ci' });
 * // ... point your client at sandbox.url with sandbox.apiKey ...
 * await sandbox.close();
 */
export {
  startSandbox,
  type AccountKeys,
  type Sandbox,
  type SandboxOptions,
} from './sandbox/sandbox.js';
export type {
  NamedSandboxes,
  NamedSandboxHandle,
  NamedSandboxOptions,
  SandboxSummary,
} from './sandbox/sandbox.js';
export { SANDBOX_KEY } from './domain/api-key.js';
export type { WebhookEndpointRecord } from './store/state.js';
export type { DeliveryAttempt, ProbeResult } from './domain/sandbox-types.js';
export type { DeliveryFilter } from './commands/list-deliveries.js';
export type { EventFilter } from './commands/list-events.js';
export type { ClockState } from './commands/set-clock.js';
export type {
  CoverageEntry,
  IntegrationReport,
  ReceiverScorecard,
} from './report/integration-report.js';
export type { Scenario, ScenarioFile } from './scenarios/scenario.js';
export { ScenarioError, bundledScenarioNames } from './scenarios/load-scenario.js';
export type {
  AvailableDriver,
  AvailableDrivers,
  CreateOrderRequest,
  Driver,
  ErrorBody,
  ErrorReason,
  Item,
  LatLng,
  Location,
  Money,
  Order,
  OrderCancelledEvent,
  OrderCreatedEvent,
  OrderDeliveredEvent,
  OrderDriverAssignedEvent,
  OrderPickedUpEvent,
  OrderStatus,
  Payment,
  PaymentCompletedEvent,
  PaymentRequest,
  Place,
  PlaceInput,
  V1Components,
  V1Paths,
  V1Webhooks,
  Vehicle,
  WebhookEvent,
} from './domain/api-types.js';
export type { SandboxEvent, EventName } from './events/event-bus.js';
export { EVENT_NAMES } from './events/event-bus.js';
export { signPayload, verifySignature } from './webhooks/signature.js';
export {
  ApiError,
  createClient,
  type ClientOptions,
  type V1Client,
  type WriteOptions,
} from './client/v1-client.js';

// The shapes the page reads, named after the schemas of openapi/v1.yaml, openapi/sandbox.yaml and
// openapi/asyncapi.yaml (api.generated.ts, made from them by `npm run generate`). The browser code
// imports nothing from src/: the server and the page meet only through those documents, so a
// change to a response shape fails the dashboard's typecheck.
import type { components } from './api.generated.js';

type Schemas = components['schemas'];

export type LatLng = Schemas['LatLng'];
export type OrderStatus = Schemas['OrderStatus'];
export type EventName = Schemas['EventName'];
export type Order = Schemas['Order'];
/** What an order in one status allows (`GET /__sandbox/orders`' `allowed_actions`, by status). */
export type OrderActions = Schemas['OrderActions'];
export type OrderList = Schemas['OrderList'];
/** What the stream's `event` messages carry: an order event or payment.completed. */
export type SandboxEvent = Schemas['OrderEvent'] | Schemas['PaymentEvent'];
export type DeliveryAttempt = Schemas['DeliveryAttempt'];
export type Endpoint = Schemas['WebhookEndpoint'];
export type ClockState = Schemas['ClockState'];
export type DriverPosition = Schemas['DriverPosition'];
export type WorldSummary = Schemas['WorldSummary'];
export type AccountKeys = Schemas['AccountKeys'];
export type City = Schemas['City'];
export type OrderRoute = Schemas['OrderRoute'];
export type CoverageEntry = Schemas['CoverageEntry'];
export type ProbeResult = Schemas['ProbeResult'];
export type ReceiverScorecard = Schemas['ReceiverScorecard'];
/** `GET /__sandbox/report`. */
export type IntegrationReport = Schemas['IntegrationReport'];
export type JournalBody = Schemas['JournalBody'];
/** One `/v1` request of the journal (`GET /__sandbox/requests`). */
export type JournalEntry = Schemas['JournalEntry'];

/** A message of `GET /__sandbox/stream` (the AsyncAPI document's sandboxStream channel). */
export type StreamMessage =
  | Schemas['HelloMessage']
  | Schemas['ResetMessage']
  | Schemas['EventMessage']
  | Schemas['DeliveryMessage']
  | Schemas['ClockMessage']
  | Schemas['DriversMessage'];

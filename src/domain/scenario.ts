import type { LatLng } from './geo.js';
import type { VehicleType } from './api-types.js';
import type { Fees } from './pricing.js';
import type { OrderOutcome } from './order-outcome.js';
import type { TrafficProfile } from './traffic-profile.js';
import type { Retention } from './retention.js';
import type { SuppliedRoute } from './route.js';
import type {
  ApiFaultRule,
  ApiFaults,
  OrderBody,
  ScenarioFile,
  WebhookFaults,
} from './scenario-file.generated.js';

// The scenario file's types are generated from scenarios/schema.json (`npm run generate`).
export type { ApiFaultRule, ApiFaults, OrderBody, ScenarioFile, WebhookFaults };
export type { ScenarioFileWithDefaults } from './scenario-file.generated.js';

/** How virtual time runs: `realtime` follows the wall clock (times `speed`); `manual` stands still until advanced. */
export type ClockMode = 'realtime' | 'manual';

/** A driver written out in the scenario (`drivers.list`). */
export type DriverSpec = NonNullable<NonNullable<ScenarioFile['drivers']>['list']>[number];

/** An order that exists when the sandbox starts (`orders`). */
export type OrderSpec = NonNullable<ScenarioFile['orders']>[number];

/** A step the sandbox runs by itself: at a virtual time, or after an event (plus `delay`). */
export type ScriptStep = NonNullable<ScenarioFile['script']>[number];

export interface AccountConfig {
  id: string;
  name: string;
  billing: 'ok' | 'delinquent';
  api_keys: string[];
}

/** A scenario with every default filled in: what the sandbox runs on. */
/** The locales generated drivers can have. */
export type DriverLocale = 'en_US' | 'en_GB' | 'fr' | 'de' | 'es';

export interface Scenario {
  name: string;
  description: string;
  seed: string;
  /** Locale of the generated drivers (names, phones, vehicles, plates). */
  locale: DriverLocale;
  city: { name: string; center: LatLng; radius_km: number; service_radius_km: number };
  accounts: AccountConfig[];
  drivers: { count: number; vehicles: Record<VehicleType, number>; list: DriverSpec[] };
  /** Durations in milliseconds. */
  timing: { assign_after: number; pickup_wait: number; no_driver_timeout: number };
  dispatch: { radius_km: number };
  /** Share of the orders created without `Sandbox-Outcome` that follow each outcome (sum ≤ 1). */
  outcomes: Partial<Record<OrderOutcome, number>>;
  /** How drivers report: every `update_interval` ms, with up to `gps_noise_m` metres of seeded noise. */
  location: { update_interval: number; gps_noise_m: number };
  traffic: { profile: TrafficProfile };
  fees: Fees;
  rules: { cancel_after_pickup: 'invalid_request' | 'forbidden' };
  /** `start` in epoch ms, or `undefined` for the wall clock at start. */
  clock: { mode: ClockMode; speed: number; start: number | undefined };
  /** Route geometry to follow instead of the street grid between these points. */
  routes: SuppliedRoute[];
  webhooks: {
    endpoints: { url: string; secret?: string; events: string[] }[];
    /** Delays before each retry, ms. */
    retry_schedule: number[];
    accept: '200' | '2xx';
    timeout_ms: number;
    max_concurrent_per_endpoint: number;
    /** Probe every endpoint's signature check at start and at registration (the integration report). */
    probe: boolean;
  };
  faults: { webhooks: WebhookFaults; api: ApiFaults };
  retention: Retention;
  orders: OrderSpec[];
  script: ScriptStep[];
}

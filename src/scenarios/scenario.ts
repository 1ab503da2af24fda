import type { ClockMode } from '../clock/virtual-clock.js';
import { parseDuration } from '../domain/duration.js';
import type { LatLng } from '../domain/geo.js';
import type { VehicleType } from '../domain/order.js';
import type { Fees } from '../domain/pricing.js';
import type { SuppliedRoute } from '../domain/route.js';
import type {
  OrderBody,
  ScenarioFile,
  ScenarioFileWithDefaults,
  WebhookFaults,
} from './scenario-file.generated.js';

// The scenario file's types are generated from scenarios/schema.json (`npm run generate`).
export type { OrderBody, ScenarioFile, ScenarioFileWithDefaults, WebhookFaults };

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
export interface Scenario {
  name: string;
  description: string;
  seed: string;
  city: { name: string; center: LatLng; radius_km: number; service_radius_km: number };
  accounts: AccountConfig[];
  drivers: { count: number; vehicles: Record<VehicleType, number>; list: DriverSpec[] };
  /** Durations in milliseconds. */
  timing: { assign_after: number; pickup_wait: number; no_driver_timeout: number };
  dispatch: { radius_km: number };
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
  };
  faults: { webhooks: WebhookFaults };
  orders: OrderSpec[];
  script: ScriptStep[];
}

/** A duration of a validated file (seconds, or "30s", "1h30m") in milliseconds. */
function ms(value: string | number): number {
  const parsed = parseDuration(value);
  if (parsed === undefined) throw new Error(`not a duration: ${JSON.stringify(value)}`);
  return parsed;
}

/**
 * The runtime form of a validated scenario file, whose constant defaults the schema has already
 * filled in (scenarios/schema.json, applied by ajv): durations in ms, the start in epoch ms, and
 * the few defaults that depend on other fields.
 */
export function resolveScenario(file: ScenarioFileWithDefaults): Scenario {
  const { drivers, timing, clock, webhooks } = file;
  return {
    name: file.name,
    description: file.description,
    // Defaults to the name, another field: not a constant the schema could give.
    seed: String(file.seed ?? file.name),
    city: file.city,
    accounts: file.accounts.map((a) => ({
      id: a.id,
      // Defaults to the account's id: not a constant the schema could give.
      name: a.name ?? a.id,
      billing: a.billing,
      api_keys: a.api_keys,
    })),
    drivers: {
      // 50, or 0 when a list is given: a default that hangs on another field, beyond the schema.
      count: drivers.count ?? (drivers.list ? 0 : 50),
      vehicles: drivers.vehicles,
      list: drivers.list ?? [],
    },
    timing: {
      assign_after: ms(timing.assign_after),
      pickup_wait: ms(timing.pickup_wait),
      no_driver_timeout: ms(timing.no_driver_timeout),
    },
    dispatch: file.dispatch,
    fees: file.fees,
    rules: file.rules,
    clock: {
      mode: clock.mode,
      speed: clock.speed,
      // Absent means the wall clock when the sandbox starts: not a value the schema could give.
      start: clock.start === undefined ? undefined : Date.parse(clock.start),
    },
    routes: file.routes,
    webhooks: {
      endpoints: webhooks.endpoints,
      retry_schedule: webhooks.retry_schedule.map(ms),
      accept: webhooks.accept,
      timeout_ms: ms(webhooks.timeout),
      max_concurrent_per_endpoint: webhooks.max_concurrent_per_endpoint,
    },
    faults: file.faults,
    orders: file.orders,
    script: file.script,
  };
}

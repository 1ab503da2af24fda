import { parseDuration } from '../domain/duration.js';
import type { Scenario, ScenarioFileWithDefaults } from '../domain/scenario.js';

export type {
  AccountConfig,
  DriverSpec,
  OrderBody,
  OrderSpec,
  Scenario,
  ScenarioFile,
  ScenarioFileWithDefaults,
  ScriptStep,
  WebhookFaults,
} from '../domain/scenario.js';

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
    locale: file.locale,
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
    outcomes: file.outcomes,
    location: {
      update_interval: ms(file.location.update_interval),
      gps_noise_m: file.location.gps_noise_m,
    },
    traffic: file.traffic,
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
      probe: webhooks.probe,
    },
    faults: file.faults,
    retention: {
      finished_orders: file.retention.finished_orders,
      events: file.retention.events,
      deliveries: file.retention.deliveries,
      attempts: file.retention.attempts,
      journal_bytes: file.retention.journal_bytes,
      idempotency_ttl_ms: ms(file.retention.idempotency_ttl),
      idempotency_keys: file.retention.idempotency_keys,
    },
    orders: file.orders,
    script: file.script,
  };
}

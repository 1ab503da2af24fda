import { parseDuration } from '../domain/duration.js';
import type { LatLng } from '../domain/geo.js';
import type {
  ClockMode,
  DriverSpec,
  OrderSpec,
  Scenario,
  ScriptStep,
  WebhookFaults,
} from '../domain/scenario.js';
import type { VehicleType } from '../domain/order.js';
import { DEFAULT_FEES, type Fees } from '../domain/pricing.js';
import type { SuppliedRoute } from '../domain/route.js';

export type {
  AccountConfig,
  DriverSpec,
  OrderBody,
  OrderSpec,
  Scenario,
  ScriptStep,
  WebhookFaults,
} from '../domain/scenario.js';

/** A scenario file as written (see scenarios/schema.json); every part but `name` and `accounts` optional. */
export interface ScenarioFile {
  name: string;
  description?: string;
  seed?: string | number;
  city?: { name?: string; center?: LatLng; radius_km?: number; service_radius_km?: number };
  accounts: { id: string; name?: string; billing?: 'ok' | 'delinquent'; api_keys: string[] }[];
  drivers?: {
    count?: number;
    vehicles?: Partial<Record<VehicleType, number>>;
    list?: DriverSpec[];
  };
  timing?: {
    assign_after?: string | number;
    pickup_wait?: string | number;
    no_driver_timeout?: string | number;
  };
  dispatch?: { radius_km?: number };
  fees?: Partial<Fees>;
  rules?: { cancel_after_pickup?: 'invalid_request' | 'forbidden' };
  clock?: { mode?: ClockMode; speed?: number; start?: string };
  routes?: SuppliedRoute[];
  webhooks?: {
    endpoints?: { url: string; secret?: string; events?: string[] }[];
    retry_schedule?: (string | number)[];
    accept?: '200' | '2xx';
    timeout?: string | number;
    max_concurrent_per_endpoint?: number;
  };
  faults?: { webhooks?: WebhookFaults };
  orders?: OrderSpec[];
  script?: ScriptStep[];
}

/** The default retry delays after a failed attempt: 8 attempts in all. */
export const DEFAULT_RETRY_SCHEDULE = ['5s', '5m', '30m', '2h', '5h', '10h', '10h'];

const ms = (value: string | number | undefined, fallback: string): number =>
  parseDuration(value ?? fallback) ?? (parseDuration(fallback) as number);

/** Fills every default of a (validated) scenario file. */
export function resolveScenario(file: ScenarioFile): Scenario {
  return {
    name: file.name,
    description: file.description ?? '',
    seed: String(file.seed ?? file.name),
    city: {
      name: file.city?.name ?? 'San Francisco',
      center: file.city?.center ?? { lat: 37.7749, lng: -122.4194 },
      radius_km: file.city?.radius_km ?? 8,
      service_radius_km: file.city?.service_radius_km ?? 30,
    },
    accounts: file.accounts.map((a) => ({
      id: a.id,
      name: a.name ?? a.id,
      billing: a.billing ?? 'ok',
      api_keys: [...a.api_keys],
    })),
    drivers: {
      count: file.drivers?.count ?? (file.drivers?.list ? 0 : 50),
      vehicles: { bicycle: 1, scooter: 2, car: 2, ...file.drivers?.vehicles },
      list: file.drivers?.list ?? [],
    },
    timing: {
      assign_after: ms(file.timing?.assign_after, '30s'),
      pickup_wait: ms(file.timing?.pickup_wait, '2m'),
      no_driver_timeout: ms(file.timing?.no_driver_timeout, '10m'),
    },
    dispatch: { radius_km: file.dispatch?.radius_km ?? 5 },
    fees: { ...DEFAULT_FEES, ...file.fees },
    rules: { cancel_after_pickup: file.rules?.cancel_after_pickup ?? 'invalid_request' },
    clock: {
      mode: file.clock?.mode ?? 'realtime',
      speed: file.clock?.speed ?? 1,
      start: file.clock?.start === undefined ? undefined : Date.parse(file.clock.start),
    },
    routes: file.routes ?? [],
    webhooks: {
      endpoints: (file.webhooks?.endpoints ?? []).map((e) => ({ ...e, events: e.events ?? ['*'] })),
      retry_schedule: (file.webhooks?.retry_schedule ?? DEFAULT_RETRY_SCHEDULE).map((d) =>
        ms(d, '5s'),
      ),
      accept: file.webhooks?.accept ?? '200',
      timeout_ms: ms(file.webhooks?.timeout, '10s'),
      max_concurrent_per_endpoint: file.webhooks?.max_concurrent_per_endpoint ?? 8,
    },
    faults: { webhooks: { ...file.faults?.webhooks } },
    orders: file.orders ?? [],
    script: file.script ?? [],
  };
}

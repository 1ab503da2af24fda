import type { ClockMode } from '../clock/virtual-clock.js';
import { parseDuration } from '../domain/duration.js';
import type { LatLng } from '../domain/geo.js';
import type { VehicleType } from '../domain/order.js';
import { DEFAULT_FEES, type Fees } from '../domain/pricing.js';
import type { SuppliedRoute } from '../domain/route.js';

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

/** A driver written out in the scenario. */
export interface DriverSpec {
  id?: string;
  name?: string;
  phone?: string;
  rating?: number;
  vehicle?: { type: VehicleType; description?: string; plate?: string | null };
  location: LatLng;
  status?: 'available' | 'offline';
}

/** An order as `POST /v1/orders` takes it. */
export interface OrderBody {
  pickup: {
    address: string;
    location?: LatLng;
    name?: string;
    phone?: string;
    instructions?: string;
  };
  dropoff: {
    address: string;
    location?: LatLng;
    name?: string;
    phone?: string;
    instructions?: string;
  };
  items?: { name: string; quantity: number; unit_price: number }[];
  tip?: number;
  external_reference?: string;
  metadata?: Record<string, string>;
}

/** An order that exists when the sandbox starts. */
export interface OrderSpec {
  ref?: string;
  account?: string;
  status?: 'pending' | 'driver_assigned' | 'picked_up' | 'delivered' | 'cancelled';
  paid?: boolean;
  cancelled_by?: 'customer' | 'restaurant' | 'system';
  order: OrderBody;
}

/** A step the sandbox runs by itself: at a virtual time, or after an event (plus `delay`). */
export interface ScriptStep {
  at?: string;
  after?: { event: string; order?: string };
  delay?: string | number;
  do: 'create_order' | 'advance_order' | 'cancel_order' | 'driver_offline' | 'driver_online';
  ref?: string;
  account?: string;
  order?: string | OrderBody;
  to?: 'driver_assigned' | 'picked_up' | 'delivered';
  by?: 'customer' | 'restaurant' | 'system';
  reason?: string;
  driver?: string;
}

/** Webhook fault injection (all off by default). */
export interface WebhookFaults {
  /** Share of successful deliveries sent a second time. */
  duplicate_rate?: number;
  /** Virtual milliseconds added before a first attempt, fixed or a range. */
  delay_ms?: number | { min: number; max: number };
  /** Share of events held back until the order's next event has gone out. */
  reorder_rate?: number;
  /** Share of first attempts never sent (counted as failed, then retried). */
  drop_first_attempt_rate?: number;
}

/** The default retry delays after a failed attempt: 8 attempts in all. */
export const DEFAULT_RETRY_SCHEDULE = ['5s', '5m', '30m', '2h', '5h', '10h', '10h'];

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

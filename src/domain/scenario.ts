import type { LatLng } from './geo.js';
import type { VehicleType } from './order.js';
import type { Fees } from './pricing.js';
import type { SuppliedRoute } from './route.js';

/** How virtual time runs: `realtime` follows the wall clock (times `speed`); `manual` stands still until advanced. */
export type ClockMode = 'realtime' | 'manual';

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

// The shapes the page reads, as openapi/sandbox.yaml and openapi/asyncapi.yaml describe them
// (only the fields it uses). The browser code imports nothing from src/: the server and the page
// meet only through those documents.

export interface LatLng {
  lat: number;
  lng: number;
}

export type OrderStatus = 'pending' | 'driver_assigned' | 'picked_up' | 'delivered' | 'cancelled';

export interface Order {
  order_id: string;
  status: OrderStatus;
  pickup: { address: string; location: LatLng; name?: string };
  dropoff: { address: string; location: LatLng; name?: string };
  driver: { driver_id: string; name: string; vehicle: { type: string } } | null;
  pricing: { total: number; currency: string };
  payment: { status: 'unpaid' | 'paid'; payment_id: string | null };
  eta: { pickup_at: string | null; dropoff_at: string | null };
  cancellation: { cancelled_by: string; reason: string | null } | null;
  timeline: { status: OrderStatus; at: string }[];
  created_at: string;
  updated_at: string;
}

export interface SandboxEvent {
  event_id: string;
  event: string;
  created_at: string;
  data: { order: Order };
}

export interface DeliveryAttempt {
  delivery_id: string;
  event_id: string;
  event: string;
  order_id: string | null;
  endpoint_id: string;
  url: string;
  attempt: number;
  status: 'succeeded' | 'failed' | 'retrying';
  response_status: number | null;
  error: string | null;
  duration_ms: number;
  request: { headers: Record<string, string>; body: string };
  response_body: string | null;
  attempted_at: string;
  next_attempt_at: string | null;
  fault: string | null;
}

export interface Endpoint {
  endpoint_id: string;
  url: string;
  secret: string;
  events: string[];
  created_at: string;
}

export interface ClockState {
  now: string;
  mode: 'realtime' | 'manual';
  speed: number;
}

export interface DriverPosition {
  driver_id: string;
  status: 'available' | 'on_order' | 'offline';
  location: LatLng;
  order_id: string | null;
}

export interface WorldSummary {
  scenario: string;
  seed: string;
  clock: ClockState;
  generation: number;
}

export interface AccountKeys {
  account_id: string;
  name: string;
  api_keys: string[];
}

export interface City {
  name: string;
  center: LatLng;
  radius_km: number;
  service_radius_km: number;
  grid_block_deg: number;
  land: [number, number][] | null;
  streets: { name: string; points: [number, number][] }[];
}

export interface OrderRoute {
  order_id: string;
  status: OrderStatus;
  driver_id: string | null;
  pickup: LatLng;
  dropoff: LatLng;
  to_pickup: LatLng[];
  to_dropoff: LatLng[];
}

export type StreamMessage =
  | { type: 'hello'; data: WorldSummary }
  | { type: 'reset'; data: WorldSummary }
  | { type: 'event'; data: SandboxEvent }
  | { type: 'delivery'; data: DeliveryAttempt }
  | { type: 'clock'; data: ClockState }
  | { type: 'drivers'; data: DriverPosition[] };

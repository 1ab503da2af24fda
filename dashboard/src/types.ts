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

export interface CoverageEntry {
  id: string;
  description: string;
  source: 'requests' | 'deliveries';
  status: 'covered' | 'not_covered' | 'no_data';
  count: number;
  /** `req_…` or `dlv_…` ids that prove it. */
  evidence: string[];
}

export interface ProbeResult {
  endpoint_id: string;
  url: string;
  probed_at: string;
  status: 'passed' | 'failed' | 'inconclusive';
  message: string;
  cases: {
    case: string;
    expected: 'accepted' | 'rejected';
    response_status: number | null;
    error: string | null;
    duration_ms: number;
    verdict: 'ok' | 'wrong' | 'no_answer';
  }[];
}

export interface ReceiverScorecard {
  endpoint_id: string;
  url: string;
  deliveries: number;
  attempts: number;
  first_attempts: number;
  first_attempt_successes: number;
  first_attempt_success_rate: number | null;
  non_200_by_status: Record<string, number>;
  no_answer: { timeout: number; connection: number };
  latency_ms: { p50: number | null; p95: number | null; max: number | null; timeout_ms: number };
  duplicates: { sent: number; answered_200: number };
  probe: ProbeResult | null;
}

/**
 * A client contract violation. The report may add fields to these (operation, param, count,
 * example…): the panel shows whichever it finds, so it reads every version of the report.
 */
export type Violation = { rule: string; message?: string; request_ids?: string[] } & Record<
  string,
  unknown
>;

/** `GET /__sandbox/report` (IntegrationReport in openapi/sandbox.yaml). */
export interface IntegrationReport {
  generated_at: string;
  since: string;
  summary: {
    coverage: { total: number; covered: number; not_covered: number; no_data: number };
    violations: number | null;
    probes: { passed: number; failed: number; inconclusive: number; not_probed: number };
  };
  coverage: CoverageEntry[];
  violations: { available: boolean; note: string | null; items: Violation[] };
  receivers: ReceiverScorecard[];
}

export interface JournalBody {
  text: string | null;
  size: number;
  truncated: boolean;
}

/** One `/v1` request of the journal (`GET /__sandbox/requests`, JournalEntry). */
export interface JournalEntry {
  id: string;
  generation: number;
  operation: string | null;
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  order_id: string | null;
  request: { headers: Record<string, string>; body: JournalBody };
  status: number | null;
  reason: string | null;
  error: { code: string; message: string; param: string | null } | null;
  retry_after: number | null;
  response: { headers: Record<string, string>; body: JournalBody };
  account_id: string | null;
  started_at: string;
  virtual_time: string;
  duration_ms: number;
  /** The injected fault: by a `PUT /__sandbox/faults` rule or by the `Sandbox-Fault` header. */
  fault: {
    kind: 'latency' | 'error' | 'drop' | 'timeout';
    source: 'rule' | 'header';
    status: number | null;
  } | null;
}

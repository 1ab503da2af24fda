import type { LatLng } from './geo.js';

/** The statuses of an order, in lifecycle order (`cancelled` is the side exit). */
export type OrderStatus = 'pending' | 'driver_assigned' | 'picked_up' | 'delivered' | 'cancelled';

export type VehicleType = 'bicycle' | 'scooter' | 'car';

export interface Money {
  amount: number;
  currency: string;
}

export interface Place {
  address: string;
  location: LatLng;
  name: string | null;
  phone: string | null;
  instructions: string | null;
}

export interface Item {
  name: string;
  quantity: number;
  unit_price: number;
}

export interface Vehicle {
  type: VehicleType;
  description: string;
  plate: string | null;
}

/** The driver as an order shows it. */
export interface OrderDriver {
  driver_id: string;
  name: string;
  phone: string;
  rating: number;
  vehicle: Vehicle;
}

export type CancelledBy = 'customer' | 'restaurant' | 'system';

export interface Cancellation {
  cancelled_by: CancelledBy;
  reason: string | null;
  fee: Money;
  at: string;
}

/** An order exactly as `GET /v1/orders/{order_id}` returns it (see openapi/v1.yaml). */
export interface Order {
  order_id: string;
  status: OrderStatus;
  pickup: Place;
  dropoff: Place;
  items: Item[];
  driver: OrderDriver | null;
  distance_km: number;
  pricing: { delivery_fee: number; tip: number; total: number; currency: string };
  payment: { status: 'unpaid' | 'paid'; payment_id: string | null };
  eta: { pickup_at: string | null; dropoff_at: string | null };
  cancellation: Cancellation | null;
  timeline: { status: OrderStatus; at: string }[];
  external_reference: string | null;
  metadata: Record<string, string>;
  created_at: string;
  updated_at: string;
}

/** A payment exactly as `POST /v1/orders/{order_id}/payment` returns it. */
export interface Payment {
  payment_id: string;
  order_id: string;
  status: 'succeeded';
  amount: Money;
  payment_method: string;
  created_at: string;
}

import type { Money } from './api-types.js';

/** How delivery is priced; every amount in minor units of `currency`. */
export interface Fees {
  /** ISO 4217 code of every amount. Default `USD`. */
  currency: string;
  /** Flat part of the delivery fee. Default 299. */
  base: number;
  /** Added per kilometre of route. Default 120. */
  per_km: number;
  /** Share of the delivery fee charged when the customer cancels after assignment. Default 50. */
  cancellation_percent: number;
}

/** The delivery fee for a route of `distanceKm`. */
export function deliveryFee(distanceKm: number, fees: Fees): number {
  return fees.base + Math.round(distanceKm * fees.per_km);
}

/** The fee for cancelling an order whose delivery fee is `fee`, once a driver is assigned. */
export function cancellationFee(deliveryFeeAmount: number, fees: Fees): Money {
  return {
    amount: Math.round((deliveryFeeAmount * fees.cancellation_percent) / 100),
    currency: fees.currency,
  };
}

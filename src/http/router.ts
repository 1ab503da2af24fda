import { Router } from 'express';

/** A router with exact, case-sensitive paths (`/V1/orders` is not a route). */
export function createRouter(): Router {
  return Router({ caseSensitive: true });
}

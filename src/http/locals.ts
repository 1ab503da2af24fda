import type { OrderOutcomeChoice } from '../domain/order-outcome.js';
import type { AccountRecord } from '../store/state.js';
import type { RequestContext } from './request-context.js';

declare global {
  // Express types `res.locals` through this interface.
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    /** The request's context (src/http/request-context.ts), and what the routes add to it. */
    interface Locals extends RequestContext {
      /** The account whose API key authenticated the request (on `/v1`). */
      account: AccountRecord;
      /** Set by the idempotency middleware: remembers the response to the request's key. */
      recordIdempotent?: (status: number, body: unknown) => void;
      /** The order's `Sandbox-Outcome` (on `POST /v1/orders`), when the client chose one. */
      outcome?: OrderOutcomeChoice | undefined;
      /** The validated, coerced query (defaults filled in). */
      query: Record<string, unknown>;
    }
  }
}

export {};
